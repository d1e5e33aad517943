#include "movegen.h"
#include "rules.h"
#include "tables.h"

int natural_limit(RuleSet r) { return r == RULES_ASIAN ? NATURAL_LIMIT_ASIAN : NATURAL_LIMIT_REPETITION_DRAW; }

int natural_count(const Board *b)
{
    int n = b->rule60;
    if (b->rules != RULES_ASIAN)
        return n;
    for (int side = RED; side <= BLACK; side++)
        if (b->checks[side] > FREE_CHECKS)
            n -= 2 * (b->checks[side] - FREE_CHECKS);
    return n;
}

bool natural_limit_reached(const Board *b)
{
    int limit = natural_limit(b->rules);
    return b->rule60 >= limit && natural_count(b) >= limit; /* the count never exceeds rule60 */
}

bool dead_draw(const Board *b)
{
    for (int side = RED; side <= BLACK; side++)
        for (int type = KNIGHT; type <= PAWN; type++)
            if (b->count[side][type])
                return false;
    return true;
}

/* Whether the side to move has a legal capture landing on sq. */
static bool can_take_on(Board *b, int sq)
{
    Move caps[MAX_MOVES];
    KingSafety ks;
    king_safety(b, &ks);
    int n = gen_captures(b, caps);
    for (int i = 0; i < n; i++)
        if (move_to(caps[i]) == sq && move_is_safe(b, caps[i], &ks))
            return true;
    return false;
}

/* Attacks that count whatever defends the target: a lesser piece on a greater one. */
static bool always_counts(int attacker, int target)
{
    if (attacker == KNIGHT || attacker == CANNON)
        return target == ROOK;
    if (attacker == ADVISOR || attacker == BISHOP)
        return target == ROOK || target == KNIGHT || target == CANNON;
    return false;
}

/* chased_men() for the side to move. */
static uint32_t chased_by_mover(Board *b)
{
    int side = b->side;
    Move caps[MAX_MOVES];
    KingSafety ks;
    king_safety(b, &ks);
    int n = gen_captures(b, caps);
    uint32_t set = 0;
    for (int i = 0; i < n; i++) {
        Move m = caps[i];
        int from = move_from(m), to = move_to(m);
        int a = piece_type_of[b->sq[from]], target = b->sq[to], t = piece_type_of[target];
        if (a == KING || a == PAWN || t == KING || (t == PAWN && own_half[side ^ 1][to]))
            continue;
        if (set >> (target - 16) & 1 || !move_is_safe(b, m, &ks))
            continue;
        bool counts = always_counts(a, t);
        if (!counts) {
            make_move(b, m);
            counts = !can_take_on(b, to);
            unmake_move(b);
        }
        if (counts && a == t) {
            /* Two men of a kind facing each other offer a trade, unless the target cannot take back. */
            make_null(b);
            counts = !move_is_legal(b, move_of(to, from));
            unmake_null(b);
        }
        if (counts)
            set |= 1u << (target - 16);
    }
    return set;
}

uint32_t chased_men(Board *b, int side)
{
    if (side == b->side)
        return chased_by_mover(b);
    make_null(b);
    uint32_t set = chased_by_mover(b);
    unmake_null(b);
    return set;
}

Verdict judge_cycle(Board *b, int n)
{
    int us = b->side;
    bool all_checks[2] = { true, true }, any_check[2] = { false, false };
    for (int k = 0; k < n; k++) {
        const Undo *u = &b->hist[b->hply - n + k];
        int mover = k % 2 ? us ^ 1 : us; /* the cycle starts with our move */
        all_checks[mover] &= u->gave_check;
        any_check[mover] |= u->gave_check;
    }
    if (all_checks[us] || all_checks[us ^ 1])
        return all_checks[us] == all_checks[us ^ 1] ? VERDICT_DRAW : all_checks[us] ? VERDICT_LOSS : VERDICT_WIN;

    /* Replay the cycle, keeping for each side the men it newly attacked with every move. */
    Move moves[UNDO_MAX];
    for (int k = n - 1; k >= 0; k--) {
        moves[k] = b->hist[b->hply - 1].move;
        unmake_move(b);
    }
    uint32_t chased[2] = { ~0u, ~0u };
    for (int k = 0; k < n; k++) {
        int mover = b->side;
        uint32_t before = chased_men(b, mover);
        make_move(b, moves[k]);
        chased[mover] &= chased_men(b, mover) & ~before;
    }
    /* A side that mixes checks with its chases is not chasing perpetually. */
    for (int side = RED; side <= BLACK; side++)
        if (any_check[side])
            chased[side] = 0;
    if (!chased[us] == !chased[us ^ 1])
        return VERDICT_DRAW;
    return chased[us] ? VERDICT_LOSS : VERDICT_WIN;
}

Verdict repetition_verdict(Board *b, int root_hply)
{
    int window = b->rule60 < b->hply ? b->rule60 : b->hply;
    int first = 0; /* plies back to the latest earlier occurrence */
    for (int i = 2; i <= window; i += 2) {
        if (b->hist[b->hply - i + 1].move == NULL_MOVE || b->hist[b->hply - i].move == NULL_MOVE)
            break;
        if (i < 4 || b->hist[b->hply - i].key != b->key)
            continue;
        if (!first)
            first = i;
        /* A repetition inside the search, or the third occurrence reaching back before the root. */
        if (first != i || b->hply - i >= root_hply)
            return b->rules == RULES_ASIAN ? judge_cycle(b, first) : VERDICT_DRAW;
    }
    return VERDICT_NONE;
}

GameEnd game_end_of(Board *b)
{
    int us = b->side;
    if (!has_legal_move(b))
        return (GameEnd){ b->checked ? END_MATE : END_STALEMATE, us ^ 1, false };
    /* A side loses a repetition only for checking, or chasing, with every move of the cycle: its last move tells which. */
    switch (repetition_verdict(b, b->hply)) {
    case VERDICT_WIN: return (GameEnd){ END_PERPETUAL, us, b->hist[b->hply - 1].gave_check };
    case VERDICT_LOSS: return (GameEnd){ END_PERPETUAL, us ^ 1, b->hist[b->hply - 2].gave_check };
    case VERDICT_DRAW: return (GameEnd){ END_REPETITION, -1, false };
    case VERDICT_NONE: break;
    }
    if (natural_limit_reached(b))
        return (GameEnd){ END_NATURAL, -1, false };
    if (dead_draw(b))
        return (GameEnd){ END_DEAD, -1, false };
    return (GameEnd){ END_NONE, -1, false };
}
