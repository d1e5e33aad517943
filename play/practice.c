#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../base/clock.h"
#include "../probe/egtb_index.h"
#include "../lang/lang.h"
#include "practice.h"

/* Positions drawn before giving up: most of a winning ending's positions are wins, so a few suffice. */
enum { DRAWS_MAX = 20000 };

/* A position of the layout drawn at random, or false when its men share a point or it is not a position the rules allow. */
static bool draw_position(const TbLayout *l, int side, uint64_t *rng, Board *b)
{
    *rng ^= *rng << 13, *rng ^= *rng >> 7, *rng ^= *rng << 17;
    TbPos pos;
    tb_position(l, *rng % l->size, &pos);
    pos.side = side;
    for (int i = 0; i < l->men; i++)
        for (int j = 0; j < i; j++)
            if (pos.sq[i] == pos.sq[j])
                return false;
    tb_to_board(l, &pos, b);
    char fen[FEN_MAX], err[128];
    board_get_fen(b, fen);
    return board_set_fen(b, fen, err, sizeof err); /* the side not to move in check, or the generals facing, refused */
}

bool practice_position(Practice *pr, Engine *e, const char *ending, int side, char fen[FEN_MAX], char *err, size_t errlen)
{
    static TbLayout layout;
    static UndoStack undo;
    Board b;
    Ending en;
    if (!ending_parse(ending, &en, err, errlen))
        return false;
    tb_layout(&layout, &en);
    board_attach(&b, &undo);
    uint64_t rng = ((uint64_t)time(NULL) << 20) ^ (uint64_t)now_ms() ^ 0x9E3779B97F4A7C15ULL;
    for (int n = 0; n < DRAWS_MAX; n++) {
        TbResult r;
        if (!draw_position(&layout, side, &rng, &b) || !engine_probe_tables(e, &b, &r))
            continue;
        bool red_wins = side == RED ? tb_win(r.value) : tb_loss(r.value);
        if (red_wins && !(r.flags & (TB_FLAG_LIMIT | TB_FLAG_RULE)) && tb_plies(r.value) >= 3) {
            board_get_fen(&b, fen);
            *pr = (Practice){ .on = true, .winner = RED, .best = (tb_plies(r.value) + 1) / 2 };
            return true;
        }
    }
    snprintf(err, errlen, msg(MSG_PRACTICE_NONE), ending);
    return false;
}

bool practice_result(const Practice *pr, const Game *g, char *out, size_t cap)
{
    int winner = !strcmp(g->record.result, "1-0") ? RED : !strcmp(g->record.result, "0-1") ? BLACK : -1, moves = 0;
    if (!pr->on || winner != pr->winner)
        return false;
    for (int ply = 0; ply < g->ply; ply++)
        moves += game_side(g, ply) == winner;
    snprintf(out, cap, msg(MSG_PRACTICE_DONE), moves, pr->best);
    return true;
}
