/* Moves in and out of a session: parsed in its notation and checked, named in its notation. */
#include <stdlib.h>

#include "../board/movegen.h"
#include "io.h"
#include "session_state.h"
#include "moves.h"

Move parse_legal_move(Session *s, Board *b, const char *tok)
{
    Move m = move_parse(tok, s->rank_base);
    return m && move_is_legal(b, m) ? m : MOVE_NONE;
}

void format_move(const Session *s, Move m, char out[MOVE_STR_MAX]) { move_to_str(m, s->rank_base, out); }

void print_moves(Session *s, const Board *b, const Move *moves, int n)
{
    /* Names depend on the position each move is played in: replay the line on a copy. */
    Board *copy = s->notation == NOTATION_ICCS ? NULL : board_new();
    if (copy)
        board_copy(copy, b);
    for (int i = 0; i < n; i++) {
        char text[MOVE_NAME_MAX];
        if (copy && move_is_legal(copy, moves[i])) {
            move_name(copy, moves[i], s->notation, text);
            make_move(copy, moves[i]);
        } else {
            format_move(s, moves[i], text);
        }
        out_text(&s->out, " %s", text);
    }
    board_free(copy);
}

