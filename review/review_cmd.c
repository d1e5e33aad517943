/*
 * `chuhan review`: reads game files, reviews each game and writes it to
 * standard output, a whole game at a time so that an interrupted run never
 * leaves a game that looks finished; progress and faults go to standard error.
 * Exit status: 0 when every game was reviewed to its end, 1 when a file or a
 * game could not be (the rest are still reviewed), 2 for bad arguments.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../base/clock.h"
#include "../base/version.h"
#include "../text/words.h"
#include "../lang/lang.h"
#include "review.h"

/* About 0.12 s a position of one core: a game of 100 moves (200 plies) in under a minute on a busy 2-core machine. */
enum { DEFAULT_NODES = 100000 };

typedef struct {
    SearchLimits limits;
    int threads;
    const char *graph; /* NULL: no graph */
    char annotator[96]; /* the reviewer and its budget, for the games' Annotator tag */
    int games_total;   /* in all the files: one graph, or numbered ones */
    Engine *engine;
    GameReview *review;
    const char *path;
    int game;          /* of this file, from 1 */
    int graphs;        /* written so far */
    Agreement agreement; /* with --compare-deeper PLIES, else its engine NULL */
    const char *exercises_path; /* --exercises OUT.pgn, else NULL */
    FILE *exercises;
    int exercises_written;
    bool failed;
} Run;

static int usage(void)
{
    fprintf(stderr, msg(MSG_REVIEW_USAGE), DEFAULT_NODES);
    return 2;
}

/* FILE.svg for a single game, FILE-n.svg for the n-th of several. */
static void graph_path(const Run *run, int n, char *out, size_t cap)
{
    const char *path = run->graph;
    if (run->games_total == 1) {
        snprintf(out, cap, "%s", path);
        return;
    }
    size_t len = strlen(path), stem = len >= 4 && !strcmp(path + len - 4, ".svg") ? len - 4 : len;
    snprintf(out, cap, "%.*s-%d%s", (int)stem, path, n, path + stem);
}

static void show_progress(int done, int total)
{
    if (isatty(STDERR_FILENO))
        fprintf(stderr, "\r  %d/%d positions", done, total);
}

/* Searches every position of the game and judges every move. */
static void review_moves(Run *run)
{
    GameReview *r = run->review;
    PgnGame *g = &r->game;
    Board *b = board_new();
    if (!b) {
        fprintf(stderr, "chuhan: out of memory\n");
        exit(1);
    }
    engine_clear(run->engine); /* each game's review its own, whatever came before it */
    if (run->agreement.engine)
        engine_clear(run->agreement.engine);
    pgn_position(g, 0, b);
    for (int i = 0; i <= g->nmoves; i++) {
        show_progress(i, g->nmoves + 1);
        analyse_position(run->engine, b, &run->limits, i < g->nmoves ? g->moves[i] : MOVE_NONE, &r->pos[i]);
        if (i < g->nmoves) {
            r->verdict[i] = judge_move(&r->pos[i]);
            if (run->agreement.engine)
                agreement_judge(&run->agreement, b, &r->pos[i], g->moves[i], r->verdict[i].mark);
            make_move(b, g->moves[i]);
        }
    }
    show_progress(g->nmoves + 1, g->nmoves + 1);
    if (isatty(STDERR_FILENO))
        fputc('\n', stderr);
    board_free(b);
}

static void tell_summary(const Run *run, double seconds)
{
    const GameReview *r = run->review;
    int n = r->game.nmoves, marks[2][MARK_NB] = { { 0 } };
    for (int i = 0; i < n; i++)
        marks[r->pos[i].side][r->verdict[i].mark]++;
    fprintf(stderr, "%s: game %d: %d moves reviewed in %.1f s (%.1f moves/s); red %d/%d/%d, black %d/%d/%d (inaccuracies/mistakes/blunders)\n",
            run->path, run->game, n, seconds, seconds > 0 ? (n + 1) / seconds : 0.0, marks[RED][MARK_INACCURACY],
            marks[RED][MARK_MISTAKE], marks[RED][MARK_BLUNDER], marks[BLACK][MARK_INACCURACY], marks[BLACK][MARK_MISTAKE],
            marks[BLACK][MARK_BLUNDER]);
}

static void add_exercises(Run *run)
{
    int n = write_exercises(run->exercises, run->review, run->exercises_written + 1);
    if (n < 0) {
        fprintf(stderr, "chuhan: out of memory writing the exercises of game %d of %s\n", run->game, run->path);
        run->failed = true;
    } else {
        run->exercises_written += n;
    }
}

static void draw_graph(Run *run)
{
    char path[4096], err[4200];
    graph_path(run, ++run->graphs, path, sizeof path);
    if (!write_graph(path, run->review, err, sizeof err)) {
        fprintf(stderr, "chuhan: %s\n", err);
        run->failed = true;
    }
}

/*
 * Reviews one game and writes it. A game cut short by a move that cannot be
 * played is reviewed up to that move and written without a result, saying
 * where it stops; one with no move to review (a bad FEN, a first move that
 * cannot be read, text that is no game) is only reported.
 */
