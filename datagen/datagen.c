/*
 * Self-play data generation. Each worker is a process of its own, so that
 * every game has the whole engine to itself (one search, one table); the
 * workers share only the output file, which they append to a game at a time,
 * and a page of counters the parent reports from. Windows and WASI have no
 * fork: there one worker runs, in a thread of the process (WASI has none
 * either: in the process itself).
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, which POSIX does not name */
#include <errno.h>
#include <fcntl.h>
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
#include <sys/mman.h>
#include <sys/wait.h>
#endif

#include "../base/clock.h"
#include "../board/movegen.h"
#include "../notation/notation.h"
#include "../base/platform.h"
#include "../base/random.h"
#include "../board/rules.h"
#include "../search/engine.h"
#include "../search/tt.h"
#include "datagen.h"
#include "record.h"

/* Adjudication: a game is decided once both sides' scores agree for this long, or drawn when level. */
enum {
    WIN_SCORE = 1000, WIN_PLIES = 6,
    DRAW_SCORE = 20, DRAW_PLIES = 20, DRAW_FROM_PLY = 80,
    MAX_GAME_PLIES = 400,
    OPENING_MAX_SCORE = 300, /* a random opening more lopsided than this is played again */
};

#ifndef O_BINARY
#define O_BINARY 0 /* only Windows tells text files from binary ones */
#endif

typedef struct {
    _Atomic uint64_t positions, games, quiet;
    _Atomic uint64_t results[3];
    _Atomic int running;
} Counters;

typedef struct {
    char (*fens)[FEN_MAX];
    int count;
} Book;

static bool load_book(const char *path, Book *book)
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
static bool random_opening(Engine *e, Board *b, const DatagenOptions *opt, const Book *book, uint64_t *rng)
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

/* Plays one game from b, appending its records to out; returns the result (red's view). */
static int play_game(Engine *e, Board *b, const DatagenOptions *opt, Record *out, int *count)
{
    int win_run = 0, draw_run = 0, result = -1;
    *count = 0;
    for (int ply = 0; result < 0; ply++) {
        Move best;
        int v = search_score(e, b, opt, &best);
        if (!best)
            return b->side == RED ? RESULT_BLACK_WON : RESULT_RED_WON;
        record_from_board(b, v, best, &out[(*count)++]);

        int red_view = b->side == RED ? v : -v;
        if (is_mate_score(v))
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

static void write_all(int fd, const void *data, size_t n)
{
    const char *p = data;
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            perror("chuhan datagen: write");
            exit(1);
        }
        p += w;
        n -= (size_t)w;
    }
}

/* Records searched again before each write: a kill loses at most the chunk under way. */
enum { RESCORE_CHUNK = 1024 };

/*
 * Worker id's share of a rescoring: chunks id, id + workers, ... of the
 * input, each record's position searched again (the table cleared at each
 * chunk, so the scores do not depend on the number of workers) and written
 * with its new score; the move, result and flags are the game's. Records
 * that are not positions are left out.
 */
static void rescore(Engine *e, Board *board, int id, const DatagenOptions *opt, int fd, Counters *c)
{
    FILE *in = fopen(opt->rescore, "rb");
    uint8_t *bytes = malloc(RESCORE_CHUNK * RECORD_BYTES);
    if (!in || !bytes) {
        perror(opt->rescore);
        exit(1);
    }
    size_t n;
    for (int chunk = 0; atomic_load(&c->positions) < opt->positions
                        && (n = fread(bytes, RECORD_BYTES, RESCORE_CHUNK, in)) > 0; chunk++) {
        if (chunk % opt->workers != id)
            continue;
        engine_clear(e);
        size_t kept = 0, quiet = 0;
        for (size_t i = 0; i < n; i++) {
            Record r;
            Move best;
            record_unpack(bytes + i * RECORD_BYTES, &r);
            if (!record_is_position(&r))
                continue;
            record_to_board(&r, board);
            r.score = (int16_t)search_score(e, board, opt, &best);
            quiet += !(r.flags & (RECORD_IN_CHECK | RECORD_CAPTURE));
            record_pack(&r, bytes + kept++ * RECORD_BYTES);
        }
        write_all(fd, bytes, kept * RECORD_BYTES);
        atomic_fetch_add(&c->positions, (uint64_t)kept);
        atomic_fetch_add(&c->quiet, (uint64_t)quiet);
    }
    fclose(in);
    free(bytes);
}

