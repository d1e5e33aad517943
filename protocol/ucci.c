/* UCCI 3.0: one-word options, bare-integer scores, banmoves, draw offers, probe. */
#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../engine/evaluate.h"
#include "../engine/movegen.h"
#include "../engine/score.h"
#include "../engine/tt.h"
#include "io.h"
#include "options.h"
#include "protocol.h"
#include "version.h"

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

/* Resigning and offering draws: thresholds in centipawns and the moves a judgement must hold. */
enum {
    RESIGN_SCORE = 1500, RESIGN_MOVES = 4,
    DRAW_ACCEPT_SCORE = 50,
    DRAW_OFFER_SCORE = 10, DRAW_OFFER_MOVES = 6, DRAW_OFFER_QUIET_PLIES = 40,
};

static void ucci_info(void *ctx, const SearchInfo *i)
{
    Session *s = ctx;
    if (i->bound != BOUND_EXACT)
        return; /* UCCI has no syntax for a bound */
    out_begin();
    out_text("info depth %d score %d pv", i->depth, ucci_score(i->score));
    for (int k = 0; k < i->pv_len; k++) {
        char m[MOVE_STR_MAX];
        format_move(s, i->pv[k], m);
        out_text(" %s", m);
    }
    out_end();
    out_line("info time %" PRId64 " nodes %" PRIu64, i->time_ms, i->nodes);
}

static void ucci_currmove(void *ctx, int depth, Move move, int number)
{
    (void)depth;
    char m[MOVE_STR_MAX];
    format_move(ctx, move, m);
    out_line("info currmove %s currmovenumber %d", m, number);
}

static void ucci_finish(Session *s, const SearchResult *r)
{
    if (!r->best) {
        out_line("info depth 0 score %d", -UCCI_MATE);
        out_line("nobestmove");
        return;
    }
    /* Judgements over successive moves: how long the game has looked lost, or level. */
    s->hopeless_moves = r->score <= -RESIGN_SCORE ? s->hopeless_moves + 1 : 0;
    s->level_moves = abs(r->score) <= DRAW_OFFER_SCORE ? s->level_moves + 1 : 0;
    bool resign = r->score <= -VALUE_MATE_BOUND || s->hopeless_moves >= RESIGN_MOVES;
    bool draw = atomic_load(&s->draw_offered) ? r->score <= DRAW_ACCEPT_SCORE
                                : s->level_moves >= DRAW_OFFER_MOVES && s->board.rule60 >= DRAW_OFFER_QUIET_PLIES;

    char best[MOVE_STR_MAX], ponder[MOVE_STR_MAX];
    format_move(s, r->best, best);
    out_begin();
    out_text("bestmove %s", best);
    if (r->ponder) {
        format_move(s, r->ponder, ponder);
        out_text(" ponder %s", ponder);
    }
    if (resign)
        out_text(" resign");
    else if (draw)
        out_text(" draw");
    out_end();
}

void ucci_handshake(Session *s)
{
    (void)s;
    out_line("id name Chuhan " CHUHAN_VERSION);
    out_line("id version " CHUHAN_VERSION);
    out_line("id copyright the Chuhan developers");
    out_line("id author the Chuhan developers");
    out_line("id user unknown");
    options_print(DIALECT_UCCI);
    out_line("ucciok");
}

/* "setoption name [value]"; the UCI form with "name" and "value" words is taken too. */
static void ucci_setoption(Session *s, char **tok, int n)
{
    char name[256], value[256], err[256];
    if (n == 0) {
        report_error("setoption needs an option name");
        return;
    }
    if (!strcasecmp(tok[0], "name") && n > 1) {
        int v = 1;
        while (v < n && strcasecmp(tok[v], "value"))
            v++;
        join_tokens(tok + 1, v - 1, name, sizeof name);
        join_tokens(tok + v + 1, v < n ? n - v - 1 : 0, value, sizeof value);
        if (!options_set(s, name, v < n ? value : NULL, err, sizeof err))
            report_error("%s", err);
        return;
    }
    join_tokens(tok + 1, n - 1, value, sizeof value);
    if (!options_set(s, tok[0], n > 1 ? value : NULL, err, sizeof err))
        report_error("%s", err);
}

