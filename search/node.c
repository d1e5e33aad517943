/*
 * The node search: a principal-variation search of each node below the root
 * and of the root's own moves, and quiescence. The root's driver
 * (iterations, windows, reports, the answer) is search.c.
 */
#include <stdatomic.h>
#include <stdlib.h>

#include "../board/movegen.h"
#include "../board/rules.h"
#include "../board/see.h"
#include "../eval/evaluate.h"
#include "movepick.h"
#include "node.h"
#include "reductions.h"
#include "search_params.h"
#include "tables.h"

/* What the moves of a node share. */
typedef struct {
    int depth, ply, root_depth;
    bool pv_node, cut_node, checked, improving;
    Move killer[2], counter;
    Move singular; /* the table's move when it alone holds the node (step 8a): a ply deeper */
    Move shallower; /* the table's move when others hold the node too (step 8a): a ply shallower */
    int cont[2];
} Node;

/* Main thread only: limits that can end the search in the middle of an iteration. */
static void check_limits(Engine *e)
{
    if (e->run.rep->poll)
        e->run.rep->poll(e->run.rep->ctx); /* first: a stop or ponderhit it reads counts at once */
    if (e->run.limits.nodes && pool_nodes(&e->pool) >= e->run.limits.nodes)
        atomic_store(&e->stop, true);
    if (e->run.ponder_pending) {
        if (atomic_load(&e->pondering))
            return;
        e->run.ponder_pending = false;
        e->tm.start = atomic_load(&e->ponderhit_at);
    }
    if (e->tm.hard && elapsed(e) >= e->tm.hard)
        atomic_store(&e->stop, true);
    if (atomic_load(&e->stop) && !atomic_load(&e->run.armed)) {
        if (!e->run.stop_seen_at)
            e->run.stop_seen_at = pool_nodes(&e->pool) + 1;
        else if (pool_nodes(&e->pool) >= e->run.stop_seen_at + DEPTH1_GRACE_NODES)
            atomic_store(&e->run.armed, true);
    }
}

/*
 * The rules that can end the game at this node: a repetition verdict, the
 * natural limit, or nobody left to mate with; VALUE_NONE when play goes on.
 * Without a legal move the side to move loses even then.
 */
static int rule_value(Thread *t, int ply)
{
    Board *b = &t->board;
    switch (repetition_verdict(b, t->root_hply)) {
    case VERDICT_DRAW: return t->draw[b->side];
    case VERDICT_WIN: return rule_win(ply);
    case VERDICT_LOSS: return rule_loss(ply);
    case VERDICT_NONE: break;
    }
    if (natural_limit_reached(b) || dead_draw(b))
        return has_legal_move(b) ? t->draw[b->side] : mated_in(ply);
    return VALUE_NONE;
}

/* Whether the side has a rook, horse or cannon: without one, zugzwang is real and null moves lie. */
static bool has_attackers(const Board *b, int side)
{
    return b->count[side][KNIGHT] + b->count[side][ROOK] + b->count[side][CANNON] > 0;
}

static inline void count_node(Thread *t)
{
    uint64_t n = atomic_load_explicit(&t->nodes, memory_order_relaxed) + 1;
    atomic_store_explicit(&t->nodes, n, memory_order_relaxed);
    if (t->id == 0 && !(n & 1023))
        check_limits(t->engine);
}

/*
 * What every node does first: its line starts empty, it is counted, and it
 * sets the selective depth. True when the iteration is interrupted: the
 * node's value would mean nothing.
 */
static inline bool enter_node(Thread *t, int ply)
{
    t->pv_len[ply] = ply;
    count_node(t);
    if (ply > t->seldepth)
        t->seldepth = ply;
    return interrupted(t);
}

static void update_pv(Thread *t, int ply, Move m)
{
    t->pv[ply][ply] = m;
    int n = t->pv_len[ply + 1];
    for (int i = ply + 1; i < n; i++)
        t->pv[ply][i] = t->pv[ply + 1][i];
    t->pv_len[ply] = n > ply + 1 ? n : ply + 1;
}

/*
 * A move's value v taken into its node: a new best, and above alpha also the
 * best move, the PV and the new alpha. True when v reaches beta: the node is
 * cut, and alpha no longer matters.
 */
static inline bool raise_best(Thread *t, int ply, Move m, int v, int beta, int *best, int *alpha, Move *best_move)
{
    if (v > *best) {
        *best = v;
        if (v > *alpha) {
            *best_move = m;
            update_pv(t, ply, m);
            if (v >= beta)
                return true;
            *alpha = v;
        }
    }
    return false;
}

