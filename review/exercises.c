/*
 * A review's mistakes and blunders as exercises: each the position the move
 * was played in ([FEN]), the review's better line as the solution, and tags
 * a trainer reads: the move's number ([Move "19."]), the move played, its
 * mark and the share of the expected score it lost.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../board/movegen.h"
#include "../lang/lang.h"
#include "review.h"

/* The exercise of move i: its position, the better line's legal moves, the tags and the task in words. */
static void exercise_of(const GameReview *r, int i, int number, Board *b, PgnGame *out, char *task, size_t cap)
{
    const PgnGame *g = &r->game;
    const PositionEval *p = &r->pos[i];
    char played[MOVE_NAME_MAX], value[PGN_VALUE_MAX], loss[16];
    pgn_move_text(b, g->moves[i], g->notation, played);
    pgn_game_init(out);
    board_get_fen(b, out->fen);
    out->notation = g->notation;
    const char *event = pgn_tag(g, "Event");
    snprintf(value, sizeof value, msg(MSG_EXERCISE_EVENT), number, event && *event ? event : "?");
    pgn_set_tag(out, "Event", value);
    for (int k = 0; k < 4; k++) {
        static const char *const copied[] = { "Site", "Date", "Red", "Black" };
        if (pgn_tag(g, copied[k]))
            pgn_set_tag(out, copied[k], pgn_tag(g, copied[k]));
    }
    snprintf(value, sizeof value, "%d%s", b->fullmove, b->side == RED ? "." : "...");
    pgn_set_tag(out, "Move", value);
    pgn_set_tag(out, "Played", played);
    pgn_set_tag(out, "Mark", lang_en[r->verdict[i].mark == MARK_BLUNDER ? MSG_BLUNDER : MSG_MISTAKE]);
    snprintf(loss, sizeof loss, "%.3f", r->verdict[i].loss);
    pgn_set_tag(out, "Loss", loss);
    int n = 0;
    for (; n < p->pv_len && move_is_legal(b, p->pv[n]); n++) {
        out->moves[n] = p->pv[n];
        make_move(b, p->pv[n]);
    }
    out->nmoves = n;
    while (n--)
        unmake_move(b);
    snprintf(task, cap, msg(MSG_EXERCISE_FIND), msg(b->side == RED ? MSG_SIDE_RED : MSG_SIDE_BLACK), played,
             mark_name(r->verdict[i].mark), 100 * r->verdict[i].loss);
}

int write_exercises(FILE *f, const GameReview *r, int first)
{
    static PgnGame exercise;
    const PgnGame *g = &r->game;
    Board *b = board_new();
    int written = 0;
    if (!b)
        return -1;
    pgn_position(g, 0, b);
    for (int i = 0; i < g->nmoves; i++) {
        if (r->verdict[i].mark >= MARK_MISTAKE && r->pos[i].pv_len > 0) {
            char task[PGN_VALUE_MAX], closing[PGN_VALUE_MAX + 8];
            exercise_of(r, i, first + written, b, &exercise, task, sizeof task);
            snprintf(closing, sizeof closing, "{ %s }", task);
            const PgnNotes notes = { .closing = closing };
            PgnText text = { 0 };
            if (pgn_write_annotated(&text, &exercise, exercise.notation, &notes))
                fwrite(text.data, 1, text.len, f);
            free(text.data);
            written++;
        }
        make_move(b, g->moves[i]);
    }
    board_free(b);
    return written;
}
