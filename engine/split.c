/*
 * Sharing a node's moves between threads (split points, young brothers
 * wait). Once the first move of a node deep enough is searched, the main
 * thread, or a thread already helping it, offers the rest: every free thread
 * takes the next move under the split point's lock, searches it with the
 * node's current alpha and reports back, so the window tightens for all and
 * a refutation calls everyone off.
 */
#include <sched.h>
#include <string.h>

#include "search_internal.h"
#include "tt.h"

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
void split_work(Thread *t, SplitPoint *sp)
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
    atomic_fetch_sub(&shared.idle, 1);
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
    atomic_fetch_add(&shared.idle, 1);
    return true;
}

/* A helper joins split points on offer until none is left, then goes back to its own iterations. */
void help(Thread *t)
{
    atomic_store(&t->cut, false);
    if (t->id >= SPLIT_THREADS)
        return;
    for (SplitPoint *sp; !stopped() && joinable(sp = atomic_load(&shared.offer));)
        join(t, sp);
    board_copy(&t->board, shared.root);
}

/* Opens a split point over the moves the picker has left at this node and offers it. */
SplitPoint *split_open(Thread *t, MovePicker *mp, const KingSafety *ks, const Node *n, const SplitStart *s)
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
    atomic_store(&shared.offer, sp);
    return sp;
}

/*
 * The owner, out of moves, closes its split point: it withdraws the offer,
 * calls everyone off if it was interrupted itself, and waits for the others
 * to finish, helping them meanwhile at split points they open below this
 * one (never elsewhere: another split point could outlive this one).
 */
void split_close(Thread *t, SplitPoint *sp)
{
    pthread_mutex_lock(&sp->lock);
    sp->open = false;
    if (!atomic_load(&sp->abort) && interrupted(t))
        split_cut(sp, t);
    SplitPoint *up = sp->parent, *mine = sp;
    while (up && !joinable(up))
        up = up->parent;
    atomic_compare_exchange_strong(&shared.offer, &mine, up);
    pthread_mutex_unlock(&sp->lock);

    atomic_fetch_add(&shared.idle, 1);
    for (;;) {
        pthread_mutex_lock(&sp->lock);
        uint64_t others = sp->workers & ~(1ull << t->id);
        pthread_mutex_unlock(&sp->lock);
        if (!others)
            break;
        SplitPoint *o = atomic_load(&shared.offer);
        if (joinable(o) && (others >> o->owner & 1) && join(t, o)) {
            go_to_node(t, sp);
        } else {
            if (t->id == 0)
                check_limits(); /* it counts no nodes now, so the clock is read here */
            sched_yield();
        }
    }
    atomic_fetch_sub(&shared.idle, 1);
    t->split = sp->parent;
    t->nsplits--;
    atomic_store(&t->cut, outer_cut(sp->parent));
}