/* A bounded search result is a better guess than the static value when it points the same way. */
static inline bool bound_sharpens(bool hit, const TTHit *tte, int eval)
{
    return hit && tt_settles(tte, eval - 1, eval + 1);
}

/* Quiescence: captures only (all moves in check) until the position is quiet. */
static int qsearch(Thread *t, int alpha, int beta, int ply)
{
    Board *b = &t->board;
    bool pv_node = beta - alpha > 1;
    if (enter_node(t, ply))
        return 0;

    /* 1. The ply limit. */
    bool checked = b->checked;
    if (ply >= MAX_PLY - 2)
        return checked ? 0 : evaluate(b);

    /* 2. The transposition table: a bound that settles the window ends the node. */
    TTHit tte;
    bool hit = tt_probe(&t->engine->tt, b->key, ply, &tte);
    Move tt_move = hit ? tte.move : MOVE_NONE;
    if (hit && !pv_node && tt_settles(&tte, alpha, beta))
        return tte.score;

    /* 3. Stand pat: out of check the side to move may decline every capture. */
    int best = -VALUE_INF, stand_pat = VALUE_NONE, static_eval = VALUE_NONE;
    if (!checked) {
        stand_pat = static_eval = hit && tte.eval != VALUE_NONE ? tte.eval : evaluate(b);
        /* Not a forced result, though: standing pat on a mate would claim it without its line. */
        if (bound_sharpens(hit, &tte, stand_pat) && !is_decided_score(tte.score))
            stand_pat = tte.score;
        if (stand_pat >= beta)
            return stand_pat;
        if (stand_pat > alpha)
            alpha = stand_pat;
        best = stand_pat;
    }

    /* 4. The moves: captures, or every evasion in check. */
    MovePicker mp;
    if (checked)
        picker_init(&mp, b, &t->history, tt_move, ply);
    else
        picker_init_captures(&mp, b, &t->history, tt_move);

    /* What pins the general is found only once a move gets past the cheaper tests. */
    KingSafety ks;
    bool ks_known = false;
    Move best_move = MOVE_NONE, m;
    int legal = 0, old_alpha = alpha;
    while ((m = picker_next(&mp))) {
        /* 5. Delta pruning: even winning the victim outright cannot lift us to alpha. */
        if (!checked) {
            int victim = see_value[piece_type_of[b->sq[move_to(m)]]];
            if (static_eval + victim + QS_DELTA <= alpha && victim < see_value[KING])
                continue;
        }
        /* Fetch the child's bucket before the SEE and legality tests, so their time hides the load. */
        tt_prefetch(&t->engine->tt, key_after(b, m));
        /* 6. Captures that lose material are not worth a look; when the margin alone falls short of
         *    alpha, neither are even trades, which win nothing to close the gap. */
        if (!checked && !see_ge(b, m, static_eval + QS_DELTA <= alpha ? 1 : 0))
            continue;
        if (!ks_known) {
            king_safety(b, &ks);
            ks_known = true;
        }
        if (!move_is_safe(b, m, &ks))
            continue;
        legal++;
        make_move(b, m);
        int v = -qsearch(t, -beta, -alpha, ply + 1);
        unmake_move(b);
        if (interrupted(t))
            return 0;
        if (raise_best(t, ply, m, v, beta, &best, &alpha, &best_move))
            break;
    }
    /* 7. Mated; else store the result. */
    if (checked && !legal)
        return mated_in(ply);

    int bound = best >= beta ? BOUND_LOWER : pv_node && best > old_alpha ? BOUND_EXACT : BOUND_UPPER;
    tt_store(&t->engine->tt, b->key, ply, best_move, best, static_eval, 0, bound);
    return best;
}

/*
 * A root move's value taken into its RootMove: with its line when it is the
 * first move or raised alpha; else it only failed low and is marked unscored.
 */
static void root_move_done(Thread *t, RootMove *rm, int v, bool improved_alpha, bool first)
{
    if (first || improved_alpha) {
        rm->score = v;
        rm->seldepth = t->seldepth;
        rm->pv[0] = rm->move;
        rm->pv_len = t->pv_len[1] > 1 ? t->pv_len[1] : 1;
        for (int i = 1; i < rm->pv_len; i++)
            rm->pv[i] = t->pv[1][i];
    } else {
        rm->score = -VALUE_INF;
    }
}

