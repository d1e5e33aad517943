/*
 * What made a data file, beside it as FILE.manifest: one line a run that
 * wrote to it, with every option that run had, the build, and what it wrote.
 * A run rewrites its own line as it goes (whole, by a rename), so a killed
 * run leaves its line as of its last report; the data file itself is the
 * truth for what it holds.
 */
#ifndef CHUHAN_MANIFEST_H
#define CHUHAN_MANIFEST_H

#include <stddef.h>

typedef struct {
    char path[4096];
    char *before; /* the lines of earlier runs */
} Manifest;

/* Reads the manifest of data_path's earlier runs, if any; false when it cannot be read or the path is too long. */
bool manifest_open(Manifest *m, const char *data_path);

/* Writes the earlier runs' lines and then line (which ends in a newline) as the whole manifest; false on error. */
bool manifest_write(const Manifest *m, const char *line);

void manifest_close(Manifest *m);

#endif
