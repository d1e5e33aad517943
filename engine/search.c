#include <sched.h>
#include <stdatomic.h>
#include <string.h>

#include "clock.h"
#include "evaluate.h"
#include "movegen.h"
#include "movepick.h"
#include "rules.h"
#include "search.h"
#include "see.h"
#include "threads.h"
#include "timeman.h"
#include "tt.h"

/* State shared by the threads of one search. */
static struct {
    SearchOptions opt;
    SearchLimits limits;
    TimeManager tm;
    const SearchReporter *rep;
    atomic_bool stop;
    atomic_bool pondering;       /* set by a ponder search until ponderhit */
    _Atomic int64_t ponderhit_at;
    bool ponder_pending;         /* main thread: the ponderhit is not yet taken into account */
    atomic_bool armed;           /* depth 1 is done: stops may now cut the search */
    _Atomic int completed;       /* deepest iteration any thread has completed */
    _Atomic int searching[MAX_PLY]; /* threads at work on each depth */
    pthread_mutex_t lock;        /* taken to act on a completed iteration */
    int stable, last_score;      /* time management state across iterations */
    Move last_best;
    Move last_reported;          /* first move of the last reported PV */
    const Board *root;           /* the position searched, for helpers coming back from split work */
    _Atomic(struct SplitPoint *) offer; /* the split point helpers may join */
    atomic_int idle;             /* threads free to join: helpers on their own, owners waiting */
} S = { .opt = { .threads = 1, .multipv = 1 }, .lock = PTHREAD_MUTEX_INITIALIZER }; /* GUIs get their defaults from options.c */

static int lmr_table[64][64];

/*
 * Split points need a node deep enough to be worth the hand-over. Only the
 * main thread, or a thread already at split work, opens one: the search
 * then splits along the main thread's tree. Helpers with nothing to join run
 * their own iterations (Lazy SMP) and drop them when a split point is offered.
 */
enum { SPLIT_MIN_DEPTH = 5 };

/* Iterations beyond twice a forced result's plies that confirm it before the search ends. */
enum { FORCED_MARGIN = 6 };

/* Whether a split point still has moves to hand out. */
static bool joinable(SplitPoint *sp)
{
    return sp && !atomic_load_explicit(&sp->abort, memory_order_relaxed)
        && atomic_load_explicit(&sp->next, memory_order_relaxed) < atomic_load_explicit(&sp->count, memory_order_relaxed);
}

/* Natural logarithm for the reduction table, so the engine needs no libm. */
static double ln(double x)
{
    double r = 0;
    while (x > 2) {
        x /= 2;
        r += 0.6931471805599453;
    }
    double y = (x - 1) / (x + 1), y2 = y * y, term = y, sum = 0;
    for (int k = 1; k < 60; k += 2) {
        sum += term / k;
        term *= y2;
    }
    return r + 2 * sum;
}

void search_init(void)
{
    for (int d = 1; d < 64; d++)
        for (int m = 1; m < 64; m++)
            lmr_table[d][m] = (int)(0.6 + ln(d) * ln(m) / 2.2);
    tt_resize(TT_DEFAULT_MB);
    threads_resize(1);
}

bool search_set_options(const SearchOptions *opt)
{
    if (opt->threads != threads_count() && !threads_resize(opt->threads))
        return false;
    S.opt = *opt;
    return true;
}
const SearchOptions *search_options(void) { return &S.opt; }

void search_clear(void)
{
    tt_clear();
    for (int i = 0; i < threads_count(); i++)
        history_clear(&thread_at(i)->history);
}

void search_prepare(const SearchLimits *limits)
{
    atomic_store(&S.stop, false);
    atomic_store(&S.pondering, limits->ponder);
}

void search_stop(void) { atomic_store(&S.stop, true); }

void search_ponderhit(void)
{
    atomic_store(&S.ponderhit_at, now_ms());
    atomic_store(&S.pondering, false);
}

/*
 * A stop (from the GUI, the clock or the node limit) takes effect only once
 * the main thread has finished depth 1, so even an instant stop answers with
 * a searched move and a real score.
 */
