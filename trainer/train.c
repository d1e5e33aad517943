/*
 * chuhan-train: fits the evaluation network (eval/nnue.h) to self-play
 * records (datagen/record.h) and writes it in the engine's format.
 *
 * The target blends the search score and the game result, both as expected
 * scores: lambda * sigmoid(score / K) + (1 - lambda) * result, with K fitted
 * to the data (the scale at which scores best predict results). The loss is
 * the squared error of sigmoid(network / K). Adam, batches split over
 * threads, the learning rate falling along a cosine over the epochs. Half
 * the training positions of each epoch are seen mirrored left to right.
 *
 * Each general bucket's input weights are trained as the sum of a weight
 * shared by all buckets and the bucket's own (factorised): a bucket seen in
 * few positions still learns from the rest. The file holds the sums.
 */
#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../datagen/reader.h"
#include "../eval/nnue.h"
#include "../base/shares.h"

enum { H = NNUE_HIDDEN, F = NNUE_FEATURES, G = NNUE_GENERAL_BUCKETS, IN = NNUE_INPUTS, NB = NNUE_BUCKETS,
       MAX_THREADS = 64 };

/* Slot order of a side's 16 men (record.h): general, advisors, elephants, horses, rooks, cannons, pawns. */
static const int8_t slot_type[16] = { KING, ADVISOR, ADVISOR, BISHOP, BISHOP, KNIGHT, KNIGHT, ROOK, ROOK,
                                      CANNON, CANNON, PAWN, PAWN, PAWN, PAWN, PAWN };

typedef struct {
    uint8_t point[32];
    int16_t score; /* side to move's view */
    uint8_t side;
    uint8_t result; /* side to move's view: 0 lost, 1 draw, 2 won */
} Sample;

/*
 * Parameters, their gradients and Adam's moments share this layout: the
 * shared input weights, each general bucket's own, then the rest.
 */
typedef struct {
    float shared[F][H], own[IN][H], b1[H], w2[NB][2 * H], b2[NB];
} Net;
enum { NET_FLOATS = sizeof(Net) / sizeof(float) };

static Net net, adam_m, adam_v;
/* The input weights in use, shared plus own (made by fold() after every step). */
static float w1[IN][H];

/* Clipped so that the quantised network cannot overflow its int16 sums. */
static const float LIM_W1 = 1.98f, LIM_W2 = 1.98f;

static void fold(void)
{
    for (int g = 0; g < G; g++)
        for (int i = 0; i < F; i++)
            for (int j = 0; j < H; j++) {
                float w = net.shared[i][j] + net.own[g * F + i][j];
                w1[g * F + i][j] = w > LIM_W1 ? LIM_W1 : w < -LIM_W1 ? -LIM_W1 : w;
            }
}

typedef struct {
    Share share;      /* which samples, and their summed loss */
    const Sample *samples;
    Net *grad;        /* NULL: evaluate only */
} Job;

static struct {
    double k, lambda;
} fit;

static double sigmoid(double x) { return 1 / (1 + exp(-x)); }

/*
 * The features of a sample for both perspectives, its board mirrored left to
 * right when asked (file f to FILE_NB - 1 - f); returns how many men.
 */
static int features(const Sample *s, bool mirror, int feat[2][32])
{
    int n = 0, view[2];
    for (int p = 0; p < 2; p++) {
        int point = s->point[16 * p]; /* the general's */
        if (mirror && point != RECORD_NO_POINT)
            point = point_mirror(point);
        view[p] = nnue_view(p, point == RECORD_NO_POINT ? -1 : point);
    }
    for (int i = 0; i < 32; i++) {
        int point = s->point[i];
        if (point == RECORD_NO_POINT)
            continue;
        if (mirror)
            point = point_mirror(point);
        for (int p = 0; p < 2; p++)
            feat[p][n] = nnue_feature(p, view[p], i / 16, slot_type[i % 16], point);
        n++;
    }
    return n;
}