static bool review_game(void *ctx, PgnGame *g)
{
    Run *run = ctx;
    run->game++;
    if (g->error[0] && !g->nmoves) {
        fprintf(stderr, "%s: game %d not reviewed: %s\n", run->path, run->game, g->error);
        run->failed = true;
        return true;
    }
    GameReview *r = run->review;
    r->game = *g;
    if (g->error[0]) {
        fprintf(stderr, "%s: game %d reviewed up to its bad move only: %s\n", run->path, run->game, g->error);
        strcpy(r->game.result, "*");
        run->failed = true;
    }
    pgn_set_tag(&r->game, "Annotator", run->annotator);
    int64_t start = now_ms();
    review_moves(run);
    tell_summary(run, (now_ms() - start) / 1000.0);
    PgnText text = { 0 };
    if (annotate_game(&text, r, g->notation)) {
        fwrite(text.data, 1, text.len, stdout);
        fflush(stdout);
    } else {
        fprintf(stderr, "chuhan: out of memory writing game %d of %s\n", run->game, run->path);
        run->failed = true;
    }
    free(text.data);
    if (run->graph)
        draw_graph(run);
    if (run->exercises)
        add_exercises(run);
    return true;
}

static bool count_game(void *ctx, PgnGame *g)
{
    (void)g;
    ++*(int *)ctx;
    return true;
}

/* The budget and the other options; returns the index of the first file, or -1. */
static int parse_options(int argc, char **argv, Run *run)
{
    int i = 0, budgets = 0;
    for (; i < argc && !strncmp(argv[i], "--", 2); i += 2) {
        long long v;
        const char *name = argv[i], *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (!value)
            return -1;
        if (!strcmp(name, "--lang")) {
            Lang lang;
            if (!lang_parse(value, &lang))
                return -1;
            lang_set(lang);
            continue;
        }
        if (!strcmp(name, "--exercises")) {
            run->exercises_path = value;
            continue;
        }
        if (!strcmp(name, "--graph")) {
            run->graph = value;
            continue;
        }
        if (!strcmp(name, "--compare-deeper")) {
            if (!parse_number(value, 1, 20, false, &v))
                return -1;
            run->agreement.plies = (int)v;
            continue;
        }
        bool ok = !strcmp(name, "--movetime") || !strcmp(name, "--depth") || !strcmp(name, "--nodes")
                  ? parse_number(value, 1, !strcmp(name, "--depth") ? MAX_PLY - 8 : (long long)1 << 50, false, &v)
                  : !strcmp(name, "--threads") && parse_number(value, 1, MAX_THREADS, false, &v);
        if (!ok)
            return -1;
        budgets += strcmp(name, "--threads") != 0;
        if (!strcmp(name, "--threads"))
            run->threads = (int)v;
        else
            run->limits = (SearchLimits){ .movetime = !strcmp(name, "--movetime") ? v : 0,
                                          .depth = !strcmp(name, "--depth") ? (int)v : 0,
                                          .nodes = !strcmp(name, "--nodes") ? (uint64_t)v : 0 };
    }
    return budgets > 1 || i == argc ? -1 : i;
}

int review_main(int argc, char **argv)
{
    Run run = { .limits = { .nodes = DEFAULT_NODES }, .threads = 1 };
    lang_set(LANG_EN); /* a file's words do not follow the shell's language: only --lang changes them */
    int first = parse_options(argc, argv, &run), nfiles = argc - first;
    if (first < 0 || nfiles <= 0)
        return usage();
    /* The files are read once first: the games are counted so that graphs are named, and unreadable files told at once. */
    bool *readable = calloc((size_t)nfiles, sizeof *readable);
    for (int i = 0; readable && i < nfiles; i++) {
        char err[4200];
        int n = 0;
        const char *path = argv[first + i];
        if (pgn_read_file(path, count_game, &n, err, sizeof err) < 0)
            fprintf(stderr, "chuhan: %s\n", err);
        else if (!n)
            fprintf(stderr, "chuhan: %s holds no game\n", path);
        readable[i] = n > 0;
        run.failed |= n <= 0;
        run.games_total += n;
    }
    if (run.exercises_path && !(run.exercises = fopen(run.exercises_path, "wb"))) {
        fprintf(stderr, "chuhan: cannot write %s: %s\n", run.exercises_path, strerror(errno));
        free(readable);
        return 1;
    }
    const SearchLimits *l = &run.limits;
    snprintf(run.annotator, sizeof run.annotator, "Chuhan " CHUHAN_VERSION ", %lld %s a position, %d thread%s",
             (long long)(l->nodes ? (int64_t)l->nodes : l->depth ? l->depth : l->movetime),
             l->nodes ? "nodes" : l->depth ? "plies" : "ms", run.threads, run.threads > 1 ? "s" : "");
    SearchOptions options = { 0 };
    run.engine = engine_new();
    run.review = malloc(sizeof *run.review);
    if (run.engine) {
        options = *engine_options(run.engine);
        options.threads = run.threads;
    }
    bool reference = !run.agreement.plies || (run.agreement.engine = engine_new());
    if (!readable || !run.engine || !run.review || !reference || !engine_set_options(run.engine, &options)) {
        fprintf(stderr, "chuhan: cannot set up the engine (%d threads)\n", run.threads);
        run.failed = true;
    } else {
        for (int i = 0; i < nfiles; i++) {
            if (!readable[i])
                continue;
            char err[4200];
            run.path = argv[first + i];
            run.game = 0;
            if (pgn_read_file(run.path, review_game, &run, err, sizeof err) < 0) { /* changed since it was counted */
                fprintf(stderr, "chuhan: %s\n", err);
                run.failed = true;
            }
        }
    }
    if (run.agreement.engine) {
        agreement_print(&run.agreement, stderr);
        engine_free(run.agreement.engine);
    }
    if (run.exercises && fclose(run.exercises)) {
        fprintf(stderr, "chuhan: cannot write %s: %s\n", run.exercises_path, strerror(errno));
        run.failed = true;
    }
    engine_free(run.engine);
    free(run.review);
    free(readable);
    return run.failed ? 1 : 0;
}