static int search(Thread *t, int alpha, int beta, int depth, int ply, bool cut_node);

enum { KEEP, PRUNE, PRUNE_QUIETS };
/* Whether the move checks: made and taken back, so kept for the few moves that need it. */
static bool move_checks(Board *b, Move m)
{
    make_move(b, m);
    bool check = b->checked;
    unmake_move(b);
    return check;
}

/*
 * Shallow pruning before the move is made, asked only once a move has been
 * searched so a mate is never mistaken: losing captures, late quiet moves
 * (PRUNE_QUIETS: and every quiet move after them), quiets that lose material.
 * A losing capture or quiet move that checks is kept: sacrifices that check
 * are how an attack opens the palace, and pruning them hid mates a few plies
 * away.
 */
static int prune_early(Board *b, const Node *n, Move m, bool capture, bool bad_capture, int legal)
{
    int d = n->depth;
    if (d > EARLY_PRUNE_DEPTH)
        return KEEP;
    if (capture) /* captures the picker found winning or even are never pruned here */
        return bad_capture && !see_ge(b, m, -SEE_CAPTURE_MARGIN * d) && !move_checks(b, m) ? PRUNE : KEEP;
    if (legal > (LMP_BASE + d * d) / (2 - n->improving))
        return PRUNE_QUIETS;
    /* Judged at the depth the move would be searched at after its reduction, as futility is. */
    int lmr_depth = d - 1 - lmr_table[d][legal < 64 ? legal : 63];
    if (lmr_depth < 0)
        lmr_depth = 0;
    return see_ge(b, m, -SEE_QUIET_MARGIN * lmr_depth * lmr_depth) || move_checks(b, m) ? KEEP : PRUNE;
}

/*
 * Makes the move and searches it with the node's window: futility (when
 * prunable), check extension, late move reduction, the null-window search
 * and the PVS re-searches. VALUE_NONE when futility drops the move.
 */
static int search_move(Thread *t, const Node *n, Move m, bool capture, int hist, int legal, int alpha, int beta, bool prunable)
{
    Board *b = &t->board;
    int depth = n->depth, ply = n->ply;
    Frame *f = &t->stack[ply + 2];
    f->move = m;
    make_move(b, m);
    bool gives_check = b->checked;

    /* Futility: a quiet move that does not check cannot lift a hopeless static
     * value, judged at the depth the move would be searched at after its
     * reduction. Not once alpha holds a forced result: no static value plus a
     * margin reaches it, so the quiet move of a shorter mate would be dropped. */
    int base_reduction = lmr_table[depth < 64 ? depth : 63][legal < 64 ? legal : 63];
    int lmr_depth = depth - 1 - base_reduction;
    if (lmr_depth < 0)
        lmr_depth = 0;
    if (prunable && !capture && !gives_check && !n->checked && lmr_depth <= FUTILITY_DEPTH && !is_decided_score(alpha)
        && f->static_eval + FUTILITY_BASE + FUTILITY_MARGIN * lmr_depth <= alpha && hist < FUTILITY_HISTORY) {
        unmake_move(b);
        return VALUE_NONE;
    }

    /* Checks that do not lose material are extended (not too far from the root), as is a singular move. */
    bool extend = gives_check && ply < 2 * n->root_depth;
    if (extend && !capture) {
        unmake_move(b);
        extend = see_ge(b, m, 0);
        make_move(b, m);
    }
    extend |= m == n->singular;
    int new_depth = depth - 1 + extend - (m == n->shallower);
    int v = -VALUE_INF;
    /* Late moves are searched reduced first, and again in full only if they beat alpha. */
    if (depth >= LMR_DEPTH && legal > 1 + n->pv_node && !capture) {
        int r = base_reduction;
        r += !n->improving + n->cut_node - n->pv_node - gives_check;
        r -= hist / LMR_HISTORY_DIV;
        if (m == n->killer[0] || m == n->killer[1] || m == n->counter)
            r--;
        int reduced = new_depth - (r > 0 ? r : 0);
        if (reduced < 1)
            reduced = 1;
        if (reduced > new_depth)
            reduced = new_depth;
        v = -search(t, -alpha - 1, -alpha, reduced, ply + 1, true);
        if (v > alpha && reduced < new_depth)
            v = -search(t, -alpha - 1, -alpha, new_depth, ply + 1, !n->cut_node);
    } else if (!n->pv_node || legal > 1) {
        v = -search(t, -alpha - 1, -alpha, new_depth, ply + 1, !n->cut_node);
    }
    /* In a PV node the first move, and any move that beats alpha, gets the full window. */
    if (n->pv_node && (legal == 1 || v > alpha))
        v = -search(t, -beta, -alpha, new_depth, ply + 1, false);
    unmake_move(b);
    return v;
}

