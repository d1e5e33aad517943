/* The tuner's positions: quiet training records, each as the weight counts of its evaluation. */
#ifndef CHUHAN_SAMPLES_H
#define CHUHAN_SAMPLES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A weight of eval/evaluate.h's EvalWeights and how many times it counts, red's less black's. */
typedef struct {
    uint16_t weight;
    int16_t count;
} Coef;

typedef struct {
    uint64_t first;   /* its counts in the set's pool, the nonzero ones */
    uint16_t n;
    uint8_t phase;    /* middlegame share, 0..PHASE_MAX */
    uint8_t side;     /* to move */
    uint8_t drawish[2]; /* red's and black's known drawn material, enum Drawish (DRAWISH_NB: none) */
    int16_t score;    /* search score, side to move's view */
    float fade;       /* the natural-limit fade as a factor, 1 until the limit nears */
    float result;     /* side to move's: 0 lost, 0.5 drawn, 1 won */
    float target;     /* what the tuner fits the prediction to; left for it to set */
} Sample;

typedef struct {
    Sample *samples;
    size_t n, cap;
    Coef *coefs;
    size_t ncoefs, coefs_cap;
    uint64_t records; /* read, kept or not */
} SampleSet;

/*
 * Appends the quiet records of a file (datagen/record.h): not in check, the
 * move played not a capture, |score| < 3000. A growing file is read up to
 * its last whole record. False, with a message, when it cannot be read.
 */
bool samples_load(SampleSet *set, const char *path);
void samples_free(SampleSet *set);

#endif
