/*
 * Self-play data generation. Each worker is a process of its own, so that
 * every game has the whole engine to itself (one search, one table); the
 * workers share only the output file, which they append to a game at a time,
 * and a page of counters the parent reports from. Windows and WASI have no
 * fork: there one worker runs, in a thread of the process (WASI has none
 * either: in the process itself).
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, which POSIX does not name */
#include <inttypes.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#if defined(_WIN32)
#define ONE_WORKER "Windows"
#elif defined(__wasi__)
#define ONE_WORKER "WASI"
#endif
#ifdef ONE_WORKER
#include <pthread.h>
#else
#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>
#endif

#include <time.h>

#include "../base/clock.h"
#include "../base/files.h"
#include "../eval/nnue.h"
#include "../base/version.h"
#include "../board/movegen.h"
#include "../notation/notation.h"
#include "../base/platform.h"
#include "../base/random.h"
#include "../board/rules.h"
#include "../search/engine.h"
#include "../search/tt.h"
#include "datagen.h"
#include "manifest.h"
#include "writer.h"

/* Adjudication: a game is decided once both sides' scores agree for this long, or drawn when level. */
enum {
    WIN_SCORE = 1000, WIN_PLIES = 6,
    DRAW_SCORE = 20, DRAW_PLIES = 20, DRAW_FROM_PLY = 80,
    MAX_GAME_PLIES = 400,
    OPENING_MAX_SCORE = 300, /* a random opening more lopsided than this is played again */
};

typedef struct {
    _Atomic uint64_t positions, games, quiet;
    _Atomic uint64_t claimed; /* games begun: the next one's number in this shard */
    _Atomic uint64_t tables;  /* games whose result the endgame tables gave */
    _Atomic uint64_t results[3];
    _Atomic int running;
} Counters;

typedef struct {
    char (*fens)[FEN_MAX];
    int count;
} Openings;

static bool load_book(const char *path, Openings *book)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return false;
    char line[512];
    int cap = 0;
    book->fens = NULL;
    book->count = 0;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n;")] = 0;
        Board b = { .hist = NULL }; /* read and written back, no move made */
        if (!board_set_fen(&b, line, NULL, 0))
            continue;
        if (book->count == cap) {
            cap = cap ? cap * 2 : 256;
            book->fens = realloc(book->fens, sizeof *book->fens * (size_t)cap);
            if (!book->fens)
                break;
        }
        board_get_fen(&b, book->fens[book->count++]);
    }
    fclose(f);
    return book->count > 0;
}

static int search_score(Engine *e, Board *b, const DatagenOptions *opt, Move *best)
{
    SearchLimits l = { .depth = opt->depth, .nodes = opt->depth ? 0 : opt->nodes };
    SearchReporter quiet = { 0 };
    SearchResult r;
    engine_prepare(e, &l);
    engine_search(e, b, &l, &quiet, &r);
    *best = r.best;
    return r.score;
}

/* A start: the book's or the initial position, then random legal plies; false if it went nowhere. */
static bool random_opening(Engine *e, Board *b, const DatagenOptions *opt, const Openings *book, uint64_t *rng)
{
    const char *fen = book->count ? book->fens[splitmix64(rng) % (uint64_t)book->count] : START_FEN;
    board_set_fen(b, fen, NULL, 0);
    for (int i = 0; i < opt->random_plies; i++) {
        Move list[MAX_MOVES];
        int n = gen_legal(b, list);
        if (!n)
            return false;
        make_move(b, list[splitmix64(rng) % (uint64_t)n]);
    }
    Move best;
    engine_clear(e);
    int v = search_score(e, b, opt, &best);
    return best && v < OPENING_MAX_SCORE && v > -OPENING_MAX_SCORE;
}

/* The result, red's view, when the rules end the game after a move; -1 when play goes on. */
static int rules_result(Board *b)
{
    int mover_wins = b->side == RED ? RESULT_BLACK_WON : RESULT_RED_WON;
    Move list[MAX_MOVES];
    if (!gen_legal(b, list))
        return mover_wins; /* mate or stalemate */
    switch (repetition_verdict(b, b->hply)) {
    case VERDICT_DRAW: return RESULT_DRAW;
    case VERDICT_WIN: return 2 - mover_wins;
    case VERDICT_LOSS: return mover_wins;
    case VERDICT_NONE: break;
    }
    return natural_limit_reached(b) || dead_draw(b) ? RESULT_DRAW : -1;
}