static inline bool stopped(void)
{
    return atomic_load_explicit(&S.stop, memory_order_relaxed) && atomic_load_explicit(&S.armed, memory_order_relaxed);
}

/*
 * A thread also drops an iteration another thread has already completed: it
 * would only redo that work, so it moves on to the next depth at once. It
 * leaves split work when the split point is refuted or abandoned, and a
 * helper on its own iteration drops it for a split point it can join. Every
 * reason stays true until the thread is back where it acts on it: the values
 * returned on the way there mean nothing and must not be taken for scores.
 */
static inline bool interrupted(Thread *t)
{
    if (stopped() || atomic_load_explicit(&S.completed, memory_order_relaxed) >= t->root_depth
        || atomic_load_explicit(&t->cut, memory_order_relaxed))
        return true;
    if (t->id && t->id < SPLIT_THREADS && !t->split && joinable(atomic_load_explicit(&S.offer, memory_order_relaxed))) {
        atomic_store_explicit(&t->cut, true, memory_order_relaxed); /* the offer may be gone before it is back */
        return true;
    }
    return false;
}

static int64_t elapsed(void) { return now_ms() - S.tm.start; }

/* Main thread only: limits that can end the search in the middle of an iteration. */
static void check_limits(void)
{
    if (S.limits.nodes && threads_nodes() >= S.limits.nodes)
        atomic_store(&S.stop, true);
    if (S.ponder_pending) {
        if (atomic_load(&S.pondering))
            return;
        S.ponder_pending = false;
        S.tm.start = atomic_load(&S.ponderhit_at);
    }
    if (S.tm.hard && elapsed() >= S.tm.hard)
        atomic_store(&S.stop, true);
}

static bool has_legal_move(Board *b)
{
    Move list[MAX_MOVES];
    return gen_legal(b, list) > 0;
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
    case VERDICT_DRAW: return VALUE_DRAW;
    case VERDICT_WIN: return rule_win(ply);
    case VERDICT_LOSS: return rule_loss(ply);
    case VERDICT_NONE: break;
    }
    if (natural_limit_reached(b) || dead_draw(b))
        return has_legal_move(b) ? VALUE_DRAW : mated_in(ply);
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
        check_limits();
}

static void update_pv(Thread *t, int ply, Move m)
{
    t->pv[ply][ply] = m;
    int n = t->pv_len[ply + 1];
    for (int i = ply + 1; i < n; i++)
        t->pv[ply][i] = t->pv[ply + 1][i];
    t->pv_len[ply] = n > ply + 1 ? n : ply + 1;
}

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

    bool checked = b->checked;
    if (ply >= MAX_PLY - 2)
        return checked ? 0 : evaluate(b);

    TTHit tte;
    bool hit = tt_probe(b->key, ply, &tte);
    Move tt_move = hit ? tte.move : MOVE_NONE;
    if (hit && !pv_node && tt_settles(&tte, alpha, beta))
        return tte.score;

    int best = -VALUE_INF, stand_pat = VALUE_NONE;
    if (!checked) {
        stand_pat = hit && tte.eval != VALUE_NONE ? tte.eval : evaluate(b);
        if (stand_pat >= beta)
            return stand_pat;
        if (stand_pat > alpha)
            alpha = stand_pat;
        best = stand_pat;
    }

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
        if (!checked) {
            /* Even winning the victim outright cannot lift us to alpha. */
            int victim = see_value[piece_type_of[b->sq[move_to(m)]]];
            if (stand_pat + victim + 150 <= alpha && victim < see_value[KING])
                continue;
        }
        /* Fetch the child's bucket before the SEE and legality tests, so their time hides the load. */
        tt_prefetch(key_after(b, m));
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
        if (v > best) {
            best = v;
            if (v > alpha) {
                best_move = m;
                update_pv(t, ply, m);
                if (v >= beta)
                    break;
                alpha = v;
            }
        }
    }
    if (checked && !legal)
        return mated_in(ply);

    int bound = best >= beta ? BOUND_LOWER : pv_node && best > old_alpha ? BOUND_EXACT : BOUND_UPPER;
    tt_store(b->key, ply, best_move, best, stand_pat, 0, bound);
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