/*
 * Whether the table's move is worth a singular test: a deep node, not too far
 * from the root, whose entry is a lower bound (or exact) from nearly as deep a
 * search and no forced result, which a margin below it would not mean.
 */
static bool singular_candidate(const Thread *t, const TTHit *tte, Move tt_move, int depth, int ply)
{
    return tt_move && depth >= SE_DEPTH && ply < 2 * t->root_depth
        && (tte->bound == BOUND_LOWER || tte->bound == BOUND_EXACT) && tte->depth >= depth - SE_TT_DEPTH
        && !is_decided_score(tte->score);
}

/*
 * The node searched again to about half the depth with a null window below
 * s_beta, without `move`: its value is what the other moves hold. The result
 * is not stored (it would stand for the whole node), nor is its line kept.
 */
static int search_without(Thread *t, Move move, int s_beta, int depth, int ply, bool cut_node)
{
    Frame *f = &t->stack[ply + 2];
    f->excluded = move;
    int v = search(t, s_beta - 1, s_beta, (depth - 1) / 2, ply, cut_node);
    f->excluded = MOVE_NONE;
    t->pv_len[ply] = ply;
    return v;
}

/* The node's static value, kept in its frame for the plies below: the table's where it has one, none in check. */
static int static_value(Board *b, Frame *f, bool hit, const TTHit *tte, bool checked)
{
    return f->static_eval = checked ? VALUE_NONE : hit && tte->eval != VALUE_NONE ? tte->eval : evaluate(b);
}

/* What a node's moves have found so far. */
typedef struct {
    int best, alpha, old_alpha, legal, nquiets, ncaptures;
    Move best_move, quiets[64], captures[32];
} Tally;

/*
 * Before the first move: the general's safety, the picker and what the moves
 * share (n holds the node's depth, ply and kind already); the next ply's
 * killers cleared.
 */
static void open_moves(Thread *t, Node *n, MovePicker *mp, KingSafety *ks, Move tt_move)
{
    Board *b = &t->board;
    king_safety(b, ks);
    picker_init(mp, b, &t->history, tt_move, n->ply);
    n->killer[0] = mp->killer[0];
    n->killer[1] = mp->killer[1];
    n->counter = mp->counter;
    n->cont[0] = mp->cont[0];
    n->cont[1] = mp->cont[1];
    t->history.killers[n->ply + 1][0] = t->history.killers[n->ply + 1][1] = MOVE_NONE;
}

/* A searched move's value taken in; true when the node is cut. A quiet move is kept for the histories. */
static bool tally_move(Thread *t, Tally *y, int ply, Move m, int v, int beta, bool capture)
{
    if (raise_best(t, ply, m, v, beta, &y->best, &y->alpha, &y->best_move))
        return true;
    if (!capture && y->nquiets < 64)
        y->quiets[y->nquiets++] = m;
    if (capture && y->ncaptures < 32)
        y->captures[y->ncaptures++] = m;
    return false;
}

/* After the last move: a quiet cutoff teaches the histories; the result goes into the table when `store`. */
static int close_node(Thread *t, const Node *n, const Tally *y, int beta, bool store)
{
    Board *b = &t->board;
    if (y->best >= beta && b->sq[move_to(y->best_move)] == EMPTY)
        history_update_quiet(&t->history, b, n->ply, n->depth, y->best_move, y->quiets, y->nquiets);
    if (y->best >= beta)
        history_update_captures(&t->history, b, n->depth, y->best_move, y->captures, y->ncaptures);
    int bound = y->best >= beta ? BOUND_LOWER : n->pv_node && y->best > y->old_alpha ? BOUND_EXACT : BOUND_UPPER;
    int best = y->best;
    /* A cutoff below the root pulled towards beta, the more the shallower: a shallow search overshoots. */
    if (n->ply && best >= beta && !is_decided_score(best) && !is_decided_score(beta))
        best = (best * n->depth + beta) / (n->depth + 1);
    if (store)
        tt_store(&t->engine->tt, b->key, n->ply, y->best_move, best, t->stack[n->ply + 2].static_eval, n->depth, bound);
    return best;
}