/* The tables' result of b's position, red's view, or -1 where they do not hold it. */
static int table_result(Engine *e, const Board *b)
{
    TbResult t;
    if (!engine_probe_tables(e, b, &t) || t.value == TB_NONE)
        return -1;
    int mover_wins = b->side == RED ? RESULT_RED_WON : RESULT_BLACK_WON;
    return tb_win(t.value) ? mover_wins : tb_loss(t.value) ? 2 - mover_wins : RESULT_DRAW;
}

/*
 * Plays one game from b, appending its records to out; returns the result
 * (red's view). Where the game enters the endgame tables, *table is their
 * result at that point (-1 when it never does).
 */
static int play_game(Engine *e, Board *b, const DatagenOptions *opt, Record *out, int *count, int *table)
{
    int win_run = 0, draw_run = 0, result = -1;
    *count = 0;
    *table = -1;
    for (int ply = 0; result < 0; ply++) {
        Move best;
        if (*table < 0 && opt->egtb)
            *table = table_result(e, b);
        int v = search_score(e, b, opt, &best);
        if (!best)
            return b->side == RED ? RESULT_BLACK_WON : RESULT_RED_WON;
        record_from_board(b, v, best, &out[(*count)++]);

        int red_view = b->side == RED ? v : -v;
        if (is_decided_score(v))
            return red_view > 0 ? RESULT_RED_WON : RESULT_BLACK_WON;
        win_run = red_view >= WIN_SCORE ? (win_run > 0 ? win_run + 1 : 1)
                : red_view <= -WIN_SCORE ? (win_run < 0 ? win_run - 1 : -1) : 0;
        draw_run = abs(v) <= DRAW_SCORE && ply >= DRAW_FROM_PLY ? draw_run + 1 : 0;
        if (win_run >= WIN_PLIES || win_run <= -WIN_PLIES)
            return win_run > 0 ? RESULT_RED_WON : RESULT_BLACK_WON;
        if (draw_run >= DRAW_PLIES || ply + 1 >= MAX_GAME_PLIES)
            return RESULT_DRAW;
        make_move(b, best);
        result = rules_result(b);
    }
    return result;
}

/* Records searched again before each write: a kill loses at most the chunk under way. */
enum { RESCORE_CHUNK = 1024 };

/*
 * Worker id's share of a rescoring: of the input's chunks, those of this
 * shard (k = shard - 1 modulo shards), and of those every workers-th from
 * the id-th, each record's position searched again (the table cleared at each
 * chunk, so the scores do not depend on the number of workers) and written
 * with its new score; the move, result and flags are the game's. Records
 * that are not positions are left out.
 */
static void rescore(Engine *e, Board *board, int id, const DatagenOptions *opt, int fd, Counters *c)
{
    RecordReader in;
    Record *chunk = malloc(RESCORE_CHUNK * sizeof *chunk);
    if (!chunk || !reader_open(&in, opt->rescore, "chuhan datagen"))
        exit(1);
    int n = 0, got = 1;
    for (int k = 0; got > 0 && atomic_load(&c->positions) < opt->positions; k++) {
        for (n = 0; n < RESCORE_CHUNK && (got = reader_next(&in, &chunk[n])) > 0; n++)
            ;
        if (k % opt->shards != opt->shard - 1 || k / opt->shards % opt->workers != id)
            continue;
        engine_clear(e);
        int kept = 0, quiet = 0;
        for (int i = 0; i < n; i++) {
            Record *r = &chunk[kept];
            Move best;
            *r = chunk[i];
            if (!record_is_position(r))
                continue;
            record_to_board(r, board);
            r->score = (int16_t)search_score(e, board, opt, &best);
            quiet += !(r->flags & (RECORD_IN_CHECK | RECORD_CAPTURE));
            kept++;
        }
        if (!data_write(fd, (DataForm)opt->form, chunk, kept, "chuhan datagen"))
            exit(1);
        atomic_fetch_add(&c->positions, (uint64_t)kept);
        atomic_fetch_add(&c->quiet, (uint64_t)quiet);
    }
    reader_close(&in);
    free(chunk);
}

/*
 * The random generator of game number game of the seed's games: a game is
 * the same whichever shard and worker plays it, so shards share none.
 */
static uint64_t game_rng(uint64_t seed, uint64_t game)
{
    uint64_t rng = seed * 0x100000001B3ull ^ (game + 1) * 0x9E3779B97F4A7C15ull;
    splitmix64(&rng);
    return rng;
}

