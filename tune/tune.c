/*
 * Texel's method. The hand-written evaluation is linear in its weights: E =
 * fade * (side's sign * blend(counts . weights) + tempo), the counts traced
 * per position (samples.h). Its prediction of the game is sigmoid(E / K),
 * with K fitted once so that the starting weights predict the results best.
 * The weights, and the endgame scales of known drawn material, then follow
 * Adam, over minibatches split between threads,
 * down the mean squared error against a target that blends the game result
 * with the search score's own prediction, sigmoid(score / K), by lambda.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/clock.h"
#include "../base/random.h"
#include "../base/shares.h"
#include "../eval/weights.h"
#include "samples.h"
#include "tune.h"
#include "weights_file.h"

enum { MAX_THREADS = 64 };

static const TuneOptions DEFAULTS = {
    .out = "tuned-weights.h", .epochs = 10, .threads = 2, .batch = 4096, .lr = 5, .l2 = 1e-10, .lambda = 0.7,
    .validation = 0.05, .seed = 1,
};

/*
 * Every weight's middlegame and endgame value, as the fit moves them, and
 * after them the endgame scale of each known drawn material (in the
 * endgame column; its middlegame column stays 0).
 */
enum { PARAM_NB = WEIGHT_NB + DRAWISH_NB };
#define SCALE_PARAM(drawish) (WEIGHT_NB + (drawish))
typedef double Params[PARAM_NB][2];

/*
 * The engine links no maths library, so the fit brings the two functions it
 * needs: e^x as 2^n times a polynomial for the rest, enough for a sigmoid,
 * and a square root by Newton's method.
 */
static double exponential(double x)
{
    const double ln2 = 0.6931471805599453;
    x = x < -40 ? -40 : x > 40 ? 40 : x; /* beyond, the sigmoid is 0 or 1 to a double's precision */
    int n = (int)(x / ln2 + (x < 0 ? -0.5 : 0.5));
    double r = x - n * ln2, sum = 1; /* |r| <= ln2 / 2: twelve terms leave an error near 1e-15 */
    for (int i = 12; i > 0; i--)
        sum = 1 + sum * r / i;
    double two_n = 1;
    for (double b = n < 0 ? 0.5 : 2; n; n /= 2, b *= b)
        if (n % 2)
            two_n *= b;
    return sum * two_n;
}

static double square_root(double v)
{
    double r = v > 1 ? v : 1; /* from above, Newton's steps fall to the root and stop there */
    for (double next; v > 0 && (next = (r + v / r) / 2) < r;)
        r = next;
    return v > 0 ? r : 0;
}

static double sigmoid(double x) { return 1 / (1 + exponential(-x)); }

/*
 * A sample's halves, red's view, and its tempo apart: the tempo counts for
 * the side to move and is never scaled.
 */
typedef struct {
    double mg, eg, tempo_mg, tempo_eg;
    int drawish;  /* the known drawn material of the side ahead in eg, DRAWISH_NB for none */
    double scale; /* and its endgame scale */
} Halves;

static Halves halves(const SampleSet *set, const Sample *s, const Params p)
{
    Halves h = { 0 };
    const Coef *c = set->coefs + s->first;
    for (int i = 0; i < s->n; i++) {
        bool tempo = c[i].weight == WEIGHT_INDEX(tempo);
        *(tempo ? &h.tempo_mg : &h.mg) += c[i].count * p[c[i].weight][0];
        *(tempo ? &h.tempo_eg : &h.eg) += c[i].count * p[c[i].weight][1];
    }
    h.drawish = s->drawish[h.eg >= 0 ? RED : BLACK];
    h.scale = h.drawish < DRAWISH_NB ? p[SCALE_PARAM(h.drawish)][1] : SCALE_ONE;
    return h;
}

/* E for a sample from its halves, as hand_evaluate() blends and scales them. */
static double blend(const Sample *s, const Halves *h)
{
    double eg = h->eg * h->scale / SCALE_ONE + h->tempo_eg;
    double blended = ((h->mg + h->tempo_mg) * s->phase + eg * (PHASE_MAX - s->phase)) / PHASE_MAX;
    return s->fade * (s->side == RED ? blended : -blended);
}