/* The principal-variation search of one node below the root, to `depth` plies. */
static int search(Thread *t, int alpha, int beta, int depth, int ply, bool cut_node)
{
    Board *b = &t->board;
    bool pv_node = beta - alpha > 1;
    /* 1. The rules: a repetition verdict, the natural limit, nothing left to mate with. */
    int v = rule_value(t, ply);
    if (v != VALUE_NONE) {
        t->pv_len[ply] = ply;
        return v;
    }
    /* 2. At the horizon, quiescence. */
    if (depth <= 0)
        return qsearch(t, alpha, beta, ply);
    if (enter_node(t, ply))
        return 0;

    Frame *f = &t->stack[ply + 2]; /* two sentinel frames below the root */
    Move excluded = f->excluded;   /* set only while step 8a searches this node without it */
    bool checked = b->checked;
    /* 3. The ply limit, and mate-distance pruning: no line from here can beat a forced result
     *    already found nearer the root. */
    if (ply >= MAX_PLY - 2)
        return checked ? 0 : evaluate(b);
    if (alpha < rule_loss(ply))
        alpha = rule_loss(ply);
    if (beta > rule_win(ply + 1))
        beta = rule_win(ply + 1);
    if (alpha >= beta)
        return alpha;

    /* 4. The transposition table: a deep enough bound that settles the window ends the node
     *    (not one searched without a move: the stored value counts that move). */
    TTHit tte;
    bool hit = tt_probe(&t->engine->tt, b->key, ply, &tte);
    Move tt_move = hit ? tte.move : MOVE_NONE;
    if (hit && !pv_node && !excluded && tte.depth >= depth && tt_settles(&tte, alpha, beta))
        return tte.score;

    /* 4a. The endgame tables: a position they hold needs no search. */
    int tb;
    if (!excluded && table_score(t, ply, &tb))
        return tb;

    /* 5. The static value, and whether it improves on ours two plies back. */
    int eval = static_value(b, f, hit, &tte, checked);
    bool improving = false;
    if (!checked) {
        if (bound_sharpens(hit, &tte, eval))
            eval = tte.score;
        improving = f[-2].static_eval != VALUE_NONE && f->static_eval > f[-2].static_eval;
    }

    /* Without a move the node asks what the others hold, which the position's own value cannot answer. */
    if (!pv_node && !checked && !excluded) {
        /* 6. Reverse futility: so far above beta that a shallow search will not come back down. */
        bool worsening = f[-1].static_eval != VALUE_NONE && f->static_eval > -f[-1].static_eval;
        if (depth <= RFP_DEPTH && eval - RFP_MARGIN * (3 * (depth - improving) - worsening) / 3 >= beta
            && !is_decided_score(beta))
            return eval;
        /* 7. Null move: even passing keeps us above beta. */
        if (depth >= NMP_DEPTH && eval >= beta && f[-1].move != NULL_MOVE && has_attackers(b, b->side)
            && !is_decided_score(beta)) {
            int over = (eval - beta) / NMP_EVAL_DIV;
            int r = NMP_BASE + depth / NMP_DEPTH_DIV + (over < NMP_EVAL_MAX ? over : NMP_EVAL_MAX);
            f->move = NULL_MOVE;
            make_null(b);
            v = -search(t, -beta, -beta + 1, depth - r, ply + 1, !cut_node);
            unmake_null(b);
            if (interrupted(t))
                return 0;
            if (v >= beta)
                return v >= VALUE_TABLE_BOUND ? beta : v;
        }
    }

    /* 8. Internal iterative reduction: without a hash move this node is probably less important. */
    if (!tt_move && depth >= IIR_DEPTH && (pv_node || cut_node))
        depth--;

    /* 8a. Singular extension: when every other move falls short of a bound below the table's
     *     score, the table's move alone holds the node and is searched a ply deeper; when they
     *     too reach beta, the node is cut (multi-cut); when they reach that bound only, the
     *     table's move is not all the node rests on and is searched a ply shallower where it
     *     was already above beta or the node is expected to cut. */
    Move singular = MOVE_NONE, shallower = MOVE_NONE;
    if (!excluded && singular_candidate(t, &tte, tt_move, depth, ply)) {
        int s_beta = tte.score - SE_MARGIN * depth / 8;
        v = search_without(t, tt_move, s_beta, depth, ply, cut_node);
        if (interrupted(t))
            return 0;
        if (v < s_beta)
            singular = tt_move;
        else if (s_beta >= beta)
            return s_beta;
        else if (tte.score >= beta || cut_node)
            shallower = tt_move;
    }

    /* 9. The moves, best first by the picker's stages. */
    Node n = {
        .depth = depth, .ply = ply, .root_depth = t->root_depth, .pv_node = pv_node, .cut_node = cut_node,
        .checked = checked, .improving = improving, .singular = singular, .shallower = shallower,
    };
    MovePicker mp;
    KingSafety ks;
    open_moves(t, &n, &mp, &ks, tt_move);
    Tally y = { .best = -VALUE_INF, .alpha = alpha, .old_alpha = alpha };
    for (Move m; (m = picker_next(&mp));) {
        if (m == excluded || !move_is_safe(b, m, &ks))
            continue;
        y.legal++;
        /* As in quiescence: the load overlaps the pruning tests; a pruned move wastes one prefetch. */
        tt_prefetch(&t->engine->tt, key_after(b, m));
        bool capture = b->sq[move_to(m)] != EMPTY;
        int hist = capture ? 0 : history_score(&t->history, b, n.cont, m);

        /* 10. Pruning before the move is made: losing captures, late and losing quiet moves. */
        if (y.best > -VALUE_TABLE_BOUND && !checked) {
            int p = prune_early(b, &n, m, capture, picker_bad_stage(&mp), y.legal);
            if (p == PRUNE_QUIETS)
                picker_skip_quiets(&mp);
            if (p != KEEP)
                continue;
        }

        /* 11. The move searched: futility, extension, reduction, null window and re-searches. */
        v = search_move(t, &n, m, capture, hist, y.legal, y.alpha, beta, y.best > -VALUE_TABLE_BOUND);
        if (v == VALUE_NONE)
            continue;
        if (interrupted(t))
            return 0;
        if (tally_move(t, &y, ply, m, v, beta, capture))
            break;
    }

    /* 12. No legal move: checkmate or stalemate, both lose; without the excluded move, the others fail low. */
    if (!y.legal)
        return excluded ? alpha : mated_in(ply);
    /* 13. The histories and the table (not for a search without a move: it stands for part of the node). */
    return close_node(t, &n, &y, beta, !excluded);
}

