/* UCI as Pikafish speaks it (ranks 0-9), and as Fairy-Stockfish and cutechess do after UCI_Variant (ranks 1-10). */
#include <ctype.h>
#include <inttypes.h>
#include <string.h>
#include <strings.h>

#include "../engine/score.h"
#include "../engine/tt.h"
#include "io.h"
#include "options.h"
#include "protocol.h"
#include "version.h"

/* Forced results, by mate or by rule, in moves: positive when the side to move wins. */
static void print_score(int v)
{
    if (is_mate_score(v))
        out_text("mate %d", v > 0 ? (forced_plies(v) + 1) / 2 : -forced_plies(v) / 2);
    else
        out_text("cp %d", v);
}

static void uci_info(void *ctx, const SearchInfo *i)
{
    Session *s = ctx;
    out_begin();
    out_text("info depth %d seldepth %d multipv %d score ", i->depth, i->seldepth, i->multipv);
    print_score(i->score);
    if (i->bound == BOUND_LOWER)
        out_text(" lowerbound");
    else if (i->bound == BOUND_UPPER)
        out_text(" upperbound");
    out_text(" nodes %" PRIu64 " nps %" PRIu64 " hashfull %d time %" PRId64 " pv", i->nodes, i->nps, i->hashfull,
             i->time_ms);
    for (int k = 0; k < i->pv_len; k++) {
        char m[MOVE_STR_MAX];
        format_move(s, i->pv[k], m);
        out_text(" %s", m);
    }
    out_end();
}

static void uci_currmove(void *ctx, int depth, Move move, int number)
{
    char m[MOVE_STR_MAX];
    format_move(ctx, move, m);
    out_line("info depth %d currmove %s currmovenumber %d", depth, m, number);
}

static void uci_finish(Session *s, const SearchResult *r)
{
    if (!r->best) {
        out_line("info depth 0 score mate 0");
        out_line("bestmove (none)");
        return;
    }
    char best[MOVE_STR_MAX], ponder[MOVE_STR_MAX];
    format_move(s, r->best, best);
    if (r->ponder) {
        format_move(s, r->ponder, ponder);
        out_line("bestmove %s ponder %s", best, ponder);
    } else {
        out_line("bestmove %s", best);
    }
}

void uci_handshake(Session *s)
{
    (void)s;
    out_line("id name Chuhan " CHUHAN_VERSION);
    out_line("id author the Chuhan developers");
    options_print(DIALECT_UCI);
    out_line("uciok");
}

/* "setoption name N... [value V...]", or the bare "setoption N V..." some GUIs send. */
static void uci_setoption(Session *s, char **tok, int n)
{
    char name[256], value[256], err[256];
    if (n == 0) {
        report_error("setoption needs an option name");
        return;
    }
    int v = n;
    if (!strcasecmp(tok[0], "name")) {
        for (v = 1; v < n && strcasecmp(tok[v], "value"); v++)
            ;
        join_tokens(tok + 1, v - 1, name, sizeof name);
        join_tokens(tok + v + 1, v < n ? n - v - 1 : 0, value, sizeof value);
    } else {
        join_tokens(tok, 1, name, sizeof name);
        join_tokens(tok + 1, n - 1, value, sizeof value);
        v = n > 1 ? 1 : n;
    }
    if (!*name) {
        report_error("setoption needs an option name");
        return;
    }
    if (!options_set(s, name, v < n ? value : NULL, err, sizeof err))
        report_error("%s", err);
}

static void uci_go(Session *s, char **tok, int n)
{
    SearchLimits l = { 0 };
    long long v, perft = 0;
    bool limited = false;
    for (int i = 0; i < n; i++) {
        const char *k = tok[i];
        bool ok = true;
        if (!strcasecmp(k, "wtime") || !strcasecmp(k, "btime")) {
            ok = go_number(tok, n, &i, INT64_MIN, TIME_MAX, &v);
            l.time[tolower((unsigned char)k[0]) == 'w' ? RED : BLACK] = v;
            l.use_clock = limited = true;
        } else if (!strcasecmp(k, "winc") || !strcasecmp(k, "binc")) {
            ok = go_number(tok, n, &i, INT64_MIN, TIME_MAX, &v);
            l.inc[tolower((unsigned char)k[0]) == 'w' ? RED : BLACK] = v;
        } else if (!strcasecmp(k, "movestogo")) {
            ok = go_number(tok, n, &i, 0, 10000, &v);
            l.movestogo = (int)v;
        } else if (!strcasecmp(k, "depth")) {
            ok = go_number(tok, n, &i, 0, MAX_PLY - 8, &v);
            l.depth = v ? (int)v : 1;
            limited = true;
        } else if (!strcasecmp(k, "nodes")) {
            ok = go_number(tok, n, &i, 1, INT64_MAX, &v);
            l.nodes = (uint64_t)v;
            limited = true;
        } else if (!strcasecmp(k, "movetime")) {
            ok = go_number(tok, n, &i, 0, TIME_MAX, &v);
            l.movetime = v ? v : 1;
            limited = true;
        } else if (!strcasecmp(k, "mate")) {
            ok = go_number(tok, n, &i, 1, MAX_PLY / 2 - 4, &v);
            l.mate = (int)v;
            limited = true;
        } else if (!strcasecmp(k, "perft")) {
            if (i + 1 >= n || !parse_number(tok[i + 1], 1, 20, false, &perft)) {
                report_error("go perft needs a depth from 1 to 20");
                return;
            }
            i++;
        } else if (!strcasecmp(k, "infinite")) {
            l.infinite = limited = true;
        } else if (!strcasecmp(k, "ponder")) {
            l.ponder = true;
        } else if (!strcasecmp(k, "searchmoves")) {
            Move m;
            while (i + 1 < n && (m = parse_legal_move(s, &s->board, tok[i + 1])) && l.nsearchmoves < MAX_MOVES) {
                l.searchmoves[l.nsearchmoves++] = m;
                i++;
            }
        } else {
            report_error("go: unknown parameter '%.32s'", k);
            return;
        }
        if (!ok)
            return;
    }
    if (perft) {
        session_stop(s);
        cmd_perft(s, (int)perft);
        return;
    }
    if (!limited)
        l.infinite = true; /* a bare "go" searches until "stop" */
    session_go(s, &l);
}

bool uci_command(Session *s, char **tok, int n)
{
    const char *cmd = tok[0];
    if (!strcasecmp(cmd, "quit")) {
        session_stop(s);
        return false;
    }
    if (common_command(s, tok, n))
        return true;
    if (!strcasecmp(cmd, "setoption")) {
        uci_setoption(s, tok + 1, n - 1);
    } else if (!strcasecmp(cmd, "ucinewgame")) {
        session_stop(s);
        search_clear();
    } else if (!strcasecmp(cmd, "go")) {
        s->reporter = (SearchReporter){ .info = uci_info, .currmove = uci_currmove, .ctx = s };
        s->finish = uci_finish;
        uci_go(s, tok + 1, n - 1);
    } else if (!strcasecmp(cmd, "stop")) {
        session_stop(s);
    } else if (!strcasecmp(cmd, "ponderhit")) {
        if (session_searching(s))
            search_ponderhit();
    } else {
        report_error("unknown command '%.64s'", cmd);
    }
    return true;
}