/* A thread's share of a pass: its squared errors, and with grad their gradient. */
typedef struct {
    Share share;       /* which samples, and their summed squared errors */
    const SampleSet *set;
    const Sample *samples;
    const double (*p)[2];
    double k;
    bool results;      /* against the game results alone, not the targets */
    double (*grad)[2]; /* NULL: the loss only */
} Job;

static void *run_job(void *arg)
{
    Job *j = arg;
    if (j->grad)
        memset(j->grad, 0, sizeof(Params));
    for (const Sample *s = j->samples + j->share.from; s < j->samples + j->share.to; s++) {
        Halves h = halves(j->set, s, j->p);
        double pred = sigmoid(blend(s, &h) / j->k), err = pred - (j->results ? s->result : s->target);
        j->share.loss += err * err;
        if (!j->grad)
            continue;
        /*
         * dE/d(weight) is count times the fade, the sign, the phase share
         * and, in the endgame half, the scale; dE/d(scale) is the endgame
         * half over SCALE_ONE times the same.
         */
        double d = 2 * err * pred * (1 - pred) / j->k * s->fade * (s->side == RED ? 1 : -1) / PHASE_MAX;
        double dmg = d * s->phase, deg = d * (PHASE_MAX - s->phase);
        double deg_scaled = deg * h.scale / SCALE_ONE;
        const Coef *c = j->set->coefs + s->first;
        for (int i = 0; i < s->n; i++) {
            j->grad[c[i].weight][0] += c[i].count * dmg;
            j->grad[c[i].weight][1] += c[i].count * (c[i].weight == WEIGHT_INDEX(tempo) ? deg : deg_scaled);
        }
        if (h.drawish < DRAWISH_NB)
            j->grad[SCALE_PARAM(h.drawish)][1] += deg * h.eg / SCALE_ONE;
    }
    return NULL;
}

/* A pass over n samples on `threads` threads; with grads, their summed gradient in grads[0]. Returns the summed loss. */
static double run_pass(const SampleSet *set, const Sample *samples, size_t n, const Params p, double k, bool results,
                       int threads, Params *grads)
{
    Job jobs[MAX_THREADS];
    for (int t = 0; t < threads; t++)
        jobs[t] = (Job){ .set = set, .samples = samples, .p = p, .k = k, .results = results,
                         .grad = grads ? grads[t] : NULL };
    double loss = shares_run(jobs, sizeof jobs[0], threads, n, run_job);
    for (int t = 1; grads && t < threads; t++)
        for (int i = 0; i < PARAM_NB; i++)
            for (int h = 0; h < 2; h++)
                grads[0][i][h] += grads[t][i][h];
    return loss;
}

static double mean_loss(const SampleSet *set, const Sample *samples, size_t n, const Params p, double k, bool results,
                        int threads)
{
    return n ? run_pass(set, samples, n, p, k, results, threads, NULL) / (double)n : 0;
}

/* The K at which weights p best predict the results of the first n samples: golden section. */
static double fit_k(const SampleSet *set, size_t n, const Params p, int threads)
{
    const double r = 0.6180339887498949;
    double lo = 10, hi = 4000, a = hi - r * (hi - lo), b = lo + r * (hi - lo);
    double fa = mean_loss(set, set->samples, n, p, a, true, threads);
    double fb = mean_loss(set, set->samples, n, p, b, true, threads);
    while (hi - lo > 0.5) {
        if (fa < fb) {
            hi = b, b = a, fb = fa, a = hi - r * (hi - lo);
            fa = mean_loss(set, set->samples, n, p, a, true, threads);
        } else {
            lo = a, a = b, fa = fb, b = lo + r * (hi - lo);
            fb = mean_loss(set, set->samples, n, p, b, true, threads);
        }
    }
    return (lo + hi) / 2;
}

