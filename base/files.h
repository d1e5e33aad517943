/* A file written whole: made under a temporary name, then put in place of the old one. */
#ifndef CHUHAN_FILES_H
#define CHUHAN_FILES_H

#include <stdbool.h>

/*
 * Renames the finished file tmp to path, replacing any file there. Windows'
 * rename refuses an existing target, so there the old file goes first: a
 * crash between the two leaves no file at path, never half of one.
 */
bool file_replace(const char *tmp, const char *path);

#endif