/* Forward, and backward into g when given; returns the loss. */
static double step(const Sample *s, bool mirror, Net *g)
{
    int feat[2][32];
    int men = features(s, mirror, feat), bucket = nnue_bucket(men);
    float acc[2][H], act[2][H];
    for (int k = 0; k < 2; k++) {
        int p = k == 0 ? s->side : s->side ^ 1; /* the side to move's perspective first */
        memcpy(acc[k], net.b1, sizeof acc[k]);
        for (int i = 0; i < men; i++) {
            const float *w = w1[feat[p][i]];
            for (int j = 0; j < H; j++)
                acc[k][j] += w[j];
        }
        for (int j = 0; j < H; j++) {
            float c = acc[k][j] < 0 ? 0 : acc[k][j] > 1 ? 1 : acc[k][j];
            act[k][j] = c * c;
        }
    }
    const float *w2 = net.w2[bucket];
    float out = net.b2[bucket];
    for (int j = 0; j < 2 * H; j++)
        out += act[j / H][j % H] * w2[j];

    double pred = sigmoid(out * NNUE_SCALE / fit.k);
    double target = fit.lambda * sigmoid(s->score / fit.k) + (1 - fit.lambda) * s->result / 2.0;
    double err = pred - target;
    if (!g)
        return err * err;

    float d = (float)(2 * err * pred * (1 - pred) * NNUE_SCALE / fit.k);
    g->b2[bucket] += d;
    for (int k = 0; k < 2; k++) {
        int p = k == 0 ? s->side : s->side ^ 1;
        float dacc[H];
        for (int j = 0; j < H; j++) {
            g->w2[bucket][k * H + j] += d * act[k][j];
            float a = acc[k][j];
            dacc[j] = a > 0 && a < 1 ? d * w2[k * H + j] * 2 * a : 0;
            g->b1[j] += dacc[j];
        }
        for (int i = 0; i < men; i++) {
            float *gw = g->own[feat[p][i]]; /* the shared weights' share is summed in run_batch */
            for (int j = 0; j < H; j++)
                gw[j] += dacc[j];
        }
    }
    return err * err;
}

static void *run_job(void *arg)
{
    Job *job = arg;
    const Sample *first = job->samples + job->share.from;
    double loss = 0;
    if (job->grad)
        memset(job->grad, 0, sizeof(Net));
    /*
     * Training mirrors every other sample, a new random half each epoch as the
     * order is reshuffled: the rules are symmetric, so each record teaches twice.
     */
    for (size_t i = 0; i < job->share.to - job->share.from; i++)
        loss += step(&first[i], job->grad && (i & 1), job->grad);
    job->share.loss = loss;
    return NULL;
}

/* Runs samples over threads; with grads, leaves their sum in grads[0]. Returns the summed loss. */
static double run_batch(const Sample *samples, size_t n, int threads, Net **grads)
{
    Job jobs[MAX_THREADS];
    for (int t = 0; t < threads; t++)
        jobs[t] = (Job){ .samples = samples, .grad = grads ? grads[t] : NULL };
    double loss = shares_run(jobs, sizeof jobs[0], threads, n, run_job);
    for (int t = 1; grads && t < threads; t++) {
        float *sum = (float *)grads[0], *add = (float *)grads[t];
        for (size_t i = 0; i < NET_FLOATS; i++)
            sum[i] += add[i];
    }
    if (grads) /* a shared weight counts in every bucket */
        for (int g = 0; g < G; g++)
            for (int i = 0; i < F; i++)
                for (int j = 0; j < H; j++)
                    grads[0]->shared[i][j] += grads[0]->own[g * F + i][j];
    return loss;
}

/* The mean loss on the held-out positions, without training; 0 when none are held out. */
static double validation_loss(const Sample *val, size_t nval, int threads)
{
    return nval ? run_batch(val, nval, threads, NULL) / (double)nval : 0;
}

