/*
 * The search: iterative deepening with aspiration windows over a principal-
 * variation search and quiescence. Threads share only the transposition
 * table (Lazy SMP): each searches the whole tree, and a helper starts one
 * depth deeper when another thread is already on its depth.
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "../base/clock.h"
#include "../eval/evaluate.h"
#include "../board/movegen.h"
#include "movepick.h"
#include "../board/rules.h"
#include "engine_state.h"
#include "engine.h"
#include "reductions.h"
#include "search_params.h"
#include "../board/see.h"
#include "skill.h"
#include "threads.h"
#include "timeman.h"
#include "tt.h"


/* What the moves of a node share. */
typedef struct {
    int depth, ply, root_depth;
    bool pv_node, cut_node, checked, improving;
    Move killer[2], counter;
    Move singular; /* the table's move when it alone holds the node (step 8a): a ply deeper */
    Move shallower; /* the table's move when others hold the node too (step 8a): a ply shallower */
    int cont[2];
} Node;

/*
 * A stop (from the GUI, the clock or the node limit) takes effect only once
 * the main thread has finished depth 1, so even an instant stop answers with
 * a searched move and a real score.
 */
static inline bool stopped(const Engine *e)
{
    return atomic_load_explicit(&e->stop, memory_order_relaxed) && atomic_load_explicit(&e->armed, memory_order_relaxed);
}

/*
 * A thread also drops an iteration another thread has completed: it would
 * only redo that work. Either reason stays true until the thread is back in
 * iterate(): the values returned on the way there mean nothing.
 */
static inline bool interrupted(const Thread *t)
{
    const Engine *e = t->engine;
    return stopped(e) || atomic_load_explicit(&e->completed, memory_order_relaxed) >= t->root_depth;
}

static int64_t elapsed(const Engine *e) { return now_ms() - e->tm.start; }

