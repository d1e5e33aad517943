/* The evaluation tuner: the hand-written evaluation's weights fitted to self-play records. */
#ifndef CHUHAN_TUNE_H
#define CHUHAN_TUNE_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    const char *out;   /* the weights.h written */
    int epochs;
    int threads;
    size_t batch;      /* positions per step */
    double lr;         /* Adam's step, in centipawns, falling in a line to 1% over the fit */
    double l2;         /* pull towards the starting weights: l2 * (weight - start)^2 added to the loss, per weight */
    double lambda;     /* weight of the search score in the target, the rest the game result */
    double k;          /* score scale; 0: fitted to the data */
    double validation; /* share of the positions held out */
    uint64_t seed;
} TuneOptions;

typedef struct {
    uint64_t records;
    size_t training, held_out;
    double k;
    double loss[2], validation_loss[2]; /* with the starting weights and with the written ones */
} TuneReport;

/* Fits the weights to the records of the files and writes opt->out; returns the exit status. */
int tune_run(const TuneOptions *opt, char *const *files, int nfiles, TuneReport *report);

/* The shell command: parses argv (after "tune") and runs; returns the exit status. */
int tune_main(int argc, char **argv);

#endif