/* Claims this shard's next game; its number among the seed's games, or false when the run has its games. */
static bool claim_game(const DatagenOptions *opt, Counters *c, uint64_t *game)
{
    uint64_t i = atomic_fetch_add(&c->claimed, 1);
    *game = (uint64_t)(opt->shard - 1) + (uint64_t)opt->shards * i;
    return (!opt->games || i < opt->games) && atomic_load(&c->positions) < opt->positions;
}

/* Worker id's games, or its share of a rescoring, until the run has its positions or games. */
static void worker(int id, const DatagenOptions *opt, const Openings *book, int fd, Counters *c)
{
    Board *board = board_new();
    Record *records = malloc(MAX_GAME_PLIES * sizeof *records);
    Engine *e = engine_new();
    char err[256];
    if (e && opt->egtb && !engine_set_tablebases(e, opt->egtb, err, sizeof err)) {
        fprintf(stderr, "chuhan datagen: %s\n", err);
        exit(1);
    }
    if (!board || !records || !e || !engine_set_hash(e, (size_t)opt->hash_mb)) {
        fprintf(stderr, "chuhan datagen: out of memory\n");
        exit(1);
    }
    if (opt->rescore)
        rescore(e, board, id, opt, fd, c);
    for (uint64_t game; !opt->rescore && claim_game(opt, c, &game);) {
        uint64_t rng = game_rng(opt->seed, game);
        int tries = 0;
        while (!random_opening(e, board, opt, book, &rng) && ++tries < 1000)
            ;
        if (tries == 1000) /* a book line that is lost or lopsided whatever the random moves */
            continue;
        engine_clear(e);
        int n, table, result = play_game(e, board, opt, records, &n, &table);
        if (table >= 0) { /* the tables know better than the play that followed: exact labels */
            atomic_fetch_add(&c->tables, 1);
            result = table;
        }
        int quiet = 0;
        for (int i = 0; i < n; i++) {
            records[i].result = (uint8_t)result;
            quiet += !(records[i].flags & (RECORD_IN_CHECK | RECORD_CAPTURE));
        }
        if (!data_write(fd, (DataForm)opt->form, records, n, "chuhan datagen")) /* O_APPEND: one game lands whole */
            exit(1);
        atomic_fetch_add(&c->positions, (uint64_t)n);
        atomic_fetch_add(&c->quiet, (uint64_t)quiet);
        atomic_fetch_add(&c->games, 1);
        atomic_fetch_add(&c->results[result], 1);
    }
    engine_free(e);
    free(records);
    board_free(board);
}

static void progress(const Counters *c, int64_t start_us, bool done)
{
    double s = (double)(now_us() - start_us) / 1e6;
    uint64_t pos = atomic_load(&c->positions), games = atomic_load(&c->games);
    char played[160] = ""; /* none when rescoring */
    if (games)
        snprintf(played, sizeof played,
                 ", %" PRIu64 " games (red %" PRIu64 ", draw %" PRIu64 ", black %" PRIu64 "; %" PRIu64 " by the tables)",
                 games, atomic_load(&c->results[RESULT_RED_WON]), atomic_load(&c->results[RESULT_DRAW]),
                 atomic_load(&c->results[RESULT_BLACK_WON]), atomic_load(&c->tables));
    fprintf(stderr, "%s%" PRIu64 " positions (%.0f%% quiet)%s, %.0f positions/s, %.0f s\n", done ? "done: " : "", pos,
            pos ? 100.0 * (double)atomic_load(&c->quiet) / (double)pos : 0.0, played, s > 0 ? (double)pos / s : 0.0, s);
}

/* What one worker needs; the counters are the only thing workers write in common. */
typedef struct {
    const DatagenOptions *opt;
    const Openings *book;
    int fd;
    Counters *c;
#ifndef ONE_WORKER
    pid_t pids[256];
#endif
} Job;

#ifdef ONE_WORKER
static void *worker_thread(void *arg)
{
    Job *job = arg;
    worker(0, job->opt, job->book, job->fd, job->c);
    atomic_store(&job->c->running, 0);
    return NULL;
}

/* Starts the one worker; false when it could not start. */
static bool start_workers(Job *job)
{
    if (!(job->c = calloc(1, sizeof *job->c)))
        return false;
    atomic_store(&job->c->running, 1);
    pthread_t t;
    if (!has_threads()) {
        worker_thread(job); /* the progress shows once, at the end */
        return true;
    }
    if (pthread_create(&t, NULL, worker_thread, job)) {
        fprintf(stderr, "chuhan datagen: cannot start a worker\n");
        return false;
    }
    pthread_detach(t);
    return true;
}