/*
 * Xiangqi is the same game mirrored left to right, so a placement weight and
 * its mirror image share one gradient and stay equal: half the parameters
 * to fit from the same data.
 */
static void tie_mirrors(Params g)
{
    for (int table = 0; table < PIECE_TYPE_NB * RANK_NB; table++)
        for (int f = 0; f < FILE_NB / 2; f++) {
            int a = WEIGHT_INDEX(placement) + table * FILE_NB + f, b = a + FILE_NB - 1 - 2 * f;
            for (int h = 0; h < 2; h++)
                g[a][h] = g[b][h] = g[a][h] + g[b][h];
        }
}

/* Adam's moments, and its decay rates raised to the steps taken (for the bias correction). */
typedef struct {
    Params m, v;
    long steps;
    double b1_t, b2_t;
} Adam;

static void adam_step(Adam *adam, Params p, const Params g, size_t batch, double lr)
{
    const double b1 = 0.9, b2 = 0.999, eps = 1e-8;
    adam->steps++;
    adam->b1_t = (adam->steps > 1 ? adam->b1_t : 1) * b1;
    adam->b2_t = (adam->steps > 1 ? adam->b2_t : 1) * b2;
    for (int i = 0; i < PARAM_NB; i++)
        for (int h = 0; h < 2; h++) {
            double gi = g[i][h] / (double)batch;
            adam->m[i][h] = b1 * adam->m[i][h] + (1 - b1) * gi;
            adam->v[i][h] = b2 * adam->v[i][h] + (1 - b2) * gi * gi;
            p[i][h] -= lr * (adam->m[i][h] / (1 - adam->b1_t)) / (square_root(adam->v[i][h] / (1 - adam->b2_t)) + eps);
        }
}

static void shuffle(Sample *s, size_t n, uint64_t *rng)
{
    for (size_t i = n; i > 1; i--) {
        size_t j = splitmix64(rng) % i;
        Sample t = s[i - 1];
        s[i - 1] = s[j];
        s[j] = t;
    }
}

static void params_from(Params p, const EvalWeights *w, const int *scale)
{
    const Score *s = (const Score *)w;
    for (int i = 0; i < WEIGHT_NB; i++)
        p[i][0] = score_mg(s[i]), p[i][1] = score_eg(s[i]);
    for (int d = 0; d < DRAWISH_NB; d++)
        p[SCALE_PARAM(d)][0] = 0, p[SCALE_PARAM(d)][1] = scale[d];
}

/* How often each weight counts in the first n samples, both halves alike, mirror images together. */
static void usage_of(const SampleSet *set, size_t n, Params usage)
{
    memset(usage, 0, sizeof(Params));
    for (const Sample *s = set->samples; s < set->samples + n; s++)
        for (const Coef *c = set->coefs + s->first; c < set->coefs + s->first + s->n; c++)
            usage[c->weight][0] = usage[c->weight][1] += c->count < 0 ? -c->count : c->count;
    tie_mirrors(usage);
}

/* Shifts the used weights of a table so that their mean, weighted by use, is back at the start; `value` takes the shift. */
static void anchor_table(Params p, const Params start, const Params usage, int first, int n, int value)
{
    for (int h = 0; h < 2; h++) {
        double used = 0, shift = 0;
        for (int i = first; i < first + n; i++)
            used += usage[i][h], shift += usage[i][h] * (p[i][h] - start[i][h]);
        for (int i = first; used > 0 && i < first + n; i++)
            p[i][h] -= usage[i][h] > 0 ? shift / used : 0;
        if (used > 0 && value >= 0)
            p[value][h] += shift / used;
    }
}

/*
 * Some weights only ever count together: a man counts its value, one
 * placement entry and, for rooks and horses, one mobility entry, and both
 * generals are always on the board. The fit may shift such a table against
 * the piece value without changing a single evaluation; this puts each
 * table's mean back where it started and the difference into the piece's
 * value, so that the tuned file reads like the hand-set one.
 */
