/* Self-play data: games of the engine against itself, written as training records (record.h). */
#ifndef CHUHAN_DATAGEN_H
#define CHUHAN_DATAGEN_H

#include <stdint.h>

typedef struct {
    uint64_t positions;   /* stop once this many are written */
    uint64_t nodes;       /* search budget per move */
    int depth;            /* or a depth per move (0: use nodes) */
    int workers;          /* games played at once, each in its own process */
    int random_plies;     /* random legal moves before the engine plays */
    int hash_mb;          /* per worker */
    uint64_t seed;
    const char *book;     /* FEN lines to start from (NULL: the start position) */
    const char *out;      /* appended to */
    const char *rescore;  /* records to search again instead of playing games (NULL: play) */
} DatagenOptions;

/* The shell command: parses argv (after "datagen") and runs; returns the exit status. */
int datagen_main(int argc, char **argv);

/* Plays games (or rescores opt->rescore) until opt->positions records are written; returns 0 on success. */
int datagen_run(const DatagenOptions *opt);

#endif
