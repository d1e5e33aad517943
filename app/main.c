/* Command line: the protocol loop by default, or one of the shell commands. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _WIN32
#include <fcntl.h>
#include <io.h>
#endif
#ifdef __wasi__
#include <unistd.h>
#endif
#ifdef __EMSCRIPTEN__
#include "../browser/input.h"
#endif

#include "../board/board.h"
#include "../notation/notation.h"
#include "../bench/bench.h"
#include "../book/book_cmd.h"
#include "../datagen/datagen.h"
#include "../egtb/egtb_cmd.h"
#include "../search/engine.h"
#include "../perft/perft_cmd.h"
#include "../pgn/pgn.h"
#include "../play/play.h"
#include "../review/review.h"
#include "../text/words.h"
#include "../tune/tune.h"
#include "../protocol/protocol.h"
#include "../base/version.h"
#include "../lang/lang.h"


static void usage(FILE *out)
{
    fprintf(out, msg(MSG_USAGE), CHUHAN_VERSION, BENCH_DEFAULT_DEPTH);
}

/* A whole decimal argument within [lo, hi]. */
static bool parse_long(const char *s, long lo, long hi, long *out)
{
    long long v;
    if (!parse_number(s, lo, hi, false, &v))
        return false;
    *out = (long)v;
    return true;
}

static int shell_perft(int argc, char **argv)
{
    if (argc >= 1 && !strcmp(argv[0], "--suite")) {
        long max_nodes = 0;
        if (argc != 2 && !(argc == 4 && !strcmp(argv[2], "--max-nodes") && parse_long(argv[3], 0, LONG_MAX, &max_nodes))) {
            usage(stderr);
            return 2;
        }
        int failed = perft_suite(argv[1], (uint64_t)max_nodes, stdout);
        if (failed < 0)
            fprintf(stderr, "chuhan: cannot read %s\n", argv[1]);
        return failed ? 1 : 0;
    }
    long depth;
    if (argc < 1 || !parse_long(argv[0], 0, 20, &depth)) {
        fprintf(stderr, "chuhan: perft needs a depth from 0 to 20\n");
        return 2;
    }
    char fen[FEN_MAX * 2] = START_FEN;
    if (argc > 1) {
        fen[0] = 0;
        for (int i = 1; i < argc; i++) {
            if (strlen(fen) + strlen(argv[i]) + 2 > sizeof fen) {
                fprintf(stderr, "chuhan: FEN too long\n");
                return 2;
            }
            if (i > 1)
                strcat(fen, " ");
            strcat(fen, argv[i]);
        }
    }
    Board *board = board_new();
    char err[128];
    if (!board || !board_set_fen(board, fen, err, sizeof err)) {
        fprintf(stderr, "chuhan: %s\n", board ? err : "out of memory");
        board_free(board);
        return 2;
    }
    perft_divide(board, (int)depth, 0, stdout);
    board_free(board);
    return 0;
}

/* bench --endgames [--egtb DIR] [DEPTH]: endings of six and seven men, with or without tables. */
static int shell_bench_endgames(int argc, char **argv)
{
    const char *tables = NULL;
    long depth = BENCH_ENDGAME_DEPTH;
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--egtb") && i + 1 < argc)
            tables = argv[++i];
        else if (!parse_long(argv[i], 1, MAX_PLY - 8, &depth)) {
            fprintf(stderr, "chuhan: bench --endgames [--egtb DIR] [DEPTH]\n");
            return 2;
        }
    }
    return bench_endgames((int)depth, tables, stdout) ? 0 : 1;
}

/* bench [DEPTH [THREADS]] or bench --endgames ... */
static int shell_bench(int argc, char **argv)
{
    if (argc >= 1 && !strcmp(argv[0], "--endgames"))
        return shell_bench_endgames(argc - 1, argv + 1);
    long depth = BENCH_DEFAULT_DEPTH, threads = 1;
    if (argc > 2 || (argc >= 1 && !parse_long(argv[0], 1, MAX_PLY - 8, &depth))
        || (argc == 2 && !parse_long(argv[1], 1, MAX_THREADS, &threads))) {
        fprintf(stderr, "chuhan: bench takes a depth from 1 to %d and a thread count from 1 to %d\n",
                MAX_PLY - 8, MAX_THREADS);
        return 2;
    }
    bench_run((int)depth, (int)threads, stdout);
    return 0;
}

/* The shell commands: chuhan NAME ARGS... runs run(ARGS). */
static const struct {
    const char *name;
    int (*run)(int argc, char **argv);
} commands[] = {
    { "perft", shell_perft },   { "bench", shell_bench },     { "egtb", egtb_main },
    { "pgn", pgn_main },        { "book", book_main },        { "tune", tune_main },
    { "datagen", datagen_main }, { "play", play_main },       { "review", review_main },
};

int main(int argc, char **argv)
{
#ifdef _WIN32
    /* Input in binary: a CR LF ends a line anyway, and a stray Ctrl-Z must not end the session. */
    _setmode(_fileno(stdin), _O_BINARY);
#endif
#ifdef __wasi__
    /* WASI starts a program in "/": paths count from the directory its runner names, as a shell's do. */
    const char *pwd = getenv("PWD");
    if (pwd)
        (void)chdir(pwd);
#endif
    nnue_init(); /* the built-in network, checked once before any thread starts */
    Lang lang = lang_of_environment();
    if (argc >= 4 && !strcmp(argv[2], "--lang"))
        lang_parse(argv[3], &lang);
    lang_set(lang); /* for the usage; play and review choose their own */
    if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        usage(stdout);
        return 0;
    }
    if (argc >= 2 && !strcmp(argv[1], "--version")) {
        printf("Chuhan " CHUHAN_VERSION " (" CHUHAN_BUILD ")\n");
        return 0;
    }
    if (argc >= 2) {
        for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
            if (!strcmp(argv[1], commands[i].name))
                return commands[i].run(argc - 2, argv + 2);
        usage(stderr);
        return 2;
    }
#ifdef __EMSCRIPTEN__
    /* A page has no standard input: it posts its lines (browser/input.c). */
    FILE *in = posted_input();
    return in ? protocol_loop(in, stdout) : 1;
#else
    return protocol_loop(stdin, stdout);
#endif
}
