/* Training data written in either form (reader.h), a game at a time, by appending. */
#ifndef CHUHAN_WRITER_H
#define CHUHAN_WRITER_H

#include "reader.h"

/*
 * Opens path to append to, in its own form when it has data (a form asked
 * for that differs is refused: *form is the one asked, or -1 for any) and
 * in *form otherwise, after cutting off what a killed writer left half
 * written; the fd, or -1 with a message.
 */
int data_open_append(const char *path, int *form, const char *who);

/*
 * Appends n records in form, each run of records that follow one another
 * as one game (chains) or each record as 40 bytes, in one write so that a
 * game lands whole beside other writers; false on a write error (said).
 */
bool data_write(int fd, DataForm form, const Record *records, int n, const char *who);

#endif