/* Main thread only: limits that can end the search in the middle of an iteration. */
static void check_limits(Engine *e)
{
    if (e->rep->poll)
        e->rep->poll(e->rep->ctx); /* first: a stop or ponderhit it reads counts at once */
    if (e->limits.nodes && pool_nodes(&e->pool) >= e->limits.nodes)
        atomic_store(&e->stop, true);
    if (e->ponder_pending) {
        if (atomic_load(&e->pondering))
            return;
        e->ponder_pending = false;
        e->tm.start = atomic_load(&e->ponderhit_at);
    }
    if (e->tm.hard && elapsed(e) >= e->tm.hard)
        atomic_store(&e->stop, true);
    if (atomic_load(&e->stop) && !atomic_load(&e->armed)) {
        if (!e->stop_seen_at)
            e->stop_seen_at = pool_nodes(&e->pool) + 1;
        else if (pool_nodes(&e->pool) >= e->stop_seen_at + DEPTH1_GRACE_NODES)
            atomic_store(&e->armed, true);
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

/*
 * The endgame tables' value of the position, if they hold it and can say it
 * exactly: a draw (or a result the natural limit undoes) as a draw, a mate
 * as a mate score, a result of the perpetual-check rule as a rule score.
 * Where the plies already counted towards the natural limit may end the game
 * first, or the distance is past what scores hold, they say nothing (the
 * probe's result is in *out whenever they hold the position).
 */
static bool table_value(Thread *t, int ply, int *v, TbResult *out)
{
    Engine *e = t->engine;
    Board *b = &t->board;
    TbResult r;
    if (!e->table_men || board_men(b) > e->table_men || !tb_probe_nowait(e->tables, b, &r))
        return false;
    *out = r;
    atomic_store_explicit(&t->tbhits, atomic_load_explicit(&t->tbhits, memory_order_relaxed) + 1, memory_order_relaxed);
    int plies = tb_plies(r.value), end = ply + plies;
    if (r.value == TB_DRAW || (r.flags & TB_FLAG_LIMIT)) {
        *v = t->draw[b->side];
        return true;
    }
    if (natural_count(b) + plies > natural_limit(b->rules) || end >= ((r.flags & TB_FLAG_RULE) ? MAX_PLY : 2 * MAX_PLY))
        return false;
    bool win = tb_win(r.value);
    if (r.flags & TB_FLAG_RULE)
        *v = win ? rule_win(end) : rule_loss(end);
    else
        *v = win ? mate_in(end) : mated_in(end);
    return true;
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
    t->pv_len[ply] = ply;
    count_node(t);
    if (ply > t->seldepth)
        t->seldepth = ply;
    if (interrupted(t))
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
        if (bound_sharpens(hit, &tte, stand_pat) && !is_mate_score(tte.score))
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
        picker_init_captures(&mp, b, tt_move);

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
        /* 6. Captures that lose material are not worth a look. */
        if (!checked && !see_ge(b, m, 0))
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
    return see_ge(b, m, -SEE_QUIET_MARGIN * d * d) || move_checks(b, m) ? KEEP : PRUNE;
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

    /* Futility: a quiet move that does not check cannot lift a hopeless static value. */
    if (prunable && !capture && !gives_check && !n->checked && depth <= FUTILITY_DEPTH
        && f->static_eval + FUTILITY_BASE + FUTILITY_MARGIN * depth <= alpha && hist < FUTILITY_HISTORY) {
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
        int r = lmr_table[depth < 64 ? depth : 63][legal < 64 ? legal : 63];
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
        && !is_mate_score(tte->score);
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

/* The principal-variation search of one node, to `depth` plies. */
static int search(Thread *t, int alpha, int beta, int depth, int ply, bool cut_node)
{
    Board *b = &t->board;
    bool root = ply == 0, pv_node = beta - alpha > 1;
    /* 1. The rules: a repetition verdict, the natural limit, nothing left to mate with. */
    if (!root) {
        int v = rule_value(t, ply);
        if (v != VALUE_NONE) {
            t->pv_len[ply] = ply;
            return v;
        }
    }
    /* 2. At the horizon, quiescence. */
    if (depth <= 0)
        return qsearch(t, alpha, beta, ply);

    t->pv_len[ply] = ply;
    count_node(t);
    if (ply > t->seldepth)
        t->seldepth = ply;
    if (interrupted(t))
        return 0;

    Frame *f = &t->stack[ply + 2]; /* two sentinel frames below the root */
    Move excluded = f->excluded;   /* set only while step 8a searches this node without it */
    bool checked = b->checked;
    /* 3. The ply limit, and mate-distance pruning: no line from here can beat a forced result
     *    already found nearer the root. */
    if (!root) {
        if (ply >= MAX_PLY - 2)
            return checked ? 0 : evaluate(b);
        if (alpha < rule_loss(ply))
            alpha = rule_loss(ply);
        if (beta > rule_win(ply + 1))
            beta = rule_win(ply + 1);
        if (alpha >= beta)
            return alpha;
    }

    /* 4. The transposition table: a deep enough bound that settles the window ends the node
     *    (not one searched without a move: the stored value counts that move). */
    TTHit tte;
    bool hit = tt_probe(&t->engine->tt, b->key, ply, &tte);
    Move tt_move = root ? t->root[t->pv_index].move : hit ? tte.move : MOVE_NONE;
    if (hit && !pv_node && !excluded && tte.depth >= depth && tt_settles(&tte, alpha, beta))
        return tte.score;

    /* 4a. The endgame tables: a position they hold needs no search. */
    int tb;
    TbResult tbr;
    if (!root && !excluded && table_value(t, ply, &tb, &tbr))
        return tb;

    /* 5. The static value, and whether it improves on ours two plies back. */
    int eval;
    bool improving = false;
    if (checked) {
        eval = f->static_eval = VALUE_NONE;
    } else {
        eval = f->static_eval = hit && tte.eval != VALUE_NONE ? tte.eval : evaluate(b);
        if (bound_sharpens(hit, &tte, eval))
            eval = tte.score;
        improving = f[-2].static_eval != VALUE_NONE && f->static_eval > f[-2].static_eval;
    }

    /* Without a move the node asks what the others hold, which the position's own value cannot answer. */
    if (!pv_node && !checked && !excluded) {
        /* 6. Reverse futility: so far above beta that a shallow search will not come back down. */
        if (depth <= RFP_DEPTH && eval - RFP_MARGIN * (depth - improving) >= beta && !is_mate_score(beta))
            return eval;
        /* 7. Null move: even passing keeps us above beta. */
        if (depth >= NMP_DEPTH && eval >= beta && f[-1].move != NULL_MOVE && has_attackers(b, b->side)
            && !is_mate_score(beta)) {
            int over = (eval - beta) / NMP_EVAL_DIV;
            int r = NMP_BASE + depth / NMP_DEPTH_DIV + (over < NMP_EVAL_MAX ? over : NMP_EVAL_MAX);
            f->move = NULL_MOVE;
            make_null(b);
            int v = -search(t, -beta, -beta + 1, depth - r, ply + 1, !cut_node);
            unmake_null(b);
            if (interrupted(t))
                return 0;
            if (v >= beta)
                return v >= VALUE_MATE_BOUND ? beta : v;
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
    if (!root && !excluded && singular_candidate(t, &tte, tt_move, depth, ply)) {
        int s_beta = tte.score - SE_MARGIN * depth / 8, v = search_without(t, tt_move, s_beta, depth, ply, cut_node);
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
    KingSafety ks;
    king_safety(b, &ks);
    MovePicker mp;
    picker_init(&mp, b, &t->history, tt_move, ply);
    Node n = {
        .depth = depth, .ply = ply, .root_depth = t->root_depth,
        .pv_node = pv_node, .cut_node = cut_node, .checked = checked, .improving = improving,
        .killer = { mp.killer[0], mp.killer[1] }, .counter = mp.counter, .singular = singular, .shallower = shallower,
        .cont = { mp.cont[0], mp.cont[1] },
    };
    Move best_move = MOVE_NONE, m, quiets[64];
    int best = -VALUE_INF, old_alpha = alpha, legal = 0, nquiets = 0, root_index = 0;
    t->history.killers[ply + 1][0] = t->history.killers[ply + 1][1] = MOVE_NONE;

    for (;;) {
        RootMove *rm = NULL;
        if (root) {
            if (t->pv_index + root_index >= t->nroot)
                break;
            rm = &t->root[t->pv_index + root_index++];
            m = rm->move;
        } else if (!(m = picker_next(&mp))) {
            break;
        } else if (m == excluded || !move_is_safe(b, m, &ks)) {
            continue;
        }
        legal++;
        /* As in quiescence: the load overlaps the pruning tests; a pruned move wastes one prefetch. */
        tt_prefetch(&t->engine->tt, key_after(b, m));
        bool capture = b->sq[move_to(m)] != EMPTY;
        int hist = capture ? 0 : history_score(&t->history, b, n.cont, m);

        if (root && t->id == 0 && t->engine->rep->currmove && elapsed(t->engine) > REPORT_PROGRESS_MS)
            t->engine->rep->currmove(t->engine->rep->ctx, depth, m, t->pv_index + root_index);

        /* 10. Pruning before the move is made: losing captures, late and losing quiet moves. */
        if (!root && best > -VALUE_MATE_BOUND && !checked) {
            int p = prune_early(b, &n, m, capture, picker_bad_stage(&mp), legal);
            if (p == PRUNE_QUIETS)
                picker_skip_quiets(&mp);
            if (p != KEEP)
                continue;
        }

        /* 11. The move searched: futility, extension, reduction, null window and re-searches. */
        uint64_t nodes_before = atomic_load_explicit(&t->nodes, memory_order_relaxed);
        int v = search_move(t, &n, m, capture, hist, legal, alpha, beta, !root && best > -VALUE_MATE_BOUND);
        if (v == VALUE_NONE)
            continue;
        if (interrupted(t))
            return 0;

        if (root) {
            rm->nodes += atomic_load_explicit(&t->nodes, memory_order_relaxed) - nodes_before;
            root_move_done(t, rm, v, v > alpha, legal == 1);
        }
        if (raise_best(t, ply, m, v, beta, &best, &alpha, &best_move))
            break;
        if (!capture && nquiets < 64)
            quiets[nquiets++] = m;
    }

    /* 12. No legal move: checkmate or stalemate, both lose; without the excluded move, the others fail low. */
    if (!legal)
        return excluded ? alpha : mated_in(ply);

    /* 13. A quiet cutoff teaches the histories; the result goes into the table. */
    if (best >= beta && b->sq[move_to(best_move)] == EMPTY)
        history_update_quiet(&t->history, b, ply, depth, best_move, quiets, nquiets);

    int bound = best >= beta ? BOUND_LOWER : pv_node && best > old_alpha ? BOUND_EXACT : BOUND_UPPER;
    if (!excluded && (!root || t->pv_index == 0))
        tt_store(&t->engine->tt, b->key, ply, best_move, best, f->static_eval, depth, bound);
    return best;
}

/* Stable insertion sort by score, best first; ties keep the order of the last iteration. */
static void sort_root(RootMove *rm, int n)
{
    for (int i = 1; i < n; i++) {
        RootMove tmp = rm[i];
        int j = i;
        for (; j > 0 && (rm[j - 1].score < tmp.score
                         || (rm[j - 1].score == tmp.score && rm[j - 1].prev_score < tmp.prev_score));
             j--)
            rm[j] = rm[j - 1];
        rm[j] = tmp;
    }
}

static void report(const Thread *t, int index, int depth, int bound)
{
    Engine *e = t->engine;
    const RootMove *rm = &t->root[index];
    bool fresh = rm->score != -VALUE_INF;
    if (index == 0) {
        e->last_reported = rm->pv[0];
        e->last_reported_score = bound == BOUND_EXACT ? (fresh ? rm->score : rm->prev_score) : VALUE_NONE;
    }
    if (!e->rep->info)
        return; /* nobody listens: spare the table sampling */
    int64_t ms = elapsed(e);
    uint64_t nodes = pool_nodes(&e->pool);
    SearchInfo info = {
        .depth = fresh ? depth : depth - 1 > 1 ? depth - 1 : 1,
        .seldepth = rm->seldepth,
        .multipv = index + 1,
        .score = fresh ? rm->score : rm->prev_score,
        .bound = bound,
        .nodes = nodes,
        .nps = ms > 0 ? nodes * 1000 / (uint64_t)ms : nodes * 1000,
        .time_ms = ms,
        .hashfull = tt_hashfull(&e->tt),
        .tbhits = pool_tbhits(&e->pool),
        .pv_len = rm->pv_len,
        .pv = rm->pv,
    };
    /* A line that ends in the tables goes on as they play it, to the mate. */
    Move line[MAX_PLY];
    if (e->table_men && rm->pv_len > 0) {
        memcpy(line, rm->pv, sizeof *line * (size_t)rm->pv_len);
        info.pv_len = tb_extend_line(e->tables, &t->board, line, rm->pv_len, MAX_PLY);
        info.pv = line;
    }
    e->rep->info(e->rep->ctx, &info);
}

/*
 * A forced result (mate or rule verdict) proven with plies to spare: deeper
 * iterations would only repeat it, each in a moment, up to the maximum depth.
 */
static bool forced_result_settled(int score, int depth)
{
    return is_mate_score(score) && depth >= 2 * forced_plies(score) + FORCED_MARGIN;
}

/*
 * The first thread to complete a depth reports it and decides, for all of
 * them, whether to go on: depth, mate and time limits, with the time scaled
 * by how stable the best move and its score have been.
 */
static void iteration_done(Thread *t, int depth, int multipv)
{
    Engine *e = t->engine;
    pthread_mutex_lock(&e->lock);
    if (depth > atomic_load(&e->completed)) {
        atomic_store(&e->completed, depth);
        atomic_store(&e->armed, true);
        for (int i = 0; i < multipv && i < e->opt.multipv; i++)
            report(t, i, depth, BOUND_EXACT);

        const RootMove *best = &t->root[0];
        e->stable = best->move == e->last_best ? e->stable + 1 : 0;
        e->last_best = best->move;
        int drop = e->last_score != VALUE_NONE ? e->last_score - best->score : 0;
        e->last_score = best->score;
        uint64_t all = 0;
        for (int i = 0; i < t->nroot; i++)
            all += t->root[i].nodes;
        double share = all ? (double)best->nodes / (double)all : 0;
        bool pondering = e->ponder_pending || atomic_load(&e->pondering);
        bool timed = e->tm.soft && !pondering;
        if ((e->limits.depth && depth >= e->limits.depth) || (e->limits.mate && best->score >= mate_in(2 * e->limits.mate - 1))
            || (timed && elapsed(e) > (int64_t)(e->tm.soft * time_scale(e->stable, drop, share)))
            || (!e->limits.infinite && !pondering && forced_result_settled(best->score, depth))
            || (e->skill.limited && depth >= e->skill.min_depth && pool_nodes(&e->pool) >= e->skill.nodes))
            atomic_store(&e->stop, true);
    }
    pthread_mutex_unlock(&e->lock);
}

/*
 * One root line at `depth` in a window around its last score, widened on
 * the side it fails until the score falls inside. Sorts the lines after it.
 */
static void aspiration(Thread *t, int depth, int multipv)
{
    Engine *e = t->engine;
    int prev = t->root[t->pv_index].prev_score, delta = ASPIRATION_DELTA;
    int alpha = -VALUE_INF, beta = VALUE_INF;
    if (depth >= ASPIRATION_DEPTH && prev > -VALUE_INF) {
        alpha = prev - delta > -VALUE_INF ? prev - delta : -VALUE_INF;
        beta = prev + delta < VALUE_INF ? prev + delta : VALUE_INF;
    }
    t->seldepth = 0;
    for (;;) {
        int v = search(t, alpha, beta, depth, 0, false);
        sort_root(t->root + t->pv_index, t->nroot - t->pv_index);
        if (interrupted(t))
            return;
        int bound = v <= alpha ? BOUND_UPPER : v >= beta ? BOUND_LOWER : BOUND_EXACT;
        if (t->id == 0 && bound != BOUND_EXACT && multipv == 1 && elapsed(e) > REPORT_PROGRESS_MS)
            report(t, 0, depth, bound);
        if (bound == BOUND_UPPER) {
            beta = (alpha + beta) / 2;
            alpha = v - delta > -VALUE_INF ? v - delta : -VALUE_INF;
        } else if (bound == BOUND_LOWER) {
            beta = v + delta < VALUE_INF ? v + delta : VALUE_INF;
        } else {
            return;
        }
        delta += delta / 2;
    }
}

/*
 * The depth a thread searches next, after `done`: one deeper than the
 * deepest iteration completed by anyone, and for a helper one more when
 * another thread is already on that depth, so the threads spread out.
 */
static int next_depth(const Thread *t, int done)
{
    Engine *e = t->engine;
    int completed = atomic_load(&e->completed), depth = (done > completed ? done : completed) + 1;
    if (t->id && atomic_load(&e->searching[depth]) && (!e->limits.depth || depth < e->limits.depth))
        depth++;
    return depth;
}

static void iterate(Thread *t)
{
    Engine *e = t->engine;
    int multipv = e->lines < t->nroot ? e->lines : t->nroot;
    for (int depth = next_depth(t, 0); depth < MAX_PLY - 4 && !stopped(e); depth = next_depth(t, depth)) {
        if (e->limits.depth && depth > e->limits.depth)
            break;
        t->root_depth = depth;
        atomic_fetch_add(&e->searching[depth], 1);
        for (int i = 0; i < t->nroot; i++) {
            t->root[i].prev_score = t->root[i].score;
            t->root[i].nodes = 0;
        }
        for (t->pv_index = 0; t->pv_index < multipv && !interrupted(t); t->pv_index++) {
            aspiration(t, depth, multipv);
            sort_root(t->root, t->pv_index + 1);
        }
        atomic_fetch_sub(&e->searching[depth], 1);
        if (interrupted(t))
            continue;
        t->completed_depth = depth;
        iteration_done(t, depth, multipv);
    }
}

static void *helper_main(void *arg)
{
    iterate(arg);
    return NULL;
}

/* Root moves: the legal ones, within searchmoves and outside banmoves unless that leaves none. */
static int root_moves(Board *b, const SearchLimits *l, Move *out)
{
    Move legal[MAX_MOVES];
    int n = gen_legal(b, legal), kept = 0;
    for (int i = 0; i < n; i++) {
        bool ok = true;
        if (l->nsearchmoves) {
            ok = false;
            for (int j = 0; j < l->nsearchmoves; j++)
                ok |= l->searchmoves[j] == legal[i];
        }
        for (int j = 0; j < l->nbanmoves; j++)
            ok &= l->banmoves[j] != legal[i];
        if (ok)
            out[kept++] = legal[i];
    }
    if (kept)
        return kept;
    memcpy(out, legal, sizeof *legal * (size_t)n);
    return n;
}

/*
 * The deepest completed iteration wins; at equal depth the better score, and
 * a faster forced win always. Only threads that finished an iteration count.
 */
static Thread *best_thread(Engine *e)
{
    Thread *best = &e->pool.threads[0];
    for (int i = 1; i < e->pool.size; i++) {
        Thread *t = &e->pool.threads[i];
        int s = t->root[0].score, bs = best->root[0].score;
        if (t->completed_depth == 0 || s == -VALUE_INF)
            continue;
        if (t->completed_depth > best->completed_depth || (t->completed_depth == best->completed_depth && s > bs)
            || (s >= VALUE_MATE_BOUND && s > bs))
            best = t;
    }
    return best;
}

/* The expected reply: the PV's second move, or the table's move after the best one. */
static Move ponder_move(Engine *e, Board *b, const RootMove *rm)
{
    if (rm->pv_len > 1)
        return rm->pv[1];
    make_move(b, rm->move);
    TTHit tte;
    Move m = tt_probe(&e->tt, b->key, 0, &tte) && move_is_legal(b, tte.move) ? tte.move : MOVE_NONE;
    unmake_move(b);
    return m;
}

/* A level's or variety's pick among the lines searched in full; the reply expected is the table's. */
static void choose_by_skill(Thread *t, SearchResult *out)
{
    Engine *e = t->engine;
    Candidate c[MAX_MULTIPV];
    int n = 0;
    for (int i = 0; i < e->lines && i < t->nroot && t->root[i].score != -VALUE_INF; i++)
        c[n++] = (Candidate){ t->root[i].move, t->root[i].score };
    Move m = n ? skill_choose(&t->board, c, n, &e->skill, &e->rng) : out->best;
    if (m == out->best)
        return;
    out->best = m;
    out->ponder = MOVE_NONE; /* unless the lines hold it: a mate in one may come from outside them */
    for (int i = 0; i < n; i++)
        if (c[i].move == m) {
            out->score = c[i].score;
            out->ponder = ponder_move(e, &t->board, &t->root[i]);
        }
}

/* The state a search starts from: its limits, clock, level and the shared counters. */
static void start_search(Engine *e, const Board *root, const SearchLimits *limits, const SearchReporter *rep, int64_t start)
{
    e->limits = *limits;
    e->rep = rep;
    e->last_reported = MOVE_NONE;
    e->last_reported_score = VALUE_NONE;
    e->ponder_pending = limits->ponder;
    e->stop_seen_at = 0;
    atomic_store(&e->armed, false);
    atomic_store(&e->completed, 0);
    for (int d = 0; d < MAX_PLY; d++)
        atomic_store(&e->searching[d], 0);
    e->stable = 0;
    e->last_score = VALUE_NONE;
    e->last_best = MOVE_NONE;
    time_init(&e->tm, limits, root->side, root->hply, e->opt.move_overhead, start);
    e->skill = skill_of(e->opt.limit_strength, e->opt.elo, e->opt.randomness, root->fullmove);
    bool widen = skill_chooses(&e->skill) && e->opt.multipv < SKILL_CANDIDATES;
    e->lines = widen ? SKILL_CANDIDATES : e->opt.multipv;
    tt_new_search(&e->tt);
}

/*
 * In a position the endgame tables hold, only the root moves that keep their
 * best result: the shortest mate, the longest resistance, a drawing move.
 * All of them, where a move's successor is one the tables cannot value
 * exactly, and where several lines or a level's choice are asked for.
 */
static int table_root_moves(Engine *e, Thread *t, Move *moves, int n)
{
    TbResult root;
    if (!e->table_men || board_men(&t->board) > e->table_men || e->lines > 1 || !tb_probe_nowait(e->tables, &t->board, &root))
        return n;
    int value[MAX_MOVES], best = -VALUE_INF;
    for (int i = 0; i < n; i++) {
        TbResult r;
        make_move(&t->board, moves[i]);
        bool known = table_value(t, 1, &value[i], &r);
        unmake_move(&t->board);
        if (!known)
            return n;
        /* A result that stands without the perpetual-check rule is kept by moves that do not need it. */
        value[i] = (r.flags & TB_FLAG_RULE) && !(root.flags & TB_FLAG_RULE) ? t->draw[t->board.side] : -value[i];
        if (value[i] > best)
            best = value[i];
    }
    int kept = 0;
    for (int i = 0; i < n; i++)
        if (value[i] == best)
            moves[kept++] = moves[i];
    return kept;
}

/*
 * Every thread at the root with the same root moves; returns how many (0:
 * nothing to search). A board without accumulators is evaluated by hand.
 */
static int prepare_threads(Engine *e, const Board *root, const SearchLimits *limits)
{
    /*
     * Contempt only in a game on the clock at full strength: analysis, fixed
     * searches and the levels' measured play value a draw as it is.
     */
    int contempt = limits->use_clock && !e->opt.limit_strength ? e->opt.contempt : 0;
    for (int i = 0; i < e->pool.size; i++) {
        Thread *t = &e->pool.threads[i];
        t->draw[root->side] = VALUE_DRAW - contempt;
        t->draw[!root->side] = VALUE_DRAW + contempt;
        t->nn.net = engine_network(e);
        t->board.nn = e->opt.hand_eval ? NULL : &t->nn;
        board_copy(&t->board, root);
    }
    Move moves[MAX_MOVES];
    int n = root_moves(&e->pool.threads[0].board, limits, moves);
    n = table_root_moves(e, &e->pool.threads[0], moves, n);
    for (int i = 0; n && i < e->pool.size; i++) {
        Thread *t = &e->pool.threads[i];
        atomic_store(&t->nodes, 0);
        atomic_store(&t->tbhits, 0);
        t->root_hply = root->hply;
        t->nroot = n;
        t->completed_depth = t->seldepth = 0;
        for (int j = 0; j < n; j++)
            t->root[j] = (RootMove){ .move = moves[j], .score = -VALUE_INF, .prev_score = -VALUE_INF };
        for (int j = 0; j < 2; j++)
            t->stack[j] = (Frame){ .move = MOVE_NONE, .static_eval = VALUE_NONE };
        history_age(&t->history);
    }
    return n;
}

/* The best thread's move, score and expected reply; a level's or variety's pick among its lines. */
static void answer(Engine *e, SearchResult *out)
{
    Thread *best = best_thread(e);
    RootMove *rm = &best->root[0];
    out->best = rm->move;
    out->score = rm->score != -VALUE_INF ? rm->score : rm->prev_score;
    /* The last line a GUI reads has the answer's move and score, also where an unfinished iteration changed the score only. */
    if (rm->move != e->last_reported || out->score != e->last_reported_score)
        report(best, 0, best->completed_depth ? best->completed_depth : 1, BOUND_EXACT);
    out->depth = best->completed_depth;
    out->nodes = pool_nodes(&e->pool);
    out->ponder = ponder_move(e, &best->board, rm);
    if (skill_chooses(&e->skill))
        choose_by_skill(best, out);
}

void engine_search(Engine *e, const Board *root, const SearchLimits *limits, const SearchReporter *rep, SearchResult *out)
{
    int64_t start = now_ms();
    if (e->table_men)
        tb_set_next_search(e->tables);
    start_search(e, root, limits, rep, start);
    int n = prepare_threads(e, root, limits);
    *out = (SearchResult){ .score = mated_in(0) };
    if (n) {
        /*
         * A move allowed only a few ms is searched alone: on a loaded machine
         * each helper waits for a core to start and again to stop, which costs
         * the clock more than it searches.
         */
        int helpers = e->tm.hard && e->tm.hard < HELPERS_MIN_MS ? 0 : e->pool.size - 1;
        pool_start_helpers(&e->pool, helper_main, helpers + 1);
        iterate(&e->pool.threads[0]);
    }

    /* In infinite and ponder mode the answer waits for the GUI's word. */
    atomic_store(&e->armed, true);
    while (!stopped(e) && (limits->infinite || atomic_load(&e->pondering))) {
        if (rep->poll)
            rep->poll(rep->ctx);
        sleep_ms(1);
    }
    atomic_store(&e->stop, true);
    pool_join_helpers(&e->pool);
    /* The GUI's clock ran from the go, or from the ponderhit; not at all for a ponder it ended. */
    bool counted = !limits->infinite && !atomic_load(&e->pondering);
    time_spent(&e->tm, limits, counted, now_ms() - (limits->ponder ? atomic_load(&e->ponderhit_at) : start));
    if (n)
        answer(e, out);
}
