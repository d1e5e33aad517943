/* UCI as Pikafish speaks it (ranks 0-9), and as Fairy-Stockfish and cutechess do after UCI_Variant (ranks 1-10). */
#include <inttypes.h>
#include <string.h>
#include <strings.h>

#include "../board/score.h"
#include "../search/wdl.h"
#include "io.h"
#include "commands.h"
#include "dialect.h"
#include "options.h"
#include "../base/version.h"
#include "search_thread.h"
#include "moves.h"
#include "debug.h"

/* Forced results, by mate or by rule, in moves: positive when the side to move wins. */
static void print_score(Session *s, int v)
{
    if (is_mate_score(v))
        out_text(&s->out, "mate %d", v > 0 ? (forced_plies(v) + 1) / 2 : -forced_plies(v) / 2);
    else
        out_text(&s->out, "cp %d", v);
}

static void uci_info(void *ctx, const SearchInfo *i)
{
    Session *s = ctx;
    out_begin(&s->out);
    out_text(&s->out, "info depth %d seldepth %d multipv %d score ", i->depth, i->seldepth, i->multipv);
    print_score(s, i->score);
    if (i->bound == BOUND_LOWER)
        out_text(&s->out, " lowerbound");
    else if (i->bound == BOUND_UPPER)
        out_text(&s->out, " upperbound");
    if (s->show_wdl) {
        int wdl[3];
        wdl_of(i->score, board_men(&s->search_board), wdl);
        out_text(&s->out, " wdl %d %d %d", wdl[0], wdl[1], wdl[2]);
    }
    out_text(&s->out, " nodes %" PRIu64 " nps %" PRIu64 " hashfull %d tbhits %" PRIu64 " time %" PRId64 " pv",
             i->nodes, i->nps, i->hashfull, i->tbhits, i->time_ms);
    print_moves(s, &s->search_board, i->pv, i->pv_len);
    out_end(&s->out);
}

static void uci_currmove(void *ctx, int depth, Move move, int number)
{
    Session *s = ctx;
    char m[MOVE_STR_MAX];
    format_move(s, move, m);
    out_line(&s->out, "info depth %d currmove %s currmovenumber %d", depth, m, number);
}

static bool uci_finish(Session *s, const SearchResult *r)
{
    if (!r->best) {
        out_line(&s->out, "info depth 0 score mate 0");
        out_line(&s->out, "bestmove (none)");
        return false;
    }
    char best[MOVE_STR_MAX], ponder[MOVE_STR_MAX];
    format_move(s, r->best, best);
    if (r->ponder) {
        format_move(s, r->ponder, ponder);
        out_line(&s->out, "bestmove %s ponder %s", best, ponder);
    } else {
        out_line(&s->out, "bestmove %s", best);
    }
    return false;
}

static void uci_handshake(Session *s)
{
    (void)s;
    out_line(&s->out, "id name Chuhan " CHUHAN_VERSION);
    out_line(&s->out, "id author the Chuhan developers");
    options_print(&s->out, DIALECT_UCI);
    out_line(&s->out, "uciok");
}

static void uci_go(Session *s, char **tok, int n)
{
    static const GoGrammar grammar = { .time_unit = 1, .depth0_static = false };
    static const SearchReporter reporter = { .info = uci_info, .currmove = uci_currmove };
    GoRequest go;
    if (!parse_go(s, tok, n, &grammar, &go))
        return;
    if (go.perft) {
        session_stop(s);
        cmd_perft(s, go.perft);
        return;
    }
    SearchReporter r = reporter;
    r.ctx = s;
    session_go(s, &go.limits, &r, uci_finish);
}

static void uci_newgame(Session *s)
{
    session_stop(s);
    engine_clear(s->engine);
}

static const Command uci_commands[] = {
    { "quit", .act = session_stop, .quits = true },
    { "ucinewgame", .act = uci_newgame, .timing = AFTER_THE_ANSWER },
    { "go", .run = uci_go, .timing = AFTER_THE_ANSWER },
    { "stop", .act = session_stop },
    { "ponderhit", .act = session_ponderhit },
    { .word = NULL },
};

const DialectOps uci_dialect = { "uci", DIALECT_UCI, uci_handshake, uci_commands, unknown_command, NULL };