static void adam(const Net *grad, double lr, size_t batch, long step_no)
{
    const double b1 = 0.9, b2 = 0.999, eps = 1e-8;
    double c1 = 1 - pow(b1, (double)step_no), c2 = 1 - pow(b2, (double)step_no);
    float *w = (float *)&net, *m = (float *)&adam_m, *v = (float *)&adam_v;
    const float *g = (const float *)grad;
    size_t w2_from = offsetof(Net, w2) / sizeof(float), w2_to = offsetof(Net, b2) / sizeof(float);
    for (size_t i = 0; i < NET_FLOATS; i++) {
        float gi = g[i] / (float)batch;
        m[i] = (float)(b1 * m[i] + (1 - b1) * gi);
        v[i] = (float)(b2 * v[i] + (1 - b2) * gi * gi);
        w[i] -= (float)(lr * (m[i] / c1) / (sqrt(v[i] / c2) + eps));
        float lim = i < w2_from ? LIM_W1 : i < w2_to ? LIM_W2 : 1e9f;
        if (w[i] > lim)
            w[i] = lim;
        if (w[i] < -lim)
            w[i] = -lim;
    }
}

/* --- data ---------------------------------------------------------------- */

static Sample *samples;
static size_t nsamples, cap;

static bool keep(const Record *r)
{
    return !(r->flags & (RECORD_IN_CHECK | RECORD_CAPTURE)) && r->score > -3000 && r->score < 3000;
}

/* Reads a file of either form (datagen/reader.h), keeping the positions to train on. */
static bool load(const char *path, size_t *read_total)
{
    RecordReader in;
    if (!reader_open(&in, path, "chuhan-train"))
        return false;
    Record r;
    int got;
    while ((got = reader_next(&in, &r)) > 0) {
        (*read_total)++;
        if (!keep(&r))
            continue;
        if (nsamples == cap) {
            cap = cap ? cap * 2 : 1 << 20;
            samples = realloc(samples, cap * sizeof *samples);
            if (!samples) {
                fprintf(stderr, "chuhan-train: out of memory\n");
                exit(1);
            }
        }
        Sample *s = &samples[nsamples++];
        memcpy(s->point, r.point, 32);
        s->score = r.score;
        s->side = r.side;
        s->result = (uint8_t)(r.side == RED ? r.result : 2 - r.result);
    }
    reader_close(&in);
    return got == 0;
}

static uint64_t rng_state;
static uint64_t rng(void)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static void shuffle(Sample *s, size_t n)
{
    for (size_t i = n; i > 1; i--) {
        size_t j = rng() % i;
        Sample t = s[i - 1];
        s[i - 1] = s[j];
        s[j] = t;
    }
}

/* The K at which sigmoid(score / K) best predicts the results: golden-section search. */
static double fit_k(const Sample *s, size_t n)
{
    double lo = 50, hi = 2000;
    for (int it = 0; it < 60; it++) {
        double a = hi - (hi - lo) / 1.618034, b = lo + (hi - lo) / 1.618034, ea = 0, eb = 0;
        for (size_t i = 0; i < n; i++) {
            double r = s[i].result / 2.0, da = sigmoid(s[i].score / a) - r, db = sigmoid(s[i].score / b) - r;
            ea += da * da;
            eb += db * db;
        }
        if (ea < eb)
            hi = b;
        else
            lo = a;
    }
    return (lo + hi) / 2;
}

/* --- network files -------------------------------------------------------- */

static void put32(FILE *f, uint32_t v)
{
    uint8_t b[4] = { (uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24) };
    fwrite(b, 1, 4, f);
}

static void put16(FILE *f, int v)
{
    v = v > 32767 ? 32767 : v < -32768 ? -32768 : v;
    uint8_t b[2] = { (uint8_t)v, (uint8_t)((unsigned)v >> 8) };
    fwrite(b, 1, 2, f);
}