/* Worker id's games, or its share of a rescoring, until the run has its positions. */
static void worker(int id, const DatagenOptions *opt, const Book *book, int fd, Counters *c)
{
    uint64_t rng = opt->seed * 0x100000001B3ull + (uint64_t)id;
    Board *board = board_new();
    Record *records = malloc(MAX_GAME_PLIES * sizeof *records);
    uint8_t *bytes = malloc(MAX_GAME_PLIES * RECORD_BYTES);
    Engine *e = engine_new();
    if (!board || !records || !bytes || !e || !engine_set_hash(e, (size_t)opt->hash_mb)) {
        fprintf(stderr, "chuhan datagen: out of memory\n");
        exit(1);
    }
    if (opt->rescore)
        rescore(e, board, id, opt, fd, c);
    while (!opt->rescore && atomic_load(&c->positions) < opt->positions) {
        if (!random_opening(e, board, opt, book, &rng))
            continue;
        engine_clear(e);
        int n, result = play_game(e, board, opt, records, &n);
        int quiet = 0;
        for (int i = 0; i < n; i++) {
            records[i].result = (uint8_t)result;
            quiet += !(records[i].flags & (RECORD_IN_CHECK | RECORD_CAPTURE));
            record_pack(&records[i], bytes + (size_t)i * RECORD_BYTES);
        }
        write_all(fd, bytes, (size_t)n * RECORD_BYTES); /* O_APPEND: one game lands whole */
        atomic_fetch_add(&c->positions, (uint64_t)n);
        atomic_fetch_add(&c->quiet, (uint64_t)quiet);
        atomic_fetch_add(&c->games, 1);
        atomic_fetch_add(&c->results[result], 1);
    }
    engine_free(e);
    free(bytes);
    free(records);
    board_free(board);
}

static void progress(const Counters *c, int64_t start_us, bool done)
{
    double s = (double)(now_us() - start_us) / 1e6;
    uint64_t pos = atomic_load(&c->positions), games = atomic_load(&c->games);
    char played[128] = ""; /* none when rescoring */
    if (games)
        snprintf(played, sizeof played, ", %" PRIu64 " games (red %" PRIu64 ", draw %" PRIu64 ", black %" PRIu64 ")",
                 games, atomic_load(&c->results[RESULT_RED_WON]), atomic_load(&c->results[RESULT_DRAW]),
                 atomic_load(&c->results[RESULT_BLACK_WON]));
    fprintf(stderr, "%s%" PRIu64 " positions (%.0f%% quiet)%s, %.0f positions/s, %.0f s\n", done ? "done: " : "", pos,
            pos ? 100.0 * (double)atomic_load(&c->quiet) / (double)pos : 0.0, played, s > 0 ? (double)pos / s : 0.0, s);
}

/*
 * A run killed in the middle of a write can leave part of a record at the
 * end of the file; the games appended after it would then be read out of
 * step. The part is cut off before anything is added.
 */
static bool cut_torn_record(int fd, const char *path)
{
    off_t size = lseek(fd, 0, SEEK_END);
    if (size < 0 || size % RECORD_BYTES == 0)
        return size >= 0;
    fprintf(stderr, "chuhan datagen: %s ends in a torn record; cutting its last %d bytes\n", path,
            (int)(size % RECORD_BYTES));
    if (ftruncate(fd, size - size % RECORD_BYTES) == 0)
        return true;
    perror(path);
    return false;
}

/* What one worker needs; the counters are the only thing workers write in common. */
typedef struct {
    const DatagenOptions *opt;
    const Book *book;
    int fd;
    Counters *c;
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
#else
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
            worker(i, job->opt, job->book, job->fd, c);
            _exit(0);
        }
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

/* What the run can do as asked: one worker where there is no fork, and an input to rescore that is not the output. */
static bool check_options(DatagenOptions *opt)
{
#ifdef ONE_WORKER
    if (opt->workers > 1)
        fprintf(stderr, "chuhan datagen: one worker at a time on " ONE_WORKER " (--threads %d asked)\n", opt->workers);
    opt->workers = 1;
#endif
    if (!opt->rescore)
        return true;
    if (!strcmp(opt->rescore, opt->out)) {
        fprintf(stderr, "chuhan datagen: --rescore reads %s; write the new records to another file\n", opt->rescore);
        return false;
    }
    FILE *in = fopen(opt->rescore, "rb");
    if (!in)
        perror(opt->rescore);
    else
        fclose(in);
    return in != NULL;
}

