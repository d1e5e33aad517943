/*
 * The review as PGN: after every move its evaluation ([%eval], red's view, as
 * lichess writes it), its mark as a NAG ($6 inaccuracy, $2 mistake, $4
 * blunder), and after a mistake or a blunder the engine's line instead; at
 * the end each side's average loss and marks.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../board/movegen.h"
#include "../board/score.h"
#include "../lang/lang.h"
#include "review.h"

static void add(PgnText *t, const char *s)
{
    pgn_text_add(t, s, strlen(s));
}

static void addf(PgnText *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void addf(PgnText *t, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    add(t, buf);
}

void eval_text(const PositionEval *p, int score, char out[16])
{
    int v = p->side == RED ? score : -score;
    if (is_mate_score(v)) { /* in the winner's moves: those of the side to move, or of the other */
        int plies = forced_plies(score), moves = score > 0 ? (plies + 1) / 2 : plies / 2;
        snprintf(out, 16, "#%d", v > 0 ? moves : -moves);
    } else {
        snprintf(out, 16, "%.2f", v / 100.0);
    }
}

/* The engine's line from b, its first move followed by the evaluation it expects; b is restored. */
static void add_line(PgnText *t, Board *b, const PositionEval *p, Notation notation)
{
    char eval[16];
    eval_text(p, p->score, eval);
    int played = 0;
    add(t, "(");
    for (; played < p->pv_len && move_is_legal(b, p->pv[played]); played++) {
        char name[MOVE_NAME_MAX];
        pgn_move_text(b, p->pv[played], notation, name);
        if (b->side == RED)
            addf(t, "%s%d. %s", played ? " " : "", b->fullmove, name);
        else if (played <= 1) /* the first move, or the first after the comment */
            addf(t, "%s%d... %s", played ? " " : "", b->fullmove, name);
        else
            addf(t, " %s", name);
        if (!played)
            addf(t, " { [%%eval %s] }", eval);
        make_move(b, p->pv[played]);
    }
    while (played--)
        unmake_move(b);
    add(t, ")");
}

/*
 * What follows move i: its mark, its evaluation (the move's own, searched
 * from where it was played), and for a mistake or a blunder the better line.
 */
static void add_move_notes(PgnText *t, Board *b, const GameReview *r, int i, Notation notation)
{
    const PositionEval *before = &r->pos[i], *after = &r->pos[i + 1];
    const MoveVerdict *v = &r->verdict[i];
    if (v->mark)
        addf(t, "$%d ", mark_nag(v->mark));
    if (after->final) {
        add(t, "{ ");
        addf(t, msg(MSG_NO_LEGAL_MOVE_WINS), msg(after->side == RED ? MSG_RED : MSG_BLACK),
             msg(after->side == RED ? MSG_BLACK_WINS : MSG_RED_WINS));
        add(t, " }");
        return;
    }
    char eval[16];
    eval_text(before, before->played, eval);
    addf(t, "{ [%%eval %s]", eval);
    if (v->mark) {
        char best[MOVE_NAME_MAX];
        pgn_move_text(b, before->pv[0], notation, best);
        addf(t, msg(MSG_MARK_NOTE), mark_name(v->mark), 100 * v->loss, best);
    }
    add(t, " }");
    if (v->mark >= MARK_MISTAKE) {
        add(t, " ");
        add_line(t, b, before, notation);
    }
}

/* A player's name for a comment: the braces that would end it left out. */
static void player_name(const PgnGame *g, int side, char out[PGN_VALUE_MAX])
{
    const char *name = pgn_tag(g, side == RED ? "Red" : "Black");
    if (!name)
        name = pgn_tag(g, side == RED ? "White" : "Black");
    size_t n = 0;
    for (; name && *name && n < PGN_VALUE_MAX - 1; name++)
        if (*name != '{' && *name != '}')
            out[n++] = *name;
    out[n] = 0;
}

static void add_side_summary(PgnText *t, const GameReview *r, int side)
{
    const PgnGame *g = &r->game;
    int moves = 0, cp = 0, marks[MARK_NB] = { 0 };
    double loss = 0;
    for (int i = 0; i < g->nmoves; i++)
        if (r->pos[i].side == side) {
            moves++;
            loss += r->verdict[i].loss;
            cp += r->verdict[i].cp_loss;
            marks[r->verdict[i].mark]++;
        }
    char name[PGN_VALUE_MAX];
    player_name(g, side, name);
    addf(t, msg(*name ? MSG_RECORD_NAMED : MSG_RECORD), msg(side == RED ? MSG_SIDE_RED : MSG_SIDE_BLACK), name);
    if (!moves) {
        add(t, msg(MSG_NO_MOVE));
        return;
    }
    addf(t, msg(moves == 1 ? MSG_MOVES_ONE : MSG_MOVES), moves);
    addf(t, msg(MSG_AVERAGE_LOSS), 100 * loss / moves, (cp + moves / 2) / moves);
    static const Msg counted[MARK_NB][2] = { { 0 }, { MSG_INACCURACIES, MSG_INACCURACIES_ONE }, { MSG_MISTAKES, MSG_MISTAKES_ONE },
                                             { MSG_BLUNDERS, MSG_BLUNDERS_ONE } };
    for (Mark m = MARK_INACCURACY; m < MARK_NB; m++)
        addf(t, msg(counted[m][marks[m] == 1]), marks[m]);
    add(t, msg(MSG_SENTENCE_END));
}

/* The closing comment: where a game cut short stops, then each side's record. */
static void add_summary(PgnText *t, const GameReview *r)
{
    add(t, "{ ");
    if (r->game.error[0]) {
        char why[PGN_ERROR_MAX * 2];
        lang_reason(r->game.error, why, sizeof why);
        addf(t, msg(MSG_REVIEWED_UP_TO), why);
    }
    add_side_summary(t, r, RED);
    add(t, " ");
    add_side_summary(t, r, BLACK);
    add(t, " }");
}

bool annotate_game(PgnText *text, const GameReview *r, Notation notation)
{
    const PgnGame *g = &r->game;
    PgnText *notes = calloc((size_t)g->nmoves + 1, sizeof *notes);
    const char **after = calloc((size_t)g->nmoves + 1, sizeof *after);
    Board *b = board_new();
    bool ok = notes && after && b;
    if (ok) {
        pgn_position(g, 0, b);
        for (int i = 0; i < g->nmoves; i++) {
            add_move_notes(&notes[i], b, r, i, notation);
            make_move(b, g->moves[i]);
            after[i] = notes[i].data;
            ok &= !notes[i].failed;
        }
        add_summary(&notes[g->nmoves], r);
        ok &= !notes[g->nmoves].failed;
    }
    if (ok) {
        const PgnNotes all = { .after = after, .closing = notes[g->nmoves].data };
        ok = pgn_write_annotated(text, g, notation, &all);
    }
    for (int i = 0; notes && i <= g->nmoves; i++)
        free(notes[i].data);
    free(notes);
    free(after);
    board_free(b);
    return ok;
}