static bool save(const char *path)
{
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "wb");
    if (!f)
        return false;
    fwrite("CHNN", 1, 4, f);
    put32(f, NNUE_VERSION);
    put32(f, F);
    put32(f, G);
    put32(f, H);
    put32(f, NB);
    for (int i = 0; i < IN; i++)
        for (int j = 0; j < H; j++)
            put16(f, (int)lrintf(w1[i][j] * NNUE_QA));
    for (int j = 0; j < H; j++)
        put16(f, (int)lrintf(net.b1[j] * NNUE_QA));
    for (int b = 0; b < NB; b++)
        for (int j = 0; j < 2 * H; j++)
            put16(f, (int)lrintf(net.w2[b][j] * NNUE_QB));
    for (int b = 0; b < NB; b++)
        put32(f, (uint32_t)(int32_t)lrint(net.b2[b] * NNUE_QH * NNUE_QB));
    bool ok = !ferror(f);
    ok &= fclose(f) == 0;
    return ok && rename(tmp, path) == 0;
}

static int32_t get32(const uint8_t *p) { return (int32_t)((uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24); }
static int get16(const uint8_t *p) { return (int16_t)(uint16_t)(p[0] | p[1] << 8); }

static float uniform(double scale) { return (float)(((double)(rng() >> 11) / 9007199254740992.0 * 2 - 1) * scale); }

/*
 * Starts from a network file, its weights taken back to floats: one of this
 * format (each feature's weights averaged over the general buckets become the
 * shared ones, the rest each bucket's own), or one of version 1 (one set of
 * inputs, which become the shared ones), with at most H accumulators. Any
 * more accumulators start with small random input weights and no output
 * weight, so that a widened network values every position as before (a
 * version-1 one, except where a general on the right half mirrors its side's
 * view). False when the file is neither.
 */
static bool init_from(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    static uint8_t d[48 + 2 * ((size_t)IN * H + H + (size_t)NB * 2 * H) + 4 * NB];
    size_t size = fread(d, 1, sizeof d, f);
    fclose(f);
    if (size < 20 || memcmp(d, "CHNN", 4))
        return false;
    int version = get32(d + 4), inputs = get32(d + 8), generals = version == 1 ? 1 : get32(d + 12),
        hidden = get32(d + (version == 1 ? 12 : 16)), buckets = get32(d + (version == 1 ? 16 : 20));
    size_t header = version == 1 ? 20 : 24;
    if ((version != 1 && version != NNUE_VERSION) || inputs != F || generals != (version == 1 ? 1 : G)
        || hidden < 1 || hidden > H || buckets != NB
        || size != header + 2 * ((size_t)generals * F * (size_t)hidden + (size_t)hidden + (size_t)NB * 2 * (size_t)hidden) + 4 * NB)
        return false;
    memset(&net, 0, sizeof net);
    const uint8_t *p = d + header;
    for (int g = 0; g < generals; g++)
        for (int i = 0; i < F; i++)
            for (int j = 0; j < hidden; j++, p += 2)
                net.own[g * F + i][j] = (float)get16(p) / NNUE_QA;
    for (int j = 0; j < hidden; j++, p += 2)
        net.b1[j] = (float)get16(p) / NNUE_QA;
    for (int b = 0; b < NB; b++)
        for (int k = 0; k < 2; k++)
            for (int j = 0; j < hidden; j++, p += 2)
                net.w2[b][k * H + j] = (float)get16(p) / NNUE_QB;
    for (int b = 0; b < NB; b++, p += 4)
        net.b2[b] = (float)get32(p) / (NNUE_QH * NNUE_QB);
    for (int i = 0; i < F; i++)
        for (int j = 0; j < H; j++) {
            if (j >= hidden) { /* an accumulator the file lacks */
                net.shared[i][j] = uniform(0.15);
                continue;
            }
            float sum = 0;
            for (int g = 0; g < generals; g++)
                sum += net.own[g * F + i][j];
            net.shared[i][j] = sum / (float)generals;
            for (int g = 0; g < generals; g++)
                net.own[g * F + i][j] -= net.shared[i][j];
        }
    for (int j = hidden; j < H; j++)
        net.b1[j] = 0.1f;
    fold();
    return true;
}

static void init_random(void)
{
    /* Uniform, scaled so that a position's ~32 features give accumulators of order one. */
    for (int i = 0; i < F; i++)
        for (int j = 0; j < H; j++)
            net.shared[i][j] = uniform(0.15);
    for (int j = 0; j < H; j++)
        net.b1[j] = 0.1f;
    for (int b = 0; b < NB; b++)
        for (int j = 0; j < 2 * H; j++)
            net.w2[b][j] = uniform(0.05);
    fold();
}

/* --- command line ----------------------------------------------------------- */

static void usage(FILE *out)
{
    fprintf(out,
            "usage: chuhan-train [options] DATA...\n"
            "  --out FILE        network written here after every epoch (default chuhan.nnue)\n"
            "  --init FILE       start from this network instead of random weights (this format or\n"
            "                    version 1, its inputs then shared by every general bucket; a\n"
            "                    narrower one is widened)\n"
            "  --epochs N        passes over the data (default 10); 0 writes the starting network\n"
            "  --lr X            initial learning rate, falling along a cosine to 1%% (default 0.001)\n"
            "  --batch N         positions per step (default 16384)\n"
            "  --lambda X        weight of the search score in the target, the rest the result (default 0.5)\n"
            "  --k X             score scale in centipawns (default: fitted to the data)\n"
            "  --validation X    share held out for validation, from the end of the data (default 0.01)\n"
            "  --threads N       (default 2)\n"
            "  --seed N          shuffling and initial weights (default 1)\n");
}

/* What the command line asks for. */
typedef struct {
    const char *out, *init;
    const char *files[256];
    int nfiles, epochs, threads;
    long batch;
    double lr0, val_share, k, lambda;
    uint64_t seed;
} Args;

/* A number option's value, whole to the end; false if it is not one or lies outside [lo, hi]. */
static bool number_arg(const char *v, double lo, double hi, double *out)
{
    char *end;
    errno = 0;
    double x = strtod(v, &end);
    if (end == v || *end || errno || x < lo || x > hi)
        return false;
    *out = x;
    return true;
}

/* The command line read into a; false (having said why) if it is not understood. */
static bool parse_args(int argc, char **argv, Args *a)
{
    *a = (Args){ .out = "chuhan.nnue", .epochs = 10, .threads = 2, .batch = 16384, .lr0 = 0.001, .val_share = 0.01,
                 .lambda = 0.5, .seed = 1 };
    static const struct {
        const char *name;
        double lo, hi;
        bool whole;
    } numbers[] = { { "--epochs", 0, 100000, true }, { "--lr", 0, 1, false },       { "--batch", 1, 1 << 24, true },
                    { "--lambda", 0, 1, false },     { "--k", 0, 1e6, false },      { "--validation", 0, 0.99, false },
                    { "--threads", 1, MAX_THREADS, true }, { "--seed", 0, 9e15, true } };
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (o[0] != '-') {
            if (a->nfiles == 256) {
                fprintf(stderr, "chuhan-train: at most 256 data files\n");
                return false;
            }
            a->files[a->nfiles++] = o;
            continue;
        }
        if (!v) {
            fprintf(stderr, "chuhan-train: %s needs a value\n", o);
            return false;
        }
        i++;
        if (!strcmp(o, "--out")) {
            a->out = v;
            continue;
        }
        if (!strcmp(o, "--init")) {
            a->init = v;
            continue;
        }
        size_t k = 0;
        while (k < sizeof numbers / sizeof *numbers && strcmp(o, numbers[k].name))
            k++;
        double x;
        if (k == sizeof numbers / sizeof *numbers) {
            fprintf(stderr, "chuhan-train: unknown option %s\n", o);
            return false;
        }
        if (!number_arg(v, numbers[k].lo, numbers[k].hi, &x) || (numbers[k].whole && x != (double)(long long)x)) {
            fprintf(stderr, "chuhan-train: %s takes a %s from %g to %g, not '%s'\n", o,
                    numbers[k].whole ? "whole number" : "number", numbers[k].lo, numbers[k].hi, v);
            return false;
        }
        switch (k) {
        case 0: a->epochs = (int)x; break;
        case 1: a->lr0 = x; break;
        case 2: a->batch = (long)x; break;
        case 3: a->lambda = x; break;
        case 4: a->k = x; break;
        case 5: a->val_share = x; break;
        case 6: a->threads = (int)x; break;
        default: a->seed = (uint64_t)x; break;
        }
    }
    if (!a->nfiles)
        fprintf(stderr, "chuhan-train: no data file\n");
    return a->nfiles > 0;
}

