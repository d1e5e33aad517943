/*
 * Training data read as a stream of records, whatever its form: the 40-byte
 * records of record.h or the chains of chain.h, told apart by the first byte
 * of the file. What a killed writer left (a torn record or game at the end)
 * is passed over with a warning; a damaged game is skipped and counted.
 */
#ifndef CHUHAN_READER_H
#define CHUHAN_READER_H

#include <stdint.h>
#include <stdio.h>

#include "chain.h"

typedef enum { FORM_RECORDS, FORM_CHAINS } DataForm;

typedef struct {
    FILE *f;
    const char *path, *who; /* who: the program's name, for messages */
    DataForm form;
    uint8_t *bytes;         /* a chunk of records, or one game's block */
    Record *game;           /* the decoded game (chains) */
    int count, next;        /* records in the buffer and the next to hand out */
    uint64_t offset;        /* bytes of the file consumed */
    uint64_t games, damaged;
} RecordReader;

/* Opens path (an empty file reads as records); false with a message when it cannot. */
bool reader_open(RecordReader *r, const char *path, const char *who);

/* The next record: 1, 0 at the end of the data, -1 on an error that ends it (said on stderr). */
int reader_next(RecordReader *r, Record *out);

void reader_close(RecordReader *r);

/* The form of data from its first byte (-1: an empty file, which has none and takes want). */
DataForm data_form(int first_byte, DataForm want);

#endif