/*
 * Shallow pruning before the move is made, asked only once a move has been
 * searched so a mate is never mistaken: losing captures, late quiet moves
 * (PRUNE_QUIETS: and every quiet move after them), quiets that lose material.
 */
static int prune_early(Board *b, const Node *n, Move m, bool capture, bool bad_capture, int legal)
{
    int d = n->depth;
    if (d > 7)
        return KEEP;
    if (capture) /* captures the picker found winning or even are never pruned here */
        return bad_capture && !see_ge(b, m, -90 * d) ? PRUNE : KEEP;
    if (legal > (3 + d * d) / (2 - n->improving))
        return PRUNE_QUIETS;
    return see_ge(b, m, -25 * d * d) ? KEEP : PRUNE;
}

/*
 * Makes the move and searches it with the node's window: futility (when
 * prunable), check extension, late move reduction, the null-window search
 * and the PVS re-searches. VALUE_NONE when futility drops the move.
 */
static int search_move(Thread *t, const Node *n, Move m, bool capture, int hist, int legal, int alpha, int beta,
                       bool prunable)
{
    Board *b = &t->board;
    int depth = n->depth, ply = n->ply;
    Frame *f = &t->stack[ply + 2];
    f->move = m;
    make_move(b, m);
    bool gives_check = b->checked;

    /* Futility: a quiet move that does not check cannot lift a hopeless static value. */
    if (prunable && !capture && !gives_check && !n->checked && depth <= 6
        && f->static_eval + 120 + 100 * depth <= alpha && hist < 4000) {
        unmake_move(b);
        return VALUE_NONE;
    }

    /* Checks that do not lose material are extended (not too far from the root). */
    bool extend = gives_check && ply < 2 * n->root_depth;
    if (extend && !capture) {
        unmake_move(b);
        extend = see_ge(b, m, 0);
        make_move(b, m);
    }
    int new_depth = depth - 1 + extend;
    int v = -VALUE_INF;
    if (depth >= 3 && legal > 1 + n->pv_node && !capture) {
        int r = lmr_table[depth < 64 ? depth : 63][legal < 64 ? legal : 63];
        r += !n->improving + n->cut_node - n->pv_node - gives_check;
        r -= hist / 6000;
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

/* Marks the split point refuted (or abandoned) and tells everyone else at work there to leave. Lock held. */
static void split_cut(SplitPoint *sp, const Thread *self)
{
    atomic_store(&sp->abort, true);
    for (int i = 0; i < threads_count() && i < SPLIT_THREADS; i++)
        if ((sp->workers >> i & 1) && thread_at(i) != self)
            atomic_store(&thread_at(i)->cut, true);
}

/* Records a searched move's value at the split point; true when it refutes the node. */
static bool split_result(Thread *t, SplitPoint *sp, Move m, int v, bool capture)
{
    int ply = sp->node.ply;
    bool refuted = false;
    pthread_mutex_lock(&sp->lock);
    if (v > sp->best) {
        sp->best = v;
        if (v > sp->alpha) {
            sp->best_move = m;
            sp->pv[ply] = m;
            sp->pv_len = t->pv_len[ply + 1] > ply + 1 ? t->pv_len[ply + 1] : ply + 1;
            for (int k = ply + 1; k < sp->pv_len; k++)
                sp->pv[k] = t->pv[ply + 1][k];
            refuted = v >= sp->beta;
            if (refuted)
                split_cut(sp, t);
            else
                sp->alpha = v;
        }
    }
    if (!refuted && !capture && sp->nquiets < 64)
        sp->quiets[sp->nquiets++] = m;
    pthread_mutex_unlock(&sp->lock);
    return refuted;
}

/* Searches moves of the split point until none are left, it is refuted, or the search is interrupted. */
static void split_work(Thread *t, SplitPoint *sp)
{
    Board *b = &t->board;
    const Node *n = &sp->node;
    for (;;) {
        pthread_mutex_lock(&sp->lock);
        int i = atomic_load(&sp->next);
        if (atomic_load(&sp->abort) || i >= atomic_load(&sp->count)) {
            pthread_mutex_unlock(&sp->lock);
            return;
        }
        atomic_store(&sp->next, i + 1);
        int legal = ++sp->legal, alpha = sp->alpha, best = sp->best;
        pthread_mutex_unlock(&sp->lock);

        Move m = sp->moves[i];
        tt_prefetch(key_after(b, m));
        bool capture = b->sq[move_to(m)] != EMPTY;
        int hist = capture ? 0 : history_score(&t->history, b, n->cont, m);
        bool prunable = best > -VALUE_MATE_BOUND;
        if (prunable && !n->checked && prune_early(b, n, m, capture, sp->bad[i], legal) != KEEP)
            continue;
        int v = search_move(t, n, m, capture, hist, legal, alpha, sp->beta, prunable);
        if (v == VALUE_NONE)
            continue;
        if (interrupted(t) || split_result(t, sp, m, v, capture))
            return;
    }
}

/* Whether this thread may open a split point here: main, or a thread already at split work, with someone free. */
static inline bool can_split(const Thread *t, int depth)
{
    return depth >= SPLIT_MIN_DEPTH && (t->id == 0 || t->split) && t->id < SPLIT_THREADS
        && t->nsplits < MAX_SPLITS && atomic_load_explicit(&S.idle, memory_order_relaxed) > 0;
}

/* Whether a split point's own abandonment, or an outer one's, should stop this thread. */
static bool outer_cut(const SplitPoint *sp)
{
    for (; sp; sp = sp->parent)
        if (atomic_load(&sp->abort))
            return true;
    return false;
}

/* Puts the thread's board and frames at the split point's node. */
static void go_to_node(Thread *t, const SplitPoint *sp)
{
    board_copy(&t->board, &sp->board);
    memcpy(&t->stack[sp->node.ply], sp->frames, sizeof sp->frames);
}

/*
 * Takes part in another thread's split point, if it still has moves to
 * give. The thread's board and frames are left at that node.
 */
static bool join(Thread *t, SplitPoint *sp)
{
    pthread_mutex_lock(&sp->lock);
    bool ok = sp->open && joinable(sp);
    if (ok)
        sp->workers |= 1ull << t->id;
    pthread_mutex_unlock(&sp->lock);
    if (!ok)
        return false;
    atomic_fetch_sub(&S.idle, 1);
    SplitPoint *back = t->split;
    int root_depth = t->root_depth;
    go_to_node(t, sp);
    t->history.killers[sp->node.ply + 1][0] = t->history.killers[sp->node.ply + 1][1] = MOVE_NONE;
    t->root_depth = sp->node.root_depth;
    t->split = sp;
    split_work(t, sp);
    pthread_mutex_lock(&sp->lock);
    sp->workers &= ~(1ull << t->id);
    pthread_mutex_unlock(&sp->lock);
    t->split = back;
    t->root_depth = root_depth;
    atomic_store(&t->cut, outer_cut(back));
    atomic_fetch_add(&S.idle, 1);
    return true;
}

/* A helper joins split points on offer until none is left, then goes back to its own iterations. */
static void help(Thread *t)
{
    atomic_store(&t->cut, false);
    if (t->id >= SPLIT_THREADS)
        return;
    for (SplitPoint *sp; !stopped() && joinable(sp = atomic_load(&S.offer));)
        join(t, sp);
    board_copy(&t->board, S.root);
}

/* The node's state when its moves are handed out: the search so far. */
typedef struct {
    int alpha, beta, best, legal, nquiets;
    Move best_move;
    const Move *quiets;
} SplitStart;

/* Opens a split point over the moves the picker has left at this node and offers it. */
static SplitPoint *split_open(Thread *t, MovePicker *mp, const KingSafety *ks, const Node *n, const SplitStart *s)
{
    SplitPoint *sp = &t->splits[t->nsplits];
    Board *b = &t->board;
    int count = 0;
    for (Move m; (m = picker_next(mp));)
        if (move_is_safe(b, m, ks)) {
            sp->moves[count] = m;
            sp->bad[count++] = picker_bad_stage(mp);
        }
    pthread_mutex_lock(&sp->lock);
    sp->parent = t->split;
    sp->node = *n;
    board_copy(&sp->board, b);
    memcpy(sp->frames, &t->stack[n->ply], sizeof sp->frames);
    atomic_store(&sp->next, 0);
    atomic_store(&sp->count, count);
    sp->alpha = s->alpha;
    sp->beta = s->beta;
    sp->best = s->best;
    sp->best_move = s->best_move;
    sp->legal = s->legal;
    sp->nquiets = s->nquiets;
    memcpy(sp->quiets, s->quiets, sizeof *s->quiets * (size_t)s->nquiets);
    sp->pv_len = t->pv_len[n->ply];
    for (int k = n->ply; k < sp->pv_len; k++)
        sp->pv[k] = t->pv[n->ply][k];
    sp->workers = 1ull << t->id;
    sp->open = true;
    atomic_store(&sp->abort, false);
    pthread_mutex_unlock(&sp->lock);
    t->split = sp;
    t->nsplits++;
    atomic_store(&S.offer, sp);
    return sp;
}

/*
 * The owner, out of moves, closes its split point: it withdraws the offer,
 * calls everyone off if it was interrupted itself, and waits for the others
 * to finish, helping them meanwhile at split points they open below this
 * one (never elsewhere: another split point could outlive this one).
 */
static void split_close(Thread *t, SplitPoint *sp)
{
    pthread_mutex_lock(&sp->lock);
    sp->open = false;
    if (!atomic_load(&sp->abort) && interrupted(t))
        split_cut(sp, t);
    SplitPoint *up = sp->parent, *mine = sp;
    while (up && !joinable(up))
        up = up->parent;
    atomic_compare_exchange_strong(&S.offer, &mine, up);
    pthread_mutex_unlock(&sp->lock);

    atomic_fetch_add(&S.idle, 1);
    for (;;) {
        pthread_mutex_lock(&sp->lock);
        uint64_t others = sp->workers & ~(1ull << t->id);
        pthread_mutex_unlock(&sp->lock);
        if (!others)
            break;
        SplitPoint *o = atomic_load(&S.offer);
        if (joinable(o) && (others >> o->owner & 1) && join(t, o)) {
            go_to_node(t, sp);
        } else {
            if (t->id == 0)
                check_limits(); /* it counts no nodes now, so the clock is read here */
            sched_yield();
        }
    }
    atomic_fetch_sub(&S.idle, 1);
    t->split = sp->parent;
    t->nsplits--;
    atomic_store(&t->cut, outer_cut(sp->parent));
}

static int search(Thread *t, int alpha, int beta, int depth, int ply, bool cut_node)
{
    Board *b = &t->board;
    bool root = ply == 0, pv_node = beta - alpha > 1;
    if (!root) {
        int v = rule_value(t, ply);
        if (v != VALUE_NONE) {
            t->pv_len[ply] = ply;
            return v;
        }
    }
    if (depth <= 0)
        return qsearch(t, alpha, beta, ply);

    t->pv_len[ply] = ply;
    count_node(t);
    if (ply > t->seldepth)
        t->seldepth = ply;
    if (interrupted(t))
        return 0;

    Frame *f = &t->stack[ply + 2]; /* two sentinel frames below the root */
    bool checked = b->checked;
    if (!root) {
        if (ply >= MAX_PLY - 2)
            return checked ? 0 : evaluate(b);
        /* No line from here can beat a forced result already found nearer the root. */
        if (alpha < rule_loss(ply))
            alpha = rule_loss(ply);
        if (beta > rule_win(ply + 1))
            beta = rule_win(ply + 1);
        if (alpha >= beta)
            return alpha;
    }

    TTHit tte;
    bool hit = tt_probe(b->key, ply, &tte);
    Move tt_move = root ? t->root[t->pv_index].move : hit ? tte.move : MOVE_NONE;
    if (hit && !pv_node && tte.depth >= depth && tt_settles(&tte, alpha, beta))
        return tte.score;

    int eval;
    bool improving = false;
    if (checked) {
        eval = f->static_eval = VALUE_NONE;
    } else {
        eval = f->static_eval = hit && tte.eval != VALUE_NONE ? tte.eval : evaluate(b);
        /* A bounded search result is a better guess than the static value when it points the same way. */
        if (hit && tt_settles(&tte, eval - 1, eval + 1))
            eval = tte.score;
        improving = f[-2].static_eval != VALUE_NONE && f->static_eval > f[-2].static_eval;
    }

    if (!pv_node && !checked) {
        /* Reverse futility: so far above beta that a shallow search will not come back down. */
        if (depth <= 7 && eval - 90 * (depth - improving) >= beta && !is_mate_score(beta))
            return eval;
        /* Null move: even passing keeps us above beta. */
        if (depth >= 3 && eval >= beta && f[-1].move != NULL_MOVE && has_attackers(b, b->side)
            && !is_mate_score(beta)) {
            int r = 3 + depth / 4 + ((eval - beta) / 200 < 3 ? (eval - beta) / 200 : 3);
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

    /* Internal iterative reduction: without a hash move this node is probably less important. */
    if (!tt_move && depth >= 4 && (pv_node || cut_node))
        depth--;

    KingSafety ks;
    king_safety(b, &ks);
    MovePicker mp;
    picker_init(&mp, b, &t->history, tt_move, ply);
    Node n = {
        .depth = depth, .ply = ply, .root_depth = t->root_depth,
        .pv_node = pv_node, .cut_node = cut_node, .checked = checked, .improving = improving,
        .killer = { mp.killer[0], mp.killer[1] }, .counter = mp.counter, .cont = { mp.cont[0], mp.cont[1] },
    };
    Move best_move = MOVE_NONE, m, quiets[64];
    int best = -VALUE_INF, old_alpha = alpha, legal = 0, nquiets = 0, root_index = 0;
    t->history.killers[ply + 1][0] = t->history.killers[ply + 1][1] = MOVE_NONE;

    for (;;) {
        /* Young brothers wait: with the first move searched, the rest can go to other threads. */
        if (legal && !root && can_split(t, depth)) {
            SplitStart s = { alpha, beta, best, legal, nquiets, best_move, quiets };
            SplitPoint *sp = split_open(t, &mp, &ks, &n, &s);
            split_work(t, sp);
            split_close(t, sp);
            if (interrupted(t))
                return 0;
            best = sp->best;
            best_move = sp->best_move;
            nquiets = sp->nquiets;
            memcpy(quiets, sp->quiets, sizeof *quiets * (size_t)nquiets);
            t->pv_len[ply] = sp->pv_len;
            for (int k = ply; k < sp->pv_len; k++)
                t->pv[ply][k] = sp->pv[k];
            break;
        }
        RootMove *rm = NULL;
        if (root) {
            if (t->pv_index + root_index >= t->nroot)
                break;
            rm = &t->root[t->pv_index + root_index++];
            m = rm->move;
        } else if (!(m = picker_next(&mp))) {
            break;
        } else if (!move_is_safe(b, m, &ks)) {
            continue;
        }
        legal++;
        /* As in quiescence: the load overlaps the pruning tests; a pruned move wastes one prefetch. */
        tt_prefetch(key_after(b, m));
        bool capture = b->sq[move_to(m)] != EMPTY;
        int hist = capture ? 0 : history_score(&t->history, b, n.cont, m);

        if (root && t->id == 0 && S.rep->currmove && elapsed() > 3000)
            S.rep->currmove(S.rep->ctx, depth, m, t->pv_index + root_index);

        if (!root && best > -VALUE_MATE_BOUND && !checked) {
            int p = prune_early(b, &n, m, capture, picker_bad_stage(&mp), legal);
            if (p == PRUNE_QUIETS)
                picker_skip_quiets(&mp);
            if (p != KEEP)
                continue;
        }

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
        if (v > best) {
            best = v;
            if (v > alpha) {
                best_move = m;
                update_pv(t, ply, m);
                if (v >= beta)
                    break;
                alpha = v;
            }
        }
        if (!capture && nquiets < 64)
            quiets[nquiets++] = m;
    }

    if (!legal)
        return mated_in(ply); /* checkmate or stalemate: both lose */

    if (best >= beta && b->sq[move_to(best_move)] == EMPTY)
        history_update_quiet(&t->history, b, ply, depth, best_move, quiets, nquiets);

    int bound = best >= beta ? BOUND_LOWER : pv_node && best > old_alpha ? BOUND_EXACT : BOUND_UPPER;
    if (!root || t->pv_index == 0)
        tt_store(b->key, ply, best_move, best, f->static_eval, depth, bound);
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
    const RootMove *rm = &t->root[index];
    bool fresh = rm->score != -VALUE_INF;
    int64_t ms = elapsed();
    uint64_t nodes = threads_nodes();
    SearchInfo info = {
        .depth = fresh ? depth : depth - 1 > 1 ? depth - 1 : 1,
        .seldepth = rm->seldepth,
        .multipv = index + 1,
        .score = fresh ? rm->score : rm->prev_score,
        .bound = bound,
        .nodes = nodes,
        .nps = ms > 0 ? nodes * 1000 / (uint64_t)ms : nodes * 1000,
        .time_ms = ms,
        .hashfull = tt_hashfull(),
        .pv_len = rm->pv_len,
        .pv = rm->pv,
    };
    if (index == 0)
        S.last_reported = rm->pv[0];
    if (S.rep->info)
        S.rep->info(S.rep->ctx, &info);
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
    pthread_mutex_lock(&S.lock);
    if (depth > atomic_load(&S.completed)) {
        atomic_store(&S.completed, depth);
        atomic_store(&S.armed, true);
        for (int i = 0; i < multipv; i++)
            report(t, i, depth, BOUND_EXACT);

        const RootMove *best = &t->root[0];
        S.stable = best->move == S.last_best ? S.stable + 1 : 0;
        S.last_best = best->move;
        int drop = S.last_score != VALUE_NONE ? S.last_score - best->score : 0;
        S.last_score = best->score;
        uint64_t all = 0;
        for (int i = 0; i < t->nroot; i++)
            all += t->root[i].nodes;
        double share = all ? (double)best->nodes / (double)all : 0;
        bool pondering = S.ponder_pending || atomic_load(&S.pondering);
        bool timed = S.tm.soft && !pondering;
        if ((S.limits.depth && depth >= S.limits.depth) || (S.limits.mate && best->score >= mate_in(2 * S.limits.mate - 1))
            || (timed && elapsed() > (int64_t)(S.tm.soft * time_scale(S.stable, drop, share)))
            || (!S.limits.infinite && !pondering && forced_result_settled(best->score, depth)))
            atomic_store(&S.stop, true);
    }
    pthread_mutex_unlock(&S.lock);
}

static void iterate(Thread *t)
{
    bool main = t->id == 0;
    int multipv = S.opt.multipv < t->nroot ? S.opt.multipv : t->nroot;

    for (int depth = 1; depth < MAX_PLY - 4 && !stopped(); depth++) {
        /* A helper takes the next depth when a thread is already on this one; the main thread never skips. */
        if (!main && atomic_load(&S.searching[depth]) && depth + 1 < MAX_PLY - 4 && (!S.limits.depth || depth < S.limits.depth))
            depth++;
        if (S.limits.depth && depth > S.limits.depth)
            break;
        t->root_depth = depth;
        atomic_fetch_add(&S.searching[depth], 1);
        for (int i = 0; i < t->nroot; i++) {
            t->root[i].prev_score = t->root[i].score;
            t->root[i].nodes = 0;
        }

        for (t->pv_index = 0; t->pv_index < multipv && !interrupted(t); t->pv_index++) {
            t->seldepth = 0;
            int prev = t->root[t->pv_index].prev_score, delta = 20;
            int alpha = -VALUE_INF, beta = VALUE_INF;
            if (depth >= 4 && prev > -VALUE_INF) {
                alpha = prev - delta > -VALUE_INF ? prev - delta : -VALUE_INF;
                beta = prev + delta < VALUE_INF ? prev + delta : VALUE_INF;
            }
            for (;;) {
                int v = search(t, alpha, beta, depth, 0, false);
                sort_root(t->root + t->pv_index, t->nroot - t->pv_index);
                if (interrupted(t))
                    break;
                int bound = v <= alpha ? BOUND_UPPER : v >= beta ? BOUND_LOWER : BOUND_EXACT;
                if (main && bound != BOUND_EXACT && multipv == 1 && elapsed() > 3000)
                    report(t, 0, depth, bound);
                if (bound == BOUND_UPPER) {
                    beta = (alpha + beta) / 2;
                    alpha = v - delta > -VALUE_INF ? v - delta : -VALUE_INF;
                } else if (bound == BOUND_LOWER) {
                    beta = v + delta < VALUE_INF ? v + delta : VALUE_INF;
                } else {
                    break;
                }
                delta += delta / 2;
            }
            sort_root(t->root, t->pv_index + 1);
        }
        atomic_fetch_sub(&S.searching[depth], 1);
        if (stopped())
            break;
        if (interrupted(t)) {
            if (!main)
                help(t);
            depth = atomic_load(&S.completed); /* the loop goes on one deeper */
            continue;
        }
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
static Thread *best_thread(void)
{
    Thread *best = thread_at(0);
    for (int i = 1; i < threads_count(); i++) {
        Thread *t = thread_at(i);
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
static Move ponder_move(Board *b, const RootMove *rm)
{
    if (rm->pv_len > 1)
        return rm->pv[1];
    make_move(b, rm->move);
    TTHit tte;
    Move m = tt_probe(b->key, 0, &tte) && move_is_legal(b, tte.move) ? tte.move : MOVE_NONE;
    unmake_move(b);
    return m;
}

void search_run(const Board *root, const SearchLimits *limits, const SearchReporter *rep, SearchResult *out)
{
    int64_t start = now_ms();
    S.limits = *limits;
    S.rep = rep;
    S.last_reported = MOVE_NONE;
    S.ponder_pending = limits->ponder;
    atomic_store(&S.armed, false);
    atomic_store(&S.completed, 0);
    for (int d = 0; d < MAX_PLY; d++)
        atomic_store(&S.searching[d], 0);
    S.stable = 0;
    S.last_score = VALUE_NONE;
    S.last_best = MOVE_NONE;
    S.root = root;
    atomic_store(&S.offer, NULL);
    atomic_store(&S.idle, threads_count() - 1);
    time_init(&S.tm, limits, root->side, S.opt.move_overhead, start);
    tt_new_search();

    Move moves[MAX_MOVES];
    Board *b0 = &thread_at(0)->board;
    board_copy(b0, root);
    int n = root_moves(b0, limits, moves);
    *out = (SearchResult){ .score = mated_in(0) };

    if (n) {
        for (int i = 0; i < threads_count(); i++) {
            Thread *t = thread_at(i);
            if (i)
                board_copy(&t->board, root);
            atomic_store(&t->nodes, 0);
            t->split = NULL;
            t->nsplits = 0;
            atomic_store(&t->cut, false);
            t->root_hply = root->hply;
            t->nroot = n;
            t->completed_depth = t->seldepth = 0;
            for (int j = 0; j < n; j++)
                t->root[j] = (RootMove){ .move = moves[j], .score = -VALUE_INF, .prev_score = -VALUE_INF };
            for (int j = 0; j < 2; j++)
                t->stack[j] = (Frame){ .move = MOVE_NONE, .static_eval = VALUE_NONE };
            history_age(&t->history);
        }
        threads_start_helpers(helper_main);
        iterate(thread_at(0));
    }

    /* In infinite and ponder mode the answer waits for the GUI's word. */
    atomic_store(&S.armed, true);
    while (!stopped() && (limits->infinite || atomic_load(&S.pondering)))
        sleep_ms(1);
    atomic_store(&S.stop, true);
    threads_join_helpers();

    if (!n)
        return;
    Thread *best = best_thread();
    RootMove *rm = &best->root[0];
    if (rm->move != S.last_reported)
        report(best, 0, best->completed_depth ? best->completed_depth : 1, BOUND_EXACT);
    out->best = rm->move;
    out->score = rm->score != -VALUE_INF ? rm->score : rm->prev_score;
    out->depth = best->completed_depth;
    out->nodes = threads_nodes();
    out->ponder = ponder_move(&best->board, rm);
}