/* The epochs, the network saved after each; false if it cannot be written. */
static bool train(const Args *a, size_t ntrain, const Sample *val, size_t nval, Net **grads)
{
    size_t batch = (size_t)a->batch;
    long steps = 0, steps_total = (long)a->epochs * (long)((ntrain + batch - 1) / batch);
    for (int e = 1; e <= a->epochs; e++) {
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        shuffle(samples, ntrain);
        double loss = 0;
        for (size_t from = 0; from < ntrain; from += batch) {
            size_t n = from + batch < ntrain ? batch : ntrain - from;
            loss += run_batch(samples + from, n, a->threads, grads);
            double lr = a->lr0 * (0.01 + 0.99 * 0.5 * (1 + cos(3.141592653589793 * (double)steps / (double)steps_total)));
            adam(grads[0], lr, n, ++steps);
            fold();
        }
        double vloss = validation_loss(val, nval, a->threads);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
        printf("epoch %d: training loss %.6f, validation loss %.6f, %.0f positions/s, %.0f s\n", e,
               loss / (double)ntrain, vloss, (double)ntrain / secs, secs);
        fflush(stdout);
        if (!save(a->out))
            return false;
    }
    return true;
}

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage(stdout);
            return 0;
        }
    Args a;
    if (!parse_args(argc, argv, &a)) {
        usage(stderr);
        return 2;
    }
    fit.lambda = a.lambda;
    rng_state = a.seed;
    size_t total = 0;
    for (int i = 0; i < a.nfiles; i++)
        if (!load(a.files[i], &total))
            return 1;
    if (nsamples < 100) {
        fprintf(stderr, "chuhan-train: only %zu usable positions\n", nsamples);
        return 1;
    }
    /*
     * The held-out share is the end of the data as written: whole games, as
     * datagen appends one game at a time. Positions of a game are alike, so
     * holding out positions picked at random would let the training set
     * answer for the validation set.
     */
    size_t nval = (size_t)((double)nsamples * a.val_share), ntrain = nsamples - nval;
    shuffle(samples, ntrain);
    const Sample *val = samples + ntrain;
    fit.k = a.k > 0 ? a.k : fit_k(samples, ntrain < 1000000 ? ntrain : 1000000);
    printf("%zu records, %zu kept (quiet, not in check, |score| < 3000): %zu for training, %zu held out; K %.1f, lambda %.2f\n",
           total, nsamples, ntrain, nval, fit.k, fit.lambda);

    if (a.init ? !init_from(a.init) : (init_random(), false)) {
        fprintf(stderr, "chuhan-train: cannot start from %s (missing or not this build's format)\n", a.init);
        return 1;
    }
    if (a.init && nval) /* what a round of training gains shows before any match */
        printf("start: validation loss %.6f\n", validation_loss(val, nval, a.threads));
    Net *grads[MAX_THREADS];
    for (int t = 0; t < a.threads; t++)
        if (!(grads[t] = malloc(sizeof(Net)))) {
            fprintf(stderr, "chuhan-train: out of memory\n");
            return 1;
        }
    if ((!a.epochs && !save(a.out)) || !train(&a, ntrain, val, nval, grads)) {
        fprintf(stderr, "chuhan-train: cannot write %s\n", a.out);
        return 1;
    }
    return 0;
}
