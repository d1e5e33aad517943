/* UCCI 3.0: one-word options, bare-integer scores, banmoves, draw offers, probe. */
#include <ctype.h>
#include <inttypes.h>
#include <string.h>
#include <strings.h>

#include "../eval/evaluate.h"
#include "../board/movegen.h"
#include "../board/score.h"
#include "../search/tt.h"
#include "io.h"
#include "commands.h"
#include "dialect.h"
#include "options.h"
#include "../base/version.h"
#include "search_thread.h"
#include "moves.h"
#include "debug.h"

/*
 * Scores are bare integers. Mates and rule wins follow the usual UCCI scale,
 * 10000 minus the plies to the end; other scores stay below the 9800 that
 * GUIs read as a forced result.
 */
enum { UCCI_MATE = 10000, UCCI_WIN_LINE = 9800 };

static int ucci_score(int v)
{
    if (is_mate_score(v))
        return v > 0 ? UCCI_MATE - forced_plies(v) : -UCCI_MATE + forced_plies(v);
    return v > UCCI_WIN_LINE - 1 ? UCCI_WIN_LINE - 1 : v < -UCCI_WIN_LINE + 1 ? -UCCI_WIN_LINE + 1 : v;
}

static void ucci_info(void *ctx, const SearchInfo *i)
{
    Session *s = ctx;
    if (i->bound != BOUND_EXACT)
        return; /* UCCI has no syntax for a bound */
    out_begin(&s->out);
    out_text(&s->out, "info depth %d score %d pv", i->depth, ucci_score(i->score));
    print_moves(s, &s->search_board, i->pv, i->pv_len);
    out_end(&s->out);
    out_line(&s->out, "info time %" PRId64 " nodes %" PRIu64 " tbhits %" PRIu64, i->time_ms, i->nodes, i->tbhits);
}

static void ucci_currmove(void *ctx, int depth, Move move, int number)
{
    (void)depth;
    Session *s = ctx;
    char m[MOVE_STR_MAX];
    format_move(s, move, m);
    out_line(&s->out, "info currmove %s currmovenumber %d", m, number);
}

static bool ucci_finish(Session *s, const SearchResult *r)
{
    if (!r->best) {
        out_line(&s->out, "info depth 0 score %d", -UCCI_MATE);
        out_line(&s->out, "nobestmove");
        return false;
    }
    /* A book move has no score to judge the game by. */
    bool judged = !s->books.gave;
    if (judged)
        outlook_count(&s->outlook, r->score);
    bool resign = judged && outlook_resigns(&s->outlook, r->score);
    bool draw = judged && (atomic_load(&s->draw_offered) ? outlook_accepts_draw(r->score)
                                                         : outlook_offers_draw(&s->outlook, s->board.rule60));

    char best[MOVE_STR_MAX], ponder[MOVE_STR_MAX];
    format_move(s, r->best, best);
    out_begin(&s->out);
    out_text(&s->out, "bestmove %s", best);
    if (r->ponder) {
        format_move(s, r->ponder, ponder);
        out_text(&s->out, " ponder %s", ponder);
    }
    if (resign)
        out_text(&s->out, " resign");
    else if (draw)
        out_text(&s->out, " draw");
    out_end(&s->out);
    return false;
}

static void ucci_handshake(Session *s)
{
    (void)s;
    out_line(&s->out, "id name Chuhan " CHUHAN_VERSION);
    out_line(&s->out, "id version " CHUHAN_VERSION);
    out_line(&s->out, "id copyright the Chuhan developers");
    out_line(&s->out, "id author the Chuhan developers");
    out_line(&s->out, "id user unknown");
    options_print(&s->out, DIALECT_UCCI);
    out_line(&s->out, "ucciok");
}

static void ucci_banmoves(Session *s, char **tok, int n)
{
    Move ban[MAX_MOVES];
    int k = 0;
    for (int i = 0; i < n; i++) {
        Move m = parse_legal_move(s, &s->board, tok[i]);
        if (!m) {
            report_error(s, "banmoves: '%.16s' is not a legal move here; bans unchanged", tok[i]);
            return;
        }
        if (k < MAX_MOVES)
            ban[k++] = m;
    }
    memcpy(s->ban, ban, sizeof *ban * (size_t)k);
    s->nban = k;
}

