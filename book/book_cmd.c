/* `chuhan book probe BOOK FEN` and `chuhan book build OUT FILE...`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/files.h"
#include "../pgn/pgn.h"
#include "../text/words.h"
#include "book_cmd.h"
#include "build.h"

static int usage(void)
{
    fprintf(stderr, "usage: chuhan book probe BOOK [FEN | startpos] [moves M...]\n"
                    "       chuhan book build [--plies N] [--min-games N] OUT FILE...\n"
                    "         (defaults: %d plies, positions met in %d games)\n"
                    "       BOOK may be chuhan: the book Chuhan carries\n",
            BOOK_PLIES_DEFAULT, BOOK_MIN_GAMES_DEFAULT);
    return 2;
}

/* The FEN written as one or more words, or "startpos" (or nothing) for the start. */
static bool join_fen(int argc, char **argv, char fen[FEN_MAX * 2])
{
    strcpy(fen, START_FEN);
    if (!argc || (argc == 1 && !strcmp(argv[0], "startpos")))
        return true;
    fen[0] = 0;
    for (int i = 0; i < argc; i++) {
        if (strlen(fen) + strlen(argv[i]) + 2 > FEN_MAX * 2)
            return false;
        if (i)
            strcat(fen, " ");
        strcat(fen, argv[i]);
    }
    return true;
}

/* The position of FEN [moves M...]; false with the reason. */
static bool read_position(int argc, char **argv, Board *b, char *err, size_t errlen)
{
    int nfen = 0;
    while (nfen < argc && strcmp(argv[nfen], "moves"))
        nfen++;
    char fen[FEN_MAX * 2];
    if (!join_fen(nfen, argv, fen)) {
        snprintf(err, errlen, "FEN too long");
        return false;
    }
    if (!board_set_fen(b, fen, err, errlen))
        return false;
    for (int i = nfen + 1; i < argc; i++) {
        char why[160];
        Move m = move_read(b, argv[i], why, sizeof why);
        if (!m) {
            snprintf(err, errlen, "move %d '%.16s': %s", i - nfen, argv[i], why);
            return false;
        }
        make_move(b, m);
    }
    return true;
}

static int probe_main(int argc, char **argv)
{
    if (argc < 1)
        return usage();
    char err[320];
    Board *b = board_new();
    if (!b || !read_position(argc - 1, argv + 1, b, err, sizeof err)) {
        fprintf(stderr, "chuhan: book probe: %s\n", b ? err : "out of memory");
        board_free(b);
        return 2;
    }
    Book *bk = book_open(argv[0], err, sizeof err);
    if (!bk) {
        fprintf(stderr, "chuhan: book probe: %s\n", err);
        board_free(b);
        return 2;
    }
    BookMove moves[MAX_MOVES];
    int n = book_probe(bk, b, moves);
    long total = book_total(moves, n);
    for (int i = 0; i < n; i++) {
        char iccs[MOVE_STR_MAX], name[MOVE_NAME_MAX];
        move_to_str(moves[i].move, 0, iccs);
        move_name(b, moves[i].move, NOTATION_CHINESE, name);
        printf("%s %s %d %.1f%%\n", iccs, name, moves[i].weight, total ? 100.0 * moves[i].weight / (double)total : 0.0);
    }
    if (!n)
        fprintf(stderr, "chuhan: book probe: the position is not in the book\n");
    book_free(bk);
    board_free(b);
    return n ? 0 : 1;
}

typedef struct {
    BookBuilder *bb;
    Board *board;
    const char *path;
    int games, skipped;
} BuildJob;

/*
 * A game's moves up to its first bad or unsure one go in, with the game's
 * result (a move the text garbles later does not change who won); a game
 * with none is skipped.
 */
