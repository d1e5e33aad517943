#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "commands.h"
#include "io.h"
#include "options.h"

void join_tokens(char **tok, int n, char *out, size_t cap)
{
    size_t len = 0;
    out[0] = 0;
    for (int i = 0; i < n && len + 1 < cap; i++) {
        int w = snprintf(out + len, cap - len, "%s%s", i ? " " : "", tok[i]);
        if (w < 0)
            break;
        len += (size_t)w;
    }
}

void cmd_setoption(Session *s, char **tok, int n)
{
    char name[256], value[256], err[256];
    int name_from = 0, name_end = n > 0, value_from = 1; /* the bare form: one word of name */
    bool has_value = n > 1;
    if (n > 0 && !strcasecmp(tok[0], "name")) {
        name_from = 1;
        for (name_end = 1; name_end < n && strcasecmp(tok[name_end], "value"); name_end++)
            ;
        value_from = name_end + 1;
        has_value = name_end < n;
    }
    join_tokens(tok + name_from, name_end - name_from, name, sizeof name);
    if (!*name) {
        report_error(s, "setoption needs an option name");
        return;
    }
    join_tokens(tok + value_from, value_from < n ? n - value_from : 0, value, sizeof value);
    if (!options_set(s, name, has_value ? value : NULL, err, sizeof err))
        report_error(s, "%s", err);
}

/*
 * The value of the go parameter tok[*i], which follows it; *i moves onto it.
 * Larger values clamp to hi; times below zero, which some GUIs send when
 * short of time, count as zero. On a missing or bad value it reports the
 * error and returns false.
 */
static bool go_number(const Session *s, char **tok, int n, int *i, long long lo, long long hi, long long *out)
{
    const char *key = tok[*i];
    if (*i + 1 >= n) {
        report_error(s, "go: '%s' needs a value", key);
        return false;
    }
    const char *v = tok[++*i];
    if (!parse_number(v, lo, hi, true, out)) {
        report_error(s, "go: bad value '%.32s' for '%s'", v, key);
        return false;
    }
    if (*out < 0)
        *out = 0;
    return true;
}

/* The side a clock word is about: w/b for UCI's, ours or the opponent's for UCCI's. */
static int clock_side(const char *k, int us)
{
    char c = (char)tolower((unsigned char)k[0]);
    return c == 'w' ? RED : c == 'b' ? BLACK : c == 'o' ? us ^ 1 : us;
}

bool parse_go(Session *s, char **tok, int n, const GoGrammar *g, GoRequest *out)
{
    SearchLimits *l = &out->limits;
    *out = (GoRequest){ 0 };
    long long v;
    bool limited = false, move_time = false, mtg = false, inc = false;
    int us = s->board.side;
    for (int i = 0; i < n; i++) {
        const char *k = tok[i];
        bool ok = true;
        if (!strcasecmp(k, "wtime") || !strcasecmp(k, "btime")) {
            ok = go_number(s, tok, n, &i, INT64_MIN, TIME_MAX, &v);
            l->time[clock_side(k, us)] = v;
            l->use_clock = limited = true;
        } else if (!strcasecmp(k, "winc") || !strcasecmp(k, "binc")) {
            ok = go_number(s, tok, n, &i, INT64_MIN, TIME_MAX, &v);
            l->inc[clock_side(k, us)] = v;
        } else if (!strcasecmp(k, "time") || !strcasecmp(k, "opptime")) {
            ok = go_number(s, tok, n, &i, INT64_MIN, TIME_MAX, &v);
            l->time[clock_side(k, us)] = v * g->time_unit;
            move_time |= clock_side(k, us) == us;
            l->use_clock = limited = true;
        } else if (!strcasecmp(k, "increment") || !strcasecmp(k, "oppincrement")) {
            ok = go_number(s, tok, n, &i, INT64_MIN, TIME_MAX, &v);
            l->inc[clock_side(k, us)] = v * g->time_unit;
            inc |= clock_side(k, us) == us;
        } else if (!strcasecmp(k, "movestogo")) {
            ok = go_number(s, tok, n, &i, 0, 10000, &v);
            l->movestogo = (int)v;
            mtg = true;
        } else if (!strcasecmp(k, "oppmovestogo")) {
            ok = go_number(s, tok, n, &i, 0, 10000, &v);
        } else if (!strcasecmp(k, "depth") && i + 1 < n && !strcasecmp(tok[i + 1], "infinite")) {
            l->infinite = limited = true;
            i++;
        } else if (!strcasecmp(k, "depth")) {
            ok = go_number(s, tok, n, &i, 0, MAX_PLY - 8, &v);
            l->depth = v ? (int)v : 1;
            out->static_only = !v && g->depth0_static;
            limited = true;
        } else if (!strcasecmp(k, "nodes")) {
            ok = go_number(s, tok, n, &i, 1, INT64_MAX, &v);
            l->nodes = (uint64_t)v;
            limited = true;
        } else if (!strcasecmp(k, "movetime")) {
            ok = go_number(s, tok, n, &i, 0, TIME_MAX, &v);
            l->movetime = v ? v : 1;
            limited = true;
        } else if (!strcasecmp(k, "mate")) {
            ok = go_number(s, tok, n, &i, 1, MAX_PLY / 2 - 4, &v);
            l->mate = (int)v;
            limited = true;
        } else if (!strcasecmp(k, "perft")) {
            if (i + 1 >= n || !parse_number(tok[i + 1], 1, 20, false, &v)) {
                report_error(s, "go perft needs a depth from 1 to 20");
                return false;
            }
            out->perft = (int)v;
            i++;
        } else if (!strcasecmp(k, "infinite")) {
            l->infinite = limited = true;
        } else if (!strcasecmp(k, "ponder")) {
            l->ponder = true;
        } else if (!strcasecmp(k, "draw")) {
            out->draw_offered = true;
        } else if (!strcasecmp(k, "searchmoves")) {
            Move m;
            while (i + 1 < n && l->nsearchmoves < MAX_MOVES && (m = parse_legal_move(s, &s->board, tok[i + 1]))) {
                l->searchmoves[l->nsearchmoves++] = m;
                i++;
            }
        } else {
            report_error(s, "go: unknown parameter '%.32s'", k);
            return false;
        }
        if (!ok)
            return false;
    }
    /* UCCI's "time T" alone is the time for this one move, as managers send for a fixed time per move. */
    if (move_time && !mtg && !inc)
        l->movestogo = 1;
    if (!limited)
        l->infinite = true; /* a bare "go" searches until "stop" */
    return true;
}

bool common_command(Session *s, char **tok, int n)
{
    const char *cmd = tok[0];
    char err[256];
    if (!strcasecmp(cmd, "isready")) {
        out_line("readyok");
    } else if (!strcasecmp(cmd, "position")) {
        if (!session_position(s, tok + 1, n - 1, err, sizeof err))
            report_error(s, "%s", err);
    } else if (!strcasecmp(cmd, "fen") || !strcasecmp(cmd, "startpos")) {
        /* "position" left out, as some GUIs do (and one sends it again after every position). */
        if (!session_position(s, tok, n, err, sizeof err))
            report_error(s, "%s", err);
    } else if (!strcasecmp(cmd, "setoption")) {
        cmd_setoption(s, tok + 1, n - 1);
    } else if (!strcasecmp(cmd, "d")) {
        cmd_display(s);
    } else if (!strcasecmp(cmd, "eval")) {
        cmd_eval(s);
    } else if (!strcasecmp(cmd, "bench")) {
        cmd_bench(s, tok + 1, n - 1);
    } else {
        return false;
    }
    return true;
}
