#include "../board/movegen.h"
#include "movepick.h"
#include "../board/see.h"
#include "search_params.h"

enum {
    STAGE_TT,
    STAGE_CAPTURES_INIT,
    STAGE_GOOD_CAPTURES,
    STAGE_KILLER_1,
    STAGE_KILLER_2,
    STAGE_COUNTER,
    STAGE_QUIETS_INIT,
    STAGE_QUIETS,
    STAGE_BAD_CAPTURES,
    STAGE_DONE,
};

/* What both kinds of picker set alike; tt_move is already checked playable here. */
static void picker_start(MovePicker *mp, Board *b, const History *h, Move tt_move, bool quiescence)
{
    mp->b = b;
    mp->h = h;
    mp->tt_move = tt_move;
    mp->stage = tt_move ? STAGE_TT : STAGE_CAPTURES_INIT;
    mp->bad_count = 0;
    mp->quiescence = quiescence;
    mp->skip_quiets = false;
}

void picker_init(MovePicker *mp, Board *b, const History *h, Move tt_move, int ply)
{
    picker_start(mp, b, h, tt_move && move_is_pseudo(b, tt_move) ? tt_move : MOVE_NONE, false);
    mp->killer[0] = h->killers[ply][0];
    mp->killer[1] = h->killers[ply][1];
    continuation_slots(b, mp->cont);
    mp->counter = counter_move(h, mp->cont);
}

void picker_init_captures(MovePicker *mp, Board *b, const History *h, Move tt_move)
{
    picker_start(mp, b, h, tt_move && b->sq[move_to(tt_move)] && move_is_pseudo(b, tt_move) ? tt_move : MOVE_NONE,
                 true);
    mp->killer[0] = mp->killer[1] = mp->counter = MOVE_NONE;
}

bool picker_bad_stage(const MovePicker *mp) { return mp->stage == STAGE_BAD_CAPTURES || mp->stage == STAGE_DONE; }

/* Moves the best-scored remaining move to the front and returns it. */
static Move pick_best(MovePicker *mp)
{
    int best = mp->index;
    for (int i = mp->index + 1; i < mp->count; i++)
        if (mp->scores[i] > mp->scores[best])
            best = i;
    Move m = mp->moves[best];
    int s = mp->scores[best];
    mp->moves[best] = mp->moves[mp->index];
    mp->scores[best] = mp->scores[mp->index];
    mp->moves[mp->index] = m;
    mp->scores[mp->index++] = s;
    return m;
}

/* A killer or counter move is tried early only if it is a new, playable quiet move here. */
static bool usable_quiet(const MovePicker *mp, Move m)
{
    return m && !mp->skip_quiets && m != mp->tt_move && !mp->b->sq[move_to(m)] && move_is_pseudo(mp->b, m);
}

static bool is_special(const MovePicker *mp, Move m)
{
    return m == mp->tt_move || m == mp->killer[0] || m == mp->killer[1] || m == mp->counter;
}

Move picker_next(MovePicker *mp)
{
    Move m;
    switch (mp->stage) {
    case STAGE_TT:
        mp->stage = STAGE_CAPTURES_INIT;
        return mp->tt_move;

    case STAGE_CAPTURES_INIT:
        mp->count = gen_captures(mp->b, mp->moves);
        mp->index = 0;
        for (int i = 0; i < mp->count; i++) {
            int victim = piece_type_of[mp->b->sq[move_to(mp->moves[i])]];
            int attacker = piece_type_of[mp->b->sq[move_from(mp->moves[i])]];
            mp->scores[i] = see_value[victim] * 8 - see_value[attacker] / 100
                + capture_history(mp->h, mp->b, mp->moves[i]) / CAPTURE_HISTORY_DIV;
        }
        mp->stage = STAGE_GOOD_CAPTURES;
        /* fall through */
    case STAGE_GOOD_CAPTURES:
        while (mp->index < mp->count) {
            m = pick_best(mp);
            if (m == mp->tt_move)
                continue;
            if (!mp->quiescence && !see_ge(mp->b, m, 0)) {
                mp->bad[mp->bad_count++] = m;
                continue;
            }
            return m;
        }
        if (mp->quiescence) {
            mp->stage = STAGE_DONE;
            return MOVE_NONE;
        }
        mp->stage = STAGE_KILLER_1;
        /* fall through */
    case STAGE_KILLER_1:
        mp->stage = STAGE_KILLER_2;
        if (usable_quiet(mp, mp->killer[0]))
            return mp->killer[0];
        /* fall through */
    case STAGE_KILLER_2:
        mp->stage = STAGE_COUNTER;
        if (mp->killer[1] != mp->killer[0] && usable_quiet(mp, mp->killer[1]))
            return mp->killer[1];
        /* fall through */
    case STAGE_COUNTER:
        mp->stage = STAGE_QUIETS_INIT;
        if (mp->counter != mp->killer[0] && mp->counter != mp->killer[1] && usable_quiet(mp, mp->counter))
            return mp->counter;
        /* fall through */
    case STAGE_QUIETS_INIT:
        mp->count = mp->skip_quiets ? 0 : gen_quiets(mp->b, mp->moves);
        for (int i = 0; i < mp->count; i++)
            mp->scores[i] = history_score(mp->h, mp->b, mp->cont, mp->moves[i]);
        mp->index = 0;
        mp->stage = STAGE_QUIETS;
        /* fall through */
    case STAGE_QUIETS:
        while (!mp->skip_quiets && mp->index < mp->count) {
            m = pick_best(mp);
            if (!is_special(mp, m))
                return m;
        }
        mp->index = 0;
        mp->stage = STAGE_BAD_CAPTURES;
        /* fall through */
    case STAGE_BAD_CAPTURES:
        if (mp->index < mp->bad_count)
            return mp->bad[mp->index++];
        mp->stage = STAGE_DONE;
        /* fall through */
    default:
        return MOVE_NONE;
    }
}