/* go [ponder | draw] depth N | nodes N | time T [movestogo N | increment I] [opptime ...] | infinite; UCI words too. */
static void ucci_go(Session *s, char **tok, int n)
{
    static const SearchReporter reporter = { .info = ucci_info, .currmove = ucci_currmove };
    GoGrammar grammar = { .time_unit = s->millisec ? 1 : 1000, .depth0_static = true };
    GoRequest go;
    if (!parse_go(s, tok, n, &grammar, &go))
        return;
    atomic_store(&s->draw_offered, go.draw_offered);
    if (go.perft) {
        session_stop(s);
        cmd_perft(s, go.perft);
        return;
    }
    if (go.static_only) {
        out_line(&s->out, "info depth 0 score %d", in_check(&s->board) ? 0 : ucci_score(evaluate_with(&s->board, engine_options(s->engine)->hand_eval ? NULL : engine_network(s->engine))));
        out_line(&s->out, "nobestmove");
        return;
    }
    go.limits.nbanmoves = s->nban;
    memcpy(go.limits.banmoves, s->ban, sizeof *s->ban * (size_t)s->nban);
    SearchReporter r = reporter;
    r.ctx = s;
    session_go(s, &go.limits, &r, ucci_finish);
}

/* probe startpos|fen ... [moves ...] -> pophash [bestmove M] [lowerbound V depth D] [upperbound V depth D] */
static void ucci_probe(Session *s, char **tok, int n)
{
    Board *b = &s->scratch;
    char err[256];
    if (!parse_position(s, tok, n, b, err, sizeof err)) {
        report_error(s, "probe: %s", err);
        return;
    }
    TTHit hit;
    out_begin(&s->out);
    out_text(&s->out, "pophash");
    if (engine_probe(s->engine, b->key, &hit)) {
        char m[MOVE_STR_MAX];
        if (hit.move && move_is_legal(b, hit.move)) {
            format_move(s, hit.move, m);
            out_text(&s->out, " bestmove %s", m);
        }
        if (hit.bound == BOUND_LOWER || hit.bound == BOUND_EXACT)
            out_text(&s->out, " lowerbound %d depth %d", ucci_score(hit.score), hit.depth);
        if (hit.bound == BOUND_UPPER || hit.bound == BOUND_EXACT)
            out_text(&s->out, " upperbound %d depth %d", ucci_score(hit.score), hit.depth);
    }
    out_end(&s->out);
}

static void ucci_quit(Session *s)
{
    session_stop(s);
    out_line(&s->out, "bye");
}

/* A new game forgets the last one's table and outlook. */
static void ucci_newgame(Session *s)
{
    session_stop(s);
    engine_clear(s->engine);
    outlook_clear(&s->outlook);
}

static void ucci_stop(Session *s)
{
    if (session_searching(s))
        session_stop(s);
    else
        out_line(&s->out, "nobestmove"); /* a GUI waiting for an answer gets one */
}

static void ucci_ponderhit(Session *s, char **args, int n)
{
    if (n > 0 && !strcasecmp(args[0], "draw"))
        atomic_store(&s->draw_offered, true);
    session_ponderhit(s);
}

static const Command ucci_commands[] = {
    { "quit", .act = ucci_quit, .timing = AFTER_THE_ANSWER, .quits = true }, /* bye after the search's answer */
    { "newgame", .act = ucci_newgame, .timing = AFTER_THE_ANSWER },
    { "uccinewgame", .act = ucci_newgame, .timing = AFTER_THE_ANSWER },
    { "ucinewgame", .act = ucci_newgame, .timing = AFTER_THE_ANSWER },
    { "banmoves", .run = ucci_banmoves },
    { "go", .run = ucci_go, .timing = AFTER_THE_ANSWER },
    { "stop", .act = ucci_stop },
    { "ponderhit", .run = ucci_ponderhit },
    { "probe", .run = ucci_probe },
    { .word = NULL },
};

const DialectOps ucci_dialect = { "ucci", DIALECT_UCCI, ucci_handshake, ucci_commands, unknown_command, NULL };
