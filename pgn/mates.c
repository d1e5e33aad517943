/*
 * `chuhan pgn --mates`: for each player of the games read, the mates in one
 * it had and did not play, and the moves after which the other side had one
 * though another move would have denied it. Games with a move that cannot
 * be read are left out whole.
 * A level that plays for people must do neither (docs/levels.md).
 */
#include <stdlib.h>
#include <string.h>

#include "../board/movegen.h"
#include "../notation/notation.h"
#include "../search/skill.h"
#include "pgn.h"

enum { PLAYERS_MAX = 64 };

typedef struct {
    char name[PGN_VALUE_MAX];
    long moves, missed, allowed, forced; /* forced: every move allowed a mate in one */
    long unsure;                         /* missed or allowed where the file reads two ways */
} Player;

typedef struct {
    Board *board; /* each game played through on it */
    const char *path;
    Player players[PLAYERS_MAX];
    int nplayers, games, bad;
} Tally;

static Player *player(Tally *t, const char *name)
{
    for (int i = 0; i < t->nplayers; i++)
        if (!strcmp(t->players[i].name, name))
            return &t->players[i];
    Player *p = &t->players[t->nplayers < PLAYERS_MAX ? t->nplayers++ : PLAYERS_MAX - 1];
    snprintf(p->name, sizeof p->name, "%s", name);
    return p;
}

/* Red's name: the Red tag of Chinese files, or White of chess managers' files. */
static const char *name_of(const PgnGame *g, int side)
{
    const char *name = pgn_tag(g, side == RED ? "Red" : "Black");
    if (!name && side == RED)
        name = pgn_tag(g, "White");
    return name ? name : side == RED ? "red" : "black";
}

/* Names a slip with the position it was made in, so it can be looked at. */
static void tell(const Tally *t, int ply, const Player *p, const char *what, const Board *b)
{
    char fen[FEN_MAX];
    board_get_fen(b, fen);
    printf("%s: game %d, ply %d: %s %s a mate in one: %s\n", t->path, t->games, ply + 1, p->name, what, fen);
}

static bool count_game(void *ctx, PgnGame *g)
{
    Tally *t = ctx;
    t->games++;
    if (pgn_left_out(g, t->path, t->games)) {
        t->bad++;
        return true;
    }
    Board *b = t->board;
    pgn_position(g, 0, b);
    for (int i = 0; i < g->nmoves; i++) {
        Player *p = player(t, name_of(g, b->side));
        bool could_mate = mate_in_one(b) != MOVE_NONE;
        p->moves++;
        bool sure = i < g->unsure_from || i > g->unsure_to;
        if (allows_mate_in_one(b, g->moves[i])) {
            bool avoidable = any_safe_move(b) != MOVE_NONE;
            p->allowed += avoidable && sure;
            p->unsure += avoidable && !sure;
            p->forced += !avoidable;
            if (avoidable)
                tell(t, i, p, sure ? "allowed" : "(in a game the file leaves unsure) allowed", b);
        }
        if (could_mate && !mates(b, g->moves[i])) {
            p->missed += sure;
            p->unsure += !sure;
            tell(t, i, p, sure ? "missed" : "(in a game the file leaves unsure) missed", b);
        }
        make_move(b, g->moves[i]);
    }
    return true;
}

int pgn_mates_main(int argc, char **argv)
{
    Tally *t = calloc(1, sizeof *t);
    if (t && !(t->board = board_new())) {
        free(t);
        t = NULL;
    }
    int failed = !t || !argc;
    for (int i = 0; t && i < argc; i++) {
        char err[256];
        t->path = argv[i];
        t->games = t->bad = 0;
        if (pgn_read_file(argv[i], count_game, t, err, sizeof err) < 0) {
            fprintf(stderr, "chuhan: %s\n", err);
            failed = 1;
        }
        failed |= t->bad > 0;
    }
    for (int i = 0; t && i < t->nplayers; i++) {
        const Player *p = &t->players[i];
        printf("%s: %ld moves, %ld mates in one missed, %ld allowed (and %ld when every move allowed one)", p->name,
               p->moves, p->missed, p->allowed, p->forced);
        printf(p->unsure ? "; %ld more where the file reads two ways\n" : "\n", p->unsure);
    }
    if (t)
        board_free(t->board);
    free(t);
    return failed;
}
