/*
 * `chuhan egtb census FILE...`: the endings of the table set (every ending of
 * up to five men, and the practical ones of egtb/practical.txt, built into the
 * executable) that the games of game files enter: for each ending, the games
 * with a position in it (a game counted once however often it comes back)
 * and the games whose first table ending it is. An ending is counted as its
 * table, the stronger side as red. Games with a move that cannot be read are
 * left out whole, as `chuhan pgn --mates` leaves them.
 */
#include <stdlib.h>
#include <string.h>

#include "../pgn/pgn.h"
#include "../probe/egtb_index.h"
#include "../text/words.h"
#include "census.h"

/* egtb/practical.txt, embedded by the build (tools/embed.c). */
extern const unsigned char egtb_practical[];
extern const size_t egtb_practical_size;

enum { SET_MEN = 5, PRACTICAL_MAX = 256, ROWS_MAX = 1 << 14, SLOTS = 1 << 15, GAME_ENDINGS_MAX = 64 };

typedef struct {
    Ending ending;
    long games, first;
} Row;

typedef struct {
    Ending practical[PRACTICAL_MAX];
    int npractical;
    int men; /* every ending of up to this many men is in the set */
    Row rows[ROWS_MAX];
    int nrows;
    int slot[SLOTS]; /* each row's place in a table by its men (FNV-1a), row + 1, 0 for none */
    long dropped;    /* endings entered past ROWS_MAX rows */
    Board *board;              /* each game played through on it */
    const char *path;
    int game;                  /* the game's number in its file */
    long games, left_out, entering; /* over all files */
} Census;

/* The ending as its table stores it: the stronger side red. */
static Ending stored(Ending e) { return ending_is_canonical(&e) ? e : ending_swap(&e); }

static bool same(const Ending *a, const Ending *b) { return !memcmp(a->count, b->count, sizeof a->count); }

/* The practical endings' names: the first word of each line that is no comment. */
static void read_practical(Census *c)
{
    const char *p = (const char *)egtb_practical, *end = p + egtb_practical_size;
    while (p < end) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        size_t len = eol ? (size_t)(eol - p) : (size_t)(end - p), word = strcspn(p, " \t\r\n");
        char name[TB_NAME_MAX], err[128];
        Ending e;
        if (*p != '#' && word > 0 && word < sizeof name && word <= len && c->npractical < PRACTICAL_MAX) {
            memcpy(name, p, word);
            name[word] = 0;
            if (ending_parse(name, &e, err, sizeof err))
                c->practical[c->npractical++] = stored(e);
        }
        p += len + 1;
    }
}

/* Whether the tables' set holds this ending (stored form). */
static bool in_set(const Census *c, const Ending *e)
{
    if (ending_men(e) <= c->men)
        return true;
    for (int i = 0; i < c->npractical; i++)
        if (same(&c->practical[i], e))
            return true;
    return false;
}

static Row *row_of(Census *c, const Ending *e)
{
    uint32_t h = 2166136261u;
    const uint8_t *bytes = &e->count[0][0];
    for (size_t i = 0; i < sizeof e->count; i++)
        h = (h ^ bytes[i]) * 16777619u;
    for (uint32_t k = h % SLOTS;; k = (k + 1) % SLOTS) {
        int r = c->slot[k] - 1;
        if (r >= 0 && same(&c->rows[r].ending, e))
            return &c->rows[r];
        if (r < 0) {
            if (c->nrows == ROWS_MAX) {
                c->dropped++;
                return NULL;
            }
            c->slot[k] = c->nrows + 1;
            c->rows[c->nrows] = (Row){ .ending = *e };
            return &c->rows[c->nrows++];
        }
    }
}

/* The table endings one game enters, in order, each once; returns how many. */
static int game_endings(const Census *c, const PgnGame *g, Board *b, Ending out[GAME_ENDINGS_MAX])
{
    int n = 0;
    Ending last = { 0 };
    pgn_position(g, 0, b);
    for (int ply = 0; ply <= g->nmoves; ply++) {
        Ending e = stored(ending_of_board(b));
        if (ply == 0 || !same(&e, &last)) {
            last = e;
            bool seen = false;
            for (int i = 0; i < n && !seen; i++)
                seen = same(&out[i], &e);
            if (!seen && n < GAME_ENDINGS_MAX && in_set(c, &e))
                out[n++] = e;
        }
        if (ply < g->nmoves)
            make_move(b, g->moves[ply]);
    }
    return n;
}

