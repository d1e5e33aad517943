/* Self-play data: games of the engine against itself, written as training data (chain.h, record.h). */
#ifndef CHUHAN_DATAGEN_H
#define CHUHAN_DATAGEN_H

#include <stdint.h>

typedef struct {
    uint64_t positions;   /* stop once this many are written */
    uint64_t games;       /* or once this many games are begun (0: no limit) */
    int shard, shards;    /* this run plays game shard, shard + shards, ... of the seed's games (1-based; 0: 1/1) */
    int form;             /* FORM_CHAINS or FORM_RECORDS (reader.h); -1: the output's own, chains when new */
    uint64_t nodes;       /* search budget per move */
    int depth;            /* or a depth per move (0: use nodes) */
    int workers;          /* games played at once, each in its own process */
    int random_plies;     /* random legal moves before the engine plays */
    int hash_mb;          /* per worker */
    uint64_t seed;
    const char *book;     /* FEN lines to start from (NULL: the start position) */
    const char *egtb;     /* endgame tables' folders: a game that enters them takes their result (NULL: none) */
    const char *out;      /* appended to */
    const char *rescore;  /* records to search again instead of playing games (NULL: play) */
    const char *convert;  /* data to write again in form, nothing searched (NULL: play) */
} DatagenOptions;

/* The shell command: parses argv (after "datagen") and runs; returns the exit status. */
int datagen_main(int argc, char **argv);

/* Plays games (or rescores opt->rescore) until opt->positions records are written; returns 0 on success. */
int datagen_run(const DatagenOptions *opt);

#endif