static void anchor(Params p, const Params start, const Params usage)
{
    for (int type = KING; type < PIECE_TYPE_NB; type++)
        anchor_table(p, start, usage, WEIGHT_INDEX(placement[type]), RANK_NB * FILE_NB,
                     type == KING ? -1 : WEIGHT_INDEX(piece_value[type]));
    anchor_table(p, start, usage, WEIGHT_INDEX(rook_mobility), 18, WEIGHT_INDEX(piece_value[ROOK]));
    anchor_table(p, start, usage, WEIGHT_INDEX(knight_mobility), 9, WEIGHT_INDEX(piece_value[KNIGHT]));
}

static int whole(double v) { return v > 32767 ? 32767 : v < -32767 ? -32767 : (int)(v < 0 ? v - 0.5 : v + 0.5); }

/*
 * The weights rounded to whole centipawns and the scales to whole
 * SCALE_ONE parts, no more than one (drawn material scores no more than
 * its men), as weights.h holds them; p takes the rounded values too.
 */
static void params_to(Params p, EvalWeights *w, int *scale)
{
    Score *s = (Score *)w;
    for (int i = 0; i < WEIGHT_NB; i++) {
        s[i] = S(whole(p[i][0]), whole(p[i][1]));
        p[i][0] = score_mg(s[i]), p[i][1] = score_eg(s[i]);
    }
    for (int d = 0; d < DRAWISH_NB; d++) {
        int v = whole(p[SCALE_PARAM(d)][1]);
        p[SCALE_PARAM(d)][1] = scale[d] = v < 0 ? 0 : v > SCALE_ONE ? SCALE_ONE : v;
    }
}

/* Where a fit stands: the data, split into training and held-out samples, and the weights with their optimiser. */
typedef struct {
    const TuneOptions *opt;
    SampleSet set;
    size_t train, held_out; /* samples[0, train) and the held_out after them */
    double k;
    Params p, start;
    Adam adam;
    Params grads[MAX_THREADS];
} Fit;

/* The losses of the training and held-out samples, against the targets. */
static void losses(const Fit *fit, double *train, double *held_out)
{
    const Sample *s = fit->set.samples;
    *train = mean_loss(&fit->set, s, fit->train, fit->p, fit->k, false, fit->opt->threads);
    *held_out = mean_loss(&fit->set, s + fit->train, fit->held_out, fit->p, fit->k, false, fit->opt->threads);
}

static void set_targets(Fit *fit)
{
    double lambda = fit->opt->lambda;
    for (Sample *s = fit->set.samples; s < fit->set.samples + fit->set.n; s++)
        s->target = (float)(lambda * sigmoid(s->score / fit->k) + (1 - lambda) * s->result);
}

/* How many training positions hold each known drawn material, and its scale: few positions, a loose fit. */
static void print_scales(const Fit *fit, const char *what)
{
    size_t n[DRAWISH_NB] = { 0 };
    for (const Sample *s = fit->set.samples; s < fit->set.samples + fit->train; s++)
        for (int side = RED; side <= BLACK; side++)
            if (s->drawish[side] < DRAWISH_NB)
                n[s->drawish[side]]++;
    printf("%s drawish scales (positions):", what);
    for (int d = 0; d < DRAWISH_NB; d++)
        printf(" %.0f (%zu)", fit->p[SCALE_PARAM(d)][1], n[d]);
    printf("\n");
}

static void print_epoch(const Fit *fit, const char *what, double train, double held_out)
{
    printf("%s: training loss %.6f, validation loss %.6f", what, train, held_out);
    if (fit->opt->lambda > 0)
        printf(" (against the results alone %.6f)",
               mean_loss(&fit->set, fit->set.samples + fit->train, fit->held_out, fit->p, fit->k, true, fit->opt->threads));
}

/* Adds the gradient of l2 * (weight - start)^2 over every weight: the pull back towards the starting weights. */
static void pull(Params g, const Params p, const Params start, double l2)
{
    for (int i = 0; i < PARAM_NB; i++)
        for (int h = 0; h < 2; h++)
            g[i][h] += 2 * l2 * (p[i][h] - start[i][h]);
}