/*
 * The root: the root moves from the line being searched (pv_index) on, in
 * their order, each one's score and line kept in its RootMove. Aspiration
 * never gives the root a null window, so it is a PV node: no bound from the
 * table cuts it and nothing is pruned before its moves; its moves are the
 * root moves, never the table's or the rules' verdicts.
 */
int search_root(Thread *t, int alpha, int beta, int depth)
{
    Engine *e = t->engine;
    Board *b = &t->board;
    if (enter_node(t, 0))
        return 0;
    TTHit tte;
    bool hit = tt_probe(&e->tt, b->key, 0, &tte);
    static_value(b, &t->stack[2], hit, &tte, b->checked);

    Node n = { .depth = depth, .ply = 0, .root_depth = t->root_depth, .pv_node = true, .checked = b->checked };
    MovePicker mp;
    KingSafety ks;
    open_moves(t, &n, &mp, &ks, t->root[t->pv_index].move);
    Tally y = { .best = -VALUE_INF, .alpha = alpha, .old_alpha = alpha };
    for (int i = t->pv_index; i < t->nroot; i++) {
        RootMove *rm = &t->root[i];
        Move m = rm->move;
        y.legal++;
        tt_prefetch(&e->tt, key_after(b, m));
        bool capture = b->sq[move_to(m)] != EMPTY;
        int hist = capture ? 0 : history_score(&t->history, b, n.cont, m);
        if (t->id == 0 && e->run.rep->currmove && elapsed(e) > REPORT_PROGRESS_MS)
            e->run.rep->currmove(e->run.rep->ctx, depth, m, i + 1);

        uint64_t nodes_before = atomic_load_explicit(&t->nodes, memory_order_relaxed);
        int v = search_move(t, &n, m, capture, hist, y.legal, y.alpha, beta, false);
        if (interrupted(t))
            return 0;
        rm->nodes += atomic_load_explicit(&t->nodes, memory_order_relaxed) - nodes_before;
        root_move_done(t, rm, v, v > y.alpha, y.legal == 1);
        if (tally_move(t, &y, 0, m, v, beta, capture))
            break;
    }
    /* Only the first line stands for the position in the table: the others leave the better ones out. */
    return close_node(t, &n, &y, beta, t->pv_index == 0);
}
