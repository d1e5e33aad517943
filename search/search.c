/*
 * The search's driver: iterative deepening with aspiration windows over the
 * node search (node.c), on Lazy SMP threads that share only the
 * transposition table: each searches the whole tree, and a helper starts one
 * depth deeper when another thread is already on its depth. Here too the
 * root moves, the reports, the threads' vote and the answer.
 */
#include <stdatomic.h>
#include <string.h>

#include "../board/movegen.h"
#include "engine.h"
#include "node.h"
#include "search_params.h"
#include "skill.h"
#include "tables.h"
#include "timeman.h"
#include "tt.h"

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

static void report(Thread *t, int index, int depth, int bound)
{
    Engine *e = t->engine;
    const RootMove *rm = &t->root[index];
    bool fresh = rm->score != -VALUE_INF;
    if (index == 0) {
        e->run.last_reported = rm->pv[0];
        e->run.last_reported_score = bound == BOUND_EXACT ? (fresh ? rm->score : rm->prev_score) : VALUE_NONE;
    }
    if (!e->run.rep->info)
        return; /* nobody listens: spare the table sampling */
    int64_t ms = elapsed(e);
    uint64_t nodes = pool_nodes(&e->pool);
    SearchInfo info = {
        .depth = fresh ? depth : depth - 1 > 1 ? depth - 1 : 1,
        .seldepth = rm->seldepth,
        .multipv = index + 1,
        .score = table_line_score(t, rm->pv, rm->pv_len, fresh ? rm->score : rm->prev_score),
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
    e->run.rep->info(e->run.rep->ctx, &info);
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
    if (depth > atomic_load(&e->run.completed)) {
        atomic_store(&e->run.completed, depth);
        atomic_store(&e->run.armed, true);
        for (int i = 0; i < multipv && i < e->opt.multipv; i++)
            report(t, i, depth, BOUND_EXACT);

        const RootMove *best = &t->root[0];
        int shown = table_line_score(t, best->pv, best->pv_len, best->score);
        e->run.stable = best->move == e->run.last_best ? e->run.stable + 1 : 0;
        e->run.last_best = best->move;
        int drop = e->run.last_score != VALUE_NONE ? e->run.last_score - best->score : 0;
        e->run.last_score = best->score;
        uint64_t all = 0;
        for (int i = 0; i < t->nroot; i++)
            all += t->root[i].nodes;
        double share = all ? (double)best->nodes / (double)all : 0;
        bool pondering = e->run.ponder_pending || atomic_load(&e->pondering);
        bool timed = e->tm.soft && !pondering;
        if ((e->run.limits.depth && depth >= e->run.limits.depth) || (e->run.limits.mate && shown >= mate_in(2 * e->run.limits.mate - 1))
            || (timed && elapsed(e) > (int64_t)(e->tm.soft * time_scale(e->run.stable, drop, share)))
            || (!e->run.limits.infinite && !pondering && forced_result_settled(shown, depth))
            || (e->run.skill.limited && depth >= e->run.skill.min_depth && pool_nodes(&e->pool) >= e->run.skill.nodes))
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
        int v = search_root(t, alpha, beta, depth);
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
    int completed = atomic_load(&e->run.completed), depth = (done > completed ? done : completed) + 1;
    if (t->id && atomic_load(&e->run.searching[depth]) && (!e->run.limits.depth || depth < e->run.limits.depth))
        depth++;
    return depth;
}

static void iterate(Thread *t)
{
    Engine *e = t->engine;
    int multipv = e->run.lines < t->nroot ? e->run.lines : t->nroot;
    for (int depth = next_depth(t, 0); depth < MAX_PLY - 4 && !stopped(e); depth = next_depth(t, depth)) {
        if (e->run.limits.depth && depth > e->run.limits.depth)
            break;
        t->root_depth = depth;
        atomic_fetch_add(&e->run.searching[depth], 1);
        for (int i = 0; i < t->nroot; i++) {
            t->root[i].prev_score = t->root[i].score;
            t->root[i].nodes = 0;
        }
        for (t->pv_index = 0; t->pv_index < multipv && !interrupted(t); t->pv_index++) {
            aspiration(t, depth, multipv);
            sort_root(t->root, t->pv_index + 1);
        }
        atomic_fetch_sub(&e->run.searching[depth], 1);
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
    for (int i = 0; i < e->run.lines && i < t->nroot && t->root[i].score != -VALUE_INF; i++)
        c[n++] = (Candidate){ t->root[i].move, t->root[i].score };
    Move m = n ? skill_choose(&t->board, c, n, &e->run.skill, &e->rng) : out->best;
    if (m == out->best)
        return;
    out->best = m;
    out->ponder = MOVE_NONE; /* unless the lines hold it: a mate in one may come from outside them */
    for (int i = 0; i < n; i++)
        if (c[i].move == m) {
            out->score = table_line_score(t, t->root[i].pv, t->root[i].pv_len, c[i].score);
            out->ponder = ponder_move(e, &t->board, &t->root[i]);
        }
}

/* The state a search starts from: its limits, clock, level and the shared counters. */
static void start_search(Engine *e, const Board *root, const SearchLimits *limits, const SearchReporter *rep, int64_t start)
{
    Skill skill = skill_of(e->opt.limit_strength, e->opt.elo, e->opt.randomness, root->fullmove);
    bool widen = skill_chooses(&skill) && e->opt.multipv < SKILL_CANDIDATES;
    e->run = (SearchRun){
        .limits = *limits,
        .rep = rep,
        .skill = skill,
        .lines = widen ? SKILL_CANDIDATES : e->opt.multipv,
        .ponder_pending = limits->ponder,
        .last_score = VALUE_NONE,
        .last_reported_score = VALUE_NONE,
    };
    time_init(&e->tm, limits, root->side, root->hply, e->opt.move_overhead, start);
    tt_new_search(&e->tt);
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
        t->nn.cache_net = NULL; /* a network read again may sit where the last one did */
        t->board.nn = e->opt.hand_eval ? NULL : &t->nn;
        board_copy(&t->board, root);
    }
    Move moves[MAX_MOVES];
    int n = root_moves(&e->pool.threads[0].board, limits, moves);
    if (e->run.lines == 1)
        n = table_root_moves(&e->pool.threads[0], moves, n);
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
    if (rm->move != e->run.last_reported || out->score != e->run.last_reported_score)
        report(best, 0, best->completed_depth ? best->completed_depth : 1, BOUND_EXACT);
    out->score = table_line_score(best, rm->pv, rm->pv_len, out->score);
    out->depth = best->completed_depth;
    out->nodes = pool_nodes(&e->pool);
    out->ponder = ponder_move(e, &best->board, rm);
    if (skill_chooses(&e->run.skill))
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
    atomic_store(&e->run.armed, true);
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