/* Whether a worker is still playing; failed is raised for one that ended badly. */
static bool workers_running(Job *job, int *failed)
{
    (void)failed; /* a worker that fails ends the process */
    return atomic_load(&job->c->running);
}

static void free_counters(Counters *c) { free(c); }

/* A stop asked by a signal: the one worker's thread is not stopped (none is caught there). */
static bool stop_asked(void) { return false; }
static void stop_workers(Job *job) { (void)job; }
static void catch_stops(void) {}
#else
static volatile sig_atomic_t stop_signal;
static void on_stop(int sig) { stop_signal = sig; }

/*
 * TERM or INT (a kill, Ctrl-C, a cluster's time limit) stops the workers and
 * lets the run write its manifest's last line: each worker writes a game
 * whole, so what is on disk is whole games.
 */
static void catch_stops(void)
{
    struct sigaction sa = { .sa_handler = on_stop };
    sigemptyset(&sa.sa_mask);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
}

static bool stop_asked(void) { return stop_signal != 0; }

static void stop_workers(Job *job)
{
    for (int i = 0; i < job->opt->workers; i++)
        kill(job->pids[i], SIGTERM);
}

static bool start_workers(Job *job)
{
    Counters *c = mmap(NULL, sizeof *c, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (c == MAP_FAILED) {
        perror("chuhan datagen: mmap");
        return false;
    }
    memset(c, 0, sizeof *c);
    job->c = c;
    fflush(NULL);
    for (int i = 0; i < job->opt->workers; i++) {
        pid_t pid = fork();
        if (pid < 0) {
            perror("chuhan datagen: fork");
            return false;
        }
        if (pid == 0) {
            signal(SIGTERM, SIG_DFL); /* a worker stops as soon as it is told */
            signal(SIGINT, SIG_DFL);
            worker(i, job->opt, job->book, job->fd, c);
            _exit(0);
        }
        job->pids[i] = pid;
        c->running++;
    }
    return true;
}

static bool workers_running(Job *job, int *failed)
{
    int status;
    pid_t pid;
    while ((pid = waitpid(-1, &status, WNOHANG)) > 0) {
        job->c->running--;
        *failed |= !WIFEXITED(status) || WEXITSTATUS(status);
    }
    return job->c->running > 0;
}

static void free_counters(Counters *c) { munmap(c, sizeof *c); }
#endif

/*
 * What the run can do as asked: one worker where there is no fork, a shard
 * in range, and an input (to rescore or convert) that is not the output.
 */
static bool check_options(DatagenOptions *opt)
{
#ifdef ONE_WORKER
    if (opt->workers > 1)
        fprintf(stderr, "chuhan datagen: one worker at a time on " ONE_WORKER " (--threads %d asked)\n", opt->workers);
    opt->workers = 1;
#endif
    if (!opt->shards)
        opt->shard = opt->shards = 1;
    if (opt->shard < 1 || opt->shard > opt->shards) {
        fprintf(stderr, "chuhan datagen: shard %d of %d does not exist\n", opt->shard, opt->shards);
        return false;
    }
    const char *in = opt->rescore ? opt->rescore : opt->convert;
    if (!in)
        return true;
    if (!strcmp(in, opt->out)) {
        fprintf(stderr, "chuhan datagen: %s is read; write to another file\n", in);
        return false;
    }
    FILE *f = fopen(in, "rb");
    if (!f)
        perror(in);
    else
        fclose(f);
    return f != NULL;
}

/* The manifest's line for this run: every option, the build, what it wrote so far. */
static void manifest_line(const DatagenOptions *opt, const Counters *c, int64_t start_us, const char *state,
                          char *line, size_t size)
{
    time_t now = time(NULL);
    char when[32], games[24] = "-", positions[24] = "-"; /* - for no limit */
    if (opt->games)
        snprintf(games, sizeof games, "%" PRIu64, opt->games);
    if (opt->positions < UINT64_MAX / 2)
        snprintf(positions, sizeof positions, "%" PRIu64, opt->positions);
    strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    snprintf(line, size,
             "datagen seed=%" PRIu64 " shard=%d/%d games=%s positions=%s nodes=%" PRIu64
             " depth=%d random-plies=%d hash=%d threads=%d book=%s egtb=%s rescore=%s form=%s"
             " | build=\"" CHUHAN_VERSION ", " CHUHAN_BUILD "\" network=%s"
             " | wrote games=%" PRIu64 " positions=%" PRIu64 " by-tables=%" PRIu64 " seconds=%.0f %s=%s\n",
             opt->seed, opt->shard, opt->shards, games, positions, opt->nodes, opt->depth,
             opt->random_plies, opt->hash_mb, opt->workers, opt->book ? opt->book : "-", opt->egtb ? opt->egtb : "-",
             opt->rescore ? opt->rescore : "-", opt->form == FORM_CHAINS ? "chains" : "records", nnue_name(nnue_builtin()),
             atomic_load(&c->games), atomic_load(&c->positions), atomic_load(&c->tables),
             (double)(now_us() - start_us) / 1e6, state, when);
}

/*
 * Writes the input's records anew in the form asked, nothing searched; the
 * exit status. The output is made under a temporary name and put in place
 * whole: a killed conversion leaves no half of a file behind.
 */
static int convert(DatagenOptions *opt)
{
    enum { BATCH = 1 << 16 }; /* a game split at a batch's end costs one block header */
    char tmp[4096];
    if ((size_t)snprintf(tmp, sizeof tmp, "%s.tmp", opt->out) >= sizeof tmp)
        return 2;
    remove(tmp);
    if (opt->form < 0)
        opt->form = FORM_CHAINS;
    RecordReader in;
    Record *batch = malloc(BATCH * sizeof *batch);
    int fd = data_open_append(tmp, &opt->form, "chuhan datagen");
    if (!batch || fd < 0 || !reader_open(&in, opt->convert, "chuhan datagen")) {
        free(batch);
        if (fd >= 0)
            close(fd);
        return 2;
    }
    int got = 1;
    uint64_t total = 0;
    bool ok = true;
    while (ok && got > 0) {
        int n = 0;
        while (n < BATCH && (got = reader_next(&in, &batch[n])) > 0)
            n++;
        ok = data_write(fd, (DataForm)opt->form, batch, n, "chuhan datagen");
        total += (uint64_t)n;
    }
    fprintf(stderr, "converted %" PRIu64 " records of %s to %s\n", total, opt->convert,
            opt->form == FORM_CHAINS ? "chains" : "records");
    reader_close(&in);
    free(batch);
    ok = !close(fd) && ok && got == 0;
    if (ok && !file_replace(tmp, opt->out)) {
        fprintf(stderr, "chuhan datagen: cannot put %s in place\n", opt->out);
        ok = false;
    }
    return ok ? 0 : 1;
}

/* Runs the workers to the end, reporting every ten seconds and keeping the manifest's line up to date. */
static int run_workers(Job *job, const Manifest *manifest)
{
    int64_t start = now_us(), last = start;
    char line[1024];
    if (!start_workers(job))
        return 2;
    catch_stops();
    int failed = 0;
    bool stopped = false;
    while (workers_running(job, &failed)) {
        if (stop_asked() && !stopped) {
            stop_workers(job);
            stopped = true;
        }
        sleep_ms(100);
        if (now_us() - last >= 10000000) {
            progress(job->c, start, false);
            manifest_line(job->opt, job->c, start, "running", line, sizeof line);
            manifest_write(manifest, line);
            last = now_us();
        }
    }
    progress(job->c, start, true);
    stopped |= stop_asked(); /* a signal to the whole group can end the workers before the loop sees it */
    failed = failed && !stopped; /* workers stopped by the signal are not failures */
    manifest_line(job->opt, job->c, start, stopped ? "stopped" : failed ? "failed" : "ended", line, sizeof line);
    if (!manifest_write(manifest, line))
        fprintf(stderr, "chuhan datagen: cannot write %s\n", manifest->path);
    free_counters(job->c);
    return failed;
}

int datagen_run(const DatagenOptions *options)
{
    DatagenOptions run = *options;
    const DatagenOptions *opt = &run;
    if (!check_options(&run))
        return 2;
    Openings book = { 0 };
    if (opt->book && !load_book(opt->book, &book)) {
        fprintf(stderr, "chuhan datagen: no FEN read from %s\n", opt->book);
        return 2;
    }
    if (opt->convert)
        return convert(&run);
    Manifest manifest;
    int fd = data_open_append(opt->out, &run.form, "chuhan datagen"), status = 2;
    if (fd >= 0 && !manifest_open(&manifest, opt->out)) {
        fprintf(stderr, "chuhan datagen: cannot read %s\n", manifest.path);
    } else if (fd >= 0) {
        Job job = { .opt = opt, .book = &book, .fd = fd };
        status = run_workers(&job, &manifest);
        manifest_close(&manifest);
    }
    if (fd >= 0)
        close(fd);
    free(book.fens);
    return status;
}