/* One pass over the shuffled training samples, a step a batch, the step size falling in a line to 1%. */
static double epoch(Fit *fit, uint64_t *rng, long steps_total)
{
    const TuneOptions *opt = fit->opt;
    shuffle(fit->set.samples, fit->train, rng);
    double loss = 0;
    for (size_t from = 0; from < fit->train; from += opt->batch) {
        size_t n = fit->train - from < opt->batch ? fit->train - from : opt->batch;
        loss += run_pass(&fit->set, fit->set.samples + from, n, fit->p, fit->k, false, opt->threads, fit->grads);
        tie_mirrors(fit->grads[0]);
        pull(fit->grads[0], fit->p, fit->start, opt->l2 * (double)n);
        double lr = opt->lr * (1 - 0.99 * (double)fit->adam.steps / (double)steps_total);
        adam_step(&fit->adam, fit->p, fit->grads[0], n, lr);
    }
    return loss / (double)fit->train;
}

static int train(Fit *fit, TuneReport *report)
{
    const TuneOptions *opt = fit->opt;
    params_from(fit->p, &W, drawish_scale);
    params_from(fit->start, &W, drawish_scale);
    fit->k = opt->k > 0 ? opt->k : fit_k(&fit->set, fit->train, fit->p, opt->threads);
    set_targets(fit);
    printf("%llu records, %zu quiet: %zu to train on, %zu held out (the last games read); K %.1f%s, lambda %.2f\n",
           (unsigned long long)fit->set.records, fit->set.n, fit->train, fit->held_out, fit->k,
           opt->k > 0 ? "" : " (fitted)", opt->lambda);
    losses(fit, &report->loss[0], &report->validation_loss[0]);
    print_epoch(fit, "start", report->loss[0], report->validation_loss[0]);
    printf("\n");
    print_scales(fit, "starting");
    uint64_t rng = opt->seed;
    long steps_total = (long)opt->epochs * (long)((fit->train + opt->batch - 1) / opt->batch);
    for (int e = 1; e <= opt->epochs; e++) {
        int64_t start = now_us();
        double loss = epoch(fit, &rng, steps_total), secs = (double)(now_us() - start) / 1e6;
        double held_out = mean_loss(&fit->set, fit->set.samples + fit->train, fit->held_out, fit->p, fit->k, false,
                                    opt->threads);
        char what[32];
        snprintf(what, sizeof what, "epoch %d", e);
        print_epoch(fit, what, loss, held_out);
        printf(", %.0f positions/s\n", (double)fit->train / (secs > 0 ? secs : 1e-9));
        fflush(stdout);
    }
    EvalWeights tuned;
    int scale[DRAWISH_NB];
    Params usage;
    usage_of(&fit->set, fit->train, usage);
    anchor(fit->p, fit->start, usage);
    params_to(fit->p, &tuned, scale);
    if (!weights_write(opt->out, &tuned, scale))
        return 1;
    losses(fit, &report->loss[1], &report->validation_loss[1]);
    print_epoch(fit, "rounded", report->loss[1], report->validation_loss[1]);
    printf("; written to %s\n", opt->out);
    print_scales(fit, "fitted");
    report->records = fit->set.records;
    report->training = fit->train;
    report->held_out = fit->held_out;
    report->k = fit->k;
    return 0;
}

int tune_run(const TuneOptions *opt, char *const *files, int nfiles, TuneReport *report)
{
    Fit *fit = calloc(1, sizeof *fit);
    if (!fit) {
        fprintf(stderr, "chuhan tune: out of memory\n");
        return 1;
    }
    fit->opt = opt;
    int status = 0;
    for (int i = 0; i < nfiles && !status; i++)
        status = !samples_load(&fit->set, files[i]);
    if (!status && fit->set.n < 100) {
        fprintf(stderr, "chuhan tune: only %zu quiet positions in the files; a fit wants many more\n", fit->set.n);
        status = 1;
    }
    if (!status) {
        fit->held_out = (size_t)((double)fit->set.n * opt->validation);
        fit->train = fit->set.n - fit->held_out;
        status = train(fit, report);
    }
    samples_free(&fit->set);
    free(fit);
    return status;
}