static bool add_game(void *ctx, PgnGame *g)
{
    BuildJob *job = ctx;
    job->games++;
    int n = g->nmoves;
    if (g->unsure_from <= g->unsure_to && g->unsure_from < n)
        n = g->unsure_from;
    if (!n || !board_set_fen(job->board, g->fen, NULL, 0)) {
        job->skipped++;
        return true;
    }
    book_builder_add(job->bb, job->board, g->moves, n, g->result);
    return true;
}

/* Reads --plies N and --min-games N wherever they stand; the other words are left in argv. */
static bool read_build_options(int *argc, char **argv, BookBuildOptions *opt)
{
    int kept = 0;
    for (int i = 0; i < *argc; i++) {
        long long v;
        bool plies = !strcmp(argv[i], "--plies"), min_games = !strcmp(argv[i], "--min-games");
        if (!plies && !min_games) {
            if (!strncmp(argv[i], "--", 2))
                return false;
            argv[kept++] = argv[i];
            continue;
        }
        if (i + 1 >= *argc || !parse_number(argv[i + 1], 1, plies ? 1000 : 1000000000, false, &v))
            return false;
        if (plies)
            opt->plies = (int)v;
        else
            opt->min_games = (int)v;
        i++;
    }
    *argc = kept;
    return true;
}

static int build_main(int argc, char **argv)
{
    BookBuildOptions opt = { BOOK_PLIES_DEFAULT, BOOK_MIN_GAMES_DEFAULT };
    if (!read_build_options(&argc, argv, &opt) || argc < 2)
        return usage();
    const char *out_path = argv[0];
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], out_path)) {
            fprintf(stderr, "chuhan: book build: the book '%s' would overwrite a game file\n", out_path);
            return 2;
        }
    BookBuilder *bb = malloc(sizeof *bb);
    Board *b = board_new();
    if (!bb || !b) {
        fprintf(stderr, "chuhan: book build: out of memory\n");
        free(bb);
        board_free(b);
        return 2;
    }
    book_builder_init(bb, &opt);
    BuildJob job = { bb, b, NULL, 0, 0 };
    int status = 0;
    for (int i = 1; i < argc && !status; i++) {
        char err[256];
        job.path = argv[i];
        if (pgn_read_file(argv[i], add_game, &job, err, sizeof err) < 0) {
            fprintf(stderr, "chuhan: book build: %s\n", err);
            status = 2;
        }
    }
    /* Written beside the book and renamed over it: a stopped build leaves the old book whole, never half a new one. */
    char tmp_path[4200];
    snprintf(tmp_path, sizeof tmp_path, "%s.tmp", out_path);
    FILE *out = status ? NULL : fopen(tmp_path, "wb");
    BookBuildCount count = { 0 };
    if (!status && (!out || !book_builder_write(bb, out, &count))) {
        fprintf(stderr, "chuhan: book build: cannot write '%s'%s\n", out_path, bb->failed ? ": out of memory" : "");
        status = 2;
    }
    if (out && fclose(out) && !status) {
        fprintf(stderr, "chuhan: book build: cannot write '%s'\n", out_path);
        status = 2;
    }
    if (out && !status && !file_replace(tmp_path, out_path)) {
        fprintf(stderr, "chuhan: book build: cannot rename '%s' to '%s'\n", tmp_path, out_path);
        status = 2;
    }
    if (status && out)
        remove(tmp_path);
    if (!status)
        printf("%d game%s (%d without a move), %ld position%s, %ld move%s written to %s\n", job.games,
               job.games == 1 ? "" : "s", job.skipped, count.positions, count.positions == 1 ? "" : "s", count.records,
               count.records == 1 ? "" : "s", out_path);
    book_builder_free(bb);
    free(bb);
    board_free(b);
    return status;
}

int book_main(int argc, char **argv)
{
    if (argc >= 1 && !strcmp(argv[0], "probe"))
        return probe_main(argc - 1, argv + 1);
    if (argc >= 1 && !strcmp(argv[0], "build"))
        return build_main(argc - 1, argv + 1);
    return usage();
}