int datagen_run(const DatagenOptions *options)
{
    DatagenOptions run = *options;
    const DatagenOptions *opt = &run;
    if (!check_options(&run))
        return 2;
    Book book = { 0 };
    if (opt->book && !load_book(opt->book, &book)) {
        fprintf(stderr, "chuhan datagen: no FEN read from %s\n", opt->book);
        return 2;
    }
    int fd = open(opt->out, O_WRONLY | O_CREAT | O_APPEND | O_BINARY, 0644);
    if (fd < 0) {
        perror(opt->out);
        return 2;
    }
    if (!cut_torn_record(fd, opt->out)) {
        close(fd);
        return 2;
    }
    Job job = { .opt = opt, .book = &book, .fd = fd };
    int64_t start = now_us(), last = start;
    if (!start_workers(&job))
        return 2;
    int failed = 0;
    while (workers_running(&job, &failed)) {
        sleep_ms(100);
        if (now_us() - last >= 10000000) {
            progress(job.c, start, false);
            last = now_us();
        }
    }
    progress(job.c, start, true);
    close(fd);
    free(book.fens);
    free_counters(job.c);
    return failed;
}

static void usage(FILE *out)
{
    fprintf(out,
            "usage: chuhan datagen [options]\n"
            "  --out FILE          append records here (default chuhan-data.bin); 40 bytes each, see datagen/record.h\n"
            "  --positions N       stop after N positions (default 1000000)\n"
            "  --nodes N           search budget per move (default 4000)\n"
            "  --depth N           a fixed depth per move instead\n"
            "  --threads N         games at once, one process each (default 2)\n"
            "  --random-plies N    random legal moves before the engine plays (default 8)\n"
            "  --book FILE         start from a random FEN of FILE (EPD) instead of the start position\n"
            "  --hash MB           table per worker (default 2)\n"
            "  --seed N            random seed (default 1); equal options and seed replay the same games\n"
            "  --rescore FILE      play no games: search each record of FILE again (--nodes or --depth)\n"
            "                      and append it to --out with the new score, its move and result kept\n");
}

/* A whole number argument in [lo, hi]. */
static bool arg_number(const char *s, uint64_t lo, uint64_t hi, uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (!*s || *end || errno || *s == '-' || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

int datagen_main(int argc, char **argv)
{
    DatagenOptions opt = {
        .positions = 1000000, .nodes = 4000, .workers = 2, .random_plies = 8, .hash_mb = 2, .seed = 1,
        .out = "chuhan-data.bin",
    };
    for (int i = 0; i < argc; i += 2) { /* flag and value pairs */
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        uint64_t n = 0;
        bool ok = true;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        } else if (!v) {
            ok = false;
        } else if (!strcmp(a, "--out")) {
            opt.out = v;
        } else if (!strcmp(a, "--book")) {
            opt.book = v;
        } else if (!strcmp(a, "--rescore")) {
            opt.rescore = v;
        } else if (!strcmp(a, "--positions") && (ok = arg_number(v, 1, UINT64_MAX / 2, &n))) {
            opt.positions = n;
        } else if (!strcmp(a, "--nodes") && (ok = arg_number(v, 1, UINT64_MAX / 2, &n))) {
            opt.nodes = n;
        } else if (!strcmp(a, "--depth") && (ok = arg_number(v, 1, MAX_PLY - 8, &n))) {
            opt.depth = (int)n;
        } else if (!strcmp(a, "--threads") && (ok = arg_number(v, 1, 256, &n))) {
            opt.workers = (int)n;
        } else if (!strcmp(a, "--random-plies") && (ok = arg_number(v, 0, 40, &n))) {
            opt.random_plies = (int)n;
        } else if (!strcmp(a, "--hash") && (ok = arg_number(v, 1, 4096, &n))) {
            opt.hash_mb = (int)n;
        } else if (!strcmp(a, "--seed") && (ok = arg_number(v, 0, UINT64_MAX, &n))) {
            opt.seed = n;
        } else {
            ok = false;
        }
        if (!ok) {
            fprintf(stderr, "chuhan datagen: bad argument '%s'%s%s\n", a, v ? " " : "", v ? v : "");
            usage(stderr);
            return 2;
        }
    }
    return datagen_run(&opt);
}