static void usage(FILE *out)
{
    fprintf(out,
            "usage: chuhan tune [options] FILE...\n"
            "Fits the hand-written evaluation's weights to the quiet positions of datagen records\n"
            "(not in check, no capture played, |score| < 3000) and writes a new eval/weights.h.\n"
            "  --out FILE          the weights written (default tuned-weights.h)\n"
            "  --epochs N          passes over the data (default %d)\n"
            "  --batch N           positions per step (default %zu)\n"
            "  --lr X              Adam's step in centipawns, falling in a line to 1%% (default %g)\n"
            "  --lambda X          weight of the search score in the target, the rest the result (default %g)\n"
            "  --l2 X              pull towards the starting weights: X * (weight - start)^2 each (default %g)\n"
            "  --k X               score scale in centipawns (default: fitted to the starting weights)\n"
            "  --validation X      share held out, the last games read (default %g)\n"
            "  --threads N         (default %d)\n"
            "  --seed N            shuffling (default %llu)\n",
            DEFAULTS.epochs, DEFAULTS.batch, DEFAULTS.lr, DEFAULTS.lambda, DEFAULTS.l2, DEFAULTS.validation,
            DEFAULTS.threads, (unsigned long long)DEFAULTS.seed);
}

/* A number argument in [lo, hi]; a whole one when asked. */
static bool arg_number(const char *s, double lo, double hi, bool whole_only, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (!*s || *end || errno || !(v >= lo && v <= hi) || (whole_only && v != (double)(long long)v))
        return false;
    *out = v;
    return true;
}

/* Sets the option a names from v; false when a is no option or v no value for it. */
static bool set_option(TuneOptions *opt, const char *a, const char *v)
{
    double n;
    if (!strcmp(a, "--out"))
        return opt->out = v, true;
    if (!strcmp(a, "--epochs") && arg_number(v, 0, 100000, true, &n))
        return opt->epochs = (int)n, true;
    if (!strcmp(a, "--batch") && arg_number(v, 1, 1e9, true, &n))
        return opt->batch = (size_t)n, true;
    if (!strcmp(a, "--lr") && arg_number(v, 1e-6, 1000, false, &n))
        return opt->lr = n, true;
    if (!strcmp(a, "--l2") && arg_number(v, 0, 1, false, &n))
        return opt->l2 = n, true;
    if (!strcmp(a, "--lambda") && arg_number(v, 0, 1, false, &n))
        return opt->lambda = n, true;
    if (!strcmp(a, "--k") && arg_number(v, 1, 100000, false, &n))
        return opt->k = n, true;
    if (!strcmp(a, "--validation") && arg_number(v, 0, 0.9, false, &n))
        return opt->validation = n, true;
    if (!strcmp(a, "--threads") && arg_number(v, 1, MAX_THREADS, true, &n))
        return opt->threads = (int)n, true;
    if (!strcmp(a, "--seed") && arg_number(v, 0, 9007199254740992.0, true, &n))
        return opt->seed = (uint64_t)n, true;
    return false;
}

int tune_main(int argc, char **argv)
{
    TuneOptions opt = DEFAULTS;
    char **files = malloc(sizeof *files * (size_t)(argc + 1));
    int nfiles = 0;
    for (int i = 0; files && i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            free(files);
            return 0;
        }
        if (a[0] != '-') {
            files[nfiles++] = argv[i];
            continue;
        }
        if (!v || !set_option(&opt, a, v)) {
            fprintf(stderr, "chuhan tune: bad argument '%s'%s%s\n", a, v ? " " : "", v ? v : "");
            usage(stderr);
            free(files);
            return 2;
        }
        i++;
    }
    if (!nfiles) {
        if (files)
            usage(stderr);
        free(files);
        return 2;
    }
    TuneReport report;
    int status = tune_run(&opt, files, nfiles, &report);
    free(files);
    return status;
}