static bool count_game(void *ctx, PgnGame *g)
{
    Census *c = ctx;
    c->game++;
    if (pgn_left_out(g, c->path, c->game)) {
        c->left_out++;
        return true;
    }
    Ending entered[GAME_ENDINGS_MAX];
    int n = game_endings(c, g, c->board, entered);
    c->games++;
    c->entering += n > 0;
    for (int i = 0; i < n; i++) {
        Row *r = row_of(c, &entered[i]);
        if (r) {
            r->games++;
            r->first += i == 0;
        }
    }
    return true;
}

/* Most games first, then most entered first, then by name. */
static int by_games(const void *pa, const void *pb)
{
    const Row *a = pa, *b = pb;
    if (a->games != b->games)
        return a->games > b->games ? -1 : 1;
    if (a->first != b->first)
        return a->first > b->first ? -1 : 1;
    char na[TB_NAME_MAX], nb[TB_NAME_MAX];
    ending_name(&a->ending, na);
    ending_name(&b->ending, nb);
    return strcmp(na, nb);
}

static double share(long part, long whole) { return whole ? 100.0 * (double)part / (double)whole : 0.0; }

static void report(Census *c, FILE *out)
{
    qsort(c->rows, (size_t)c->nrows, sizeof *c->rows, by_games);
    fprintf(out, "games: %ld (%ld left out), %ld enter a table ending (%.2f%%)\n", c->games, c->left_out, c->entering,
            share(c->entering, c->games));
    fprintf(out, "%-10s %7s %7s %7s %7s\n", "ending", "games", "share", "first", "share");
    for (int i = 0; i < c->nrows; i++) {
        const Row *r = &c->rows[i];
        char name[TB_NAME_MAX];
        ending_name(&r->ending, name);
        fprintf(out, "%-10s %7ld %6.2f%% %7ld %6.2f%%\n", name, r->games, share(r->games, c->games), r->first,
                share(r->first, c->games));
    }
    if (c->dropped)
        fprintf(out, "(%ld more entries of endings past the first %d, not listed)\n", c->dropped, ROWS_MAX);
}

static int usage(bool help)
{
    fprintf(help ? stdout : stderr, "usage: chuhan egtb census [--men N] FILE...\n"
                                    "  the table endings the games of PGN files enter (--men N: every ending of up to N\n"
                                    "  men counted, 2 to %d, 5 by default, as well as the practical ones)\n",
            TB_MAX_MEN);
    return help ? 0 : 2;
}

int tb_census_main(int argc, char **argv)
{
    long long men = SET_MEN;
    if (argc == 1 && (!strcmp(argv[0], "--help") || !strcmp(argv[0], "-h")))
        return usage(true);
    if (argc >= 2 && !strcmp(argv[0], "--men")) {
        if (!parse_number(argv[1], 2, TB_MAX_MEN, false, &men))
            return usage(false);
        argc -= 2;
        argv += 2;
    }
    if (argc < 1 || argv[0][0] == '-')
        return usage(false);
    Census *c = calloc(1, sizeof *c);
    if (!c || !(c->board = board_new())) {
        free(c);
        fprintf(stderr, "chuhan egtb: out of memory\n");
        return 1;
    }
    c->men = (int)men;
    read_practical(c);
    int failed = 0;
    for (int i = 0; i < argc; i++) {
        char err[256];
        c->path = argv[i];
        c->game = 0;
        long before = c->left_out;
        if (pgn_read_file(argv[i], count_game, c, err, sizeof err) < 0) {
            fprintf(stderr, "chuhan: %s\n", err);
            failed = 1;
        }
        failed |= c->left_out > before;
    }
    report(c, stdout);
    board_free(c->board);
    free(c);
    return failed;
}