static void ucci_banmoves(Session *s, char **tok, int n)
{
    Move ban[MAX_MOVES];
    int k = 0;
    for (int i = 0; i < n; i++) {
        Move m = parse_legal_move(s, &s->board, tok[i]);
        if (!m) {
            report_error("banmoves: '%.16s' is not a legal move here; bans unchanged", tok[i]);
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
    SearchLimits l = { 0 };
    long long v;
    bool limited = false, has_time = false, has_mtg = false, has_inc = false, uci_clock = false, static_only = false;
    int us = s->board.side, unit = s->millisec ? 1 : 1000;
    atomic_store(&s->draw_offered, false);
    for (int i = 0; i < n; i++) {
        const char *k = tok[i];
        bool ok = true;
        if (!strcasecmp(k, "ponder")) {
            l.ponder = true;
        } else if (!strcasecmp(k, "draw")) {
            atomic_store(&s->draw_offered, true);
        } else if (!strcasecmp(k, "infinite")) {
            l.infinite = limited = true;
        } else if (!strcasecmp(k, "depth")) {
            if (i + 1 < n && !strcasecmp(tok[i + 1], "infinite")) {
                l.infinite = limited = true;
                i++;
                continue;
            }
            ok = go_number(tok, n, &i, 0, MAX_PLY - 8, &v);
            l.depth = (int)v;
            static_only = v == 0;
            limited = true;
        } else if (!strcasecmp(k, "nodes")) {
            ok = go_number(tok, n, &i, 1, INT64_MAX, &v);
            l.nodes = (uint64_t)v;
            limited = true;
        } else if (!strcasecmp(k, "time") || !strcasecmp(k, "opptime")) {
            ok = go_number(tok, n, &i, INT64_MIN, TIME_MAX, &v);
            l.time[k[0] == 't' || k[0] == 'T' ? us : us ^ 1] = v * unit;
            has_time |= k[0] == 't' || k[0] == 'T';
            l.use_clock = limited = true;
        } else if (!strcasecmp(k, "increment") || !strcasecmp(k, "oppincrement")) {
            ok = go_number(tok, n, &i, INT64_MIN, TIME_MAX, &v);
            l.inc[k[0] == 'i' || k[0] == 'I' ? us : us ^ 1] = v * unit;
            has_inc |= k[0] == 'i' || k[0] == 'I';
        } else if (!strcasecmp(k, "movestogo")) {
            ok = go_number(tok, n, &i, 0, 10000, &v);
            l.movestogo = (int)v;
            has_mtg = true;
        } else if (!strcasecmp(k, "oppmovestogo")) {
            ok = go_number(tok, n, &i, 0, 10000, &v);
        } else if (!strcasecmp(k, "wtime") || !strcasecmp(k, "btime")) {
            /* Some UCCI managers send UCI clocks, always in milliseconds. */
            ok = go_number(tok, n, &i, INT64_MIN, TIME_MAX, &v);
            l.time[tolower((unsigned char)k[0]) == 'w' ? RED : BLACK] = v;
            l.use_clock = limited = uci_clock = true;
        } else if (!strcasecmp(k, "winc") || !strcasecmp(k, "binc")) {
            ok = go_number(tok, n, &i, INT64_MIN, TIME_MAX, &v);
            l.inc[tolower((unsigned char)k[0]) == 'w' ? RED : BLACK] = v;
        } else if (!strcasecmp(k, "movetime")) {
            ok = go_number(tok, n, &i, 0, TIME_MAX, &v);
            l.movetime = v ? v : 1;
            limited = true;
        } else if (!strcasecmp(k, "mate")) {
            ok = go_number(tok, n, &i, 1, MAX_PLY / 2 - 4, &v);
            l.mate = (int)v;
            limited = true;
        } else {
            report_error("go: unknown parameter '%.32s'", k);
            return;
        }
        if (!ok)
            return;
    }
    /* "time T" alone is the time for this one move, as managers send for a fixed time per move. */
    if (has_time && !has_mtg && !has_inc && !uci_clock)
        l.movestogo = 1;

    if (static_only) {
        out_line("info depth 0 score %d", in_check(&s->board) ? 0 : ucci_score(evaluate(&s->board)));
        out_line("nobestmove");
        return;
    }
    if (!limited)
        l.infinite = true;
    l.nbanmoves = s->nban;
    memcpy(l.banmoves, s->ban, sizeof *s->ban * (size_t)s->nban);
    session_go(s, &l);
}

/* probe startpos|fen ... [moves ...] -> pophash [bestmove M] [lowerbound V depth D] [upperbound V depth D] */
static void ucci_probe(Session *s, char **tok, int n)
{
    static Board b;
    char err[256];
    if (!parse_position(s, tok, n, &b, err, sizeof err)) {
        report_error("probe: %s", err);
        return;
    }
    TTHit hit;
    out_begin();
    out_text("pophash");
    if (tt_probe(b.key, 0, &hit)) {
        char m[MOVE_STR_MAX];
        if (hit.move && move_is_legal(&b, hit.move)) {
            format_move(s, hit.move, m);
            out_text(" bestmove %s", m);
        }
        if (hit.bound == BOUND_LOWER || hit.bound == BOUND_EXACT)
            out_text(" lowerbound %d depth %d", ucci_score(hit.score), hit.depth);
        if (hit.bound == BOUND_UPPER || hit.bound == BOUND_EXACT)
            out_text(" upperbound %d depth %d", ucci_score(hit.score), hit.depth);
    }
    out_end();
}

bool ucci_command(Session *s, char **tok, int n)
{
    const char *cmd = tok[0];
    if (!strcasecmp(cmd, "quit")) {
        session_stop(s);
        out_line("bye");
        return false;
    }
    if (common_command(s, tok, n))
        return true;
    if (!strcasecmp(cmd, "setoption")) {
        ucci_setoption(s, tok + 1, n - 1);
    } else if (!strcasecmp(cmd, "newgame") || !strcasecmp(cmd, "uccinewgame") || !strcasecmp(cmd, "ucinewgame")) {
        session_stop(s);
        search_clear();
        s->hopeless_moves = s->level_moves = 0;
    } else if (!strcasecmp(cmd, "banmoves")) {
        ucci_banmoves(s, tok + 1, n - 1);
    } else if (!strcasecmp(cmd, "go")) {
        s->reporter = (SearchReporter){ .info = ucci_info, .currmove = ucci_currmove, .ctx = s };
        s->finish = ucci_finish;
        ucci_go(s, tok + 1, n - 1);
    } else if (!strcasecmp(cmd, "stop")) {
        if (session_searching(s))
            session_stop(s);
        else
            out_line("nobestmove"); /* a GUI waiting for an answer gets one */
    } else if (!strcasecmp(cmd, "ponderhit")) {
        if (n > 1 && !strcasecmp(tok[1], "draw"))
            atomic_store(&s->draw_offered, true);
        if (session_searching(s))
            search_ponderhit();
    } else if (!strcasecmp(cmd, "probe")) {
        ucci_probe(s, tok + 1, n - 1);
    } else {
        report_error("unknown command '%.64s'", cmd);
    }
    return true;
}
