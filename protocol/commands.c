#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "commands.h"
#include "io.h"
#include "options.h"
#include "moves.h"
#include "debug.h"
#include "pgn_command.h"

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

/* "setoption name N... [value V...]", or the bare "setoption N V..." of UCCI and some GUIs. */
static void cmd_setoption(Session *s, char **tok, int n)
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
static bool go_number(Session *s, char **tok, int n, int *i, long long lo, long long hi, long long *out)
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

/* The go words that take a whole number, with the values they accept. */
typedef enum {
    W_WTIME, W_BTIME, W_WINC, W_BINC, W_TIME, W_OPPTIME, W_INCREMENT, W_OPPINCREMENT,
    W_MOVESTOGO, W_OPPMOVESTOGO, W_DEPTH, W_NODES, W_MOVETIME, W_MATE, W_NUMERIC_NB
} NumericWord;

static const struct {
    const char *word;
    long long lo, hi;
    bool limits; /* the search ends by it */
} numeric[W_NUMERIC_NB] = {
    [W_WTIME] = { "wtime", INT64_MIN, TIME_MAX, true },
    [W_BTIME] = { "btime", INT64_MIN, TIME_MAX, true },
    [W_WINC] = { "winc", INT64_MIN, TIME_MAX, false },
    [W_BINC] = { "binc", INT64_MIN, TIME_MAX, false },
    [W_TIME] = { "time", INT64_MIN, TIME_MAX, true },
    [W_OPPTIME] = { "opptime", INT64_MIN, TIME_MAX, false },
    [W_INCREMENT] = { "increment", INT64_MIN, TIME_MAX, false },
    [W_OPPINCREMENT] = { "oppincrement", INT64_MIN, TIME_MAX, false },
    [W_MOVESTOGO] = { "movestogo", 0, 10000, false },
    [W_OPPMOVESTOGO] = { "oppmovestogo", 0, 10000, false },
    [W_DEPTH] = { "depth", 0, MAX_PLY - 8, true },
    [W_NODES] = { "nodes", 1, INT64_MAX, true },
    [W_MOVETIME] = { "movetime", INT64_MIN, TIME_MAX, true },
    [W_MATE] = { "mate", 1, MAX_PLY / 2 - 4, true },
};

/* What the numeric words said, before the limits are settled. */
typedef struct {
    bool limited, own_time, own_increment, movestogo, bad_limit;
} GoWords;

static void apply_number(NumericWord w, long long v, int us, const GoGrammar *g, GoRequest *out, GoWords *seen)
{
    SearchLimits *l = &out->limits;
    switch (w) {
    case W_WTIME: case W_BTIME: l->time[w == W_WTIME ? RED : BLACK] = v; l->use_clock = true; break;
    case W_WINC: case W_BINC: l->inc[w == W_WINC ? RED : BLACK] = v; break;
    case W_TIME: l->time[us] = v * g->time_unit; l->use_clock = seen->own_time = true; break;
    case W_OPPTIME: l->time[us ^ 1] = v * g->time_unit; break;
    case W_INCREMENT: l->inc[us] = v * g->time_unit; seen->own_increment = true; break;
    case W_OPPINCREMENT: l->inc[us ^ 1] = v * g->time_unit; break;
    case W_MOVESTOGO: l->movestogo = (int)v; seen->movestogo = true; break;
    case W_OPPMOVESTOGO: break;
    case W_DEPTH: l->depth = v ? (int)v : 1; out->static_only = !v && g->depth0_static; break;
    case W_NODES: l->nodes = (uint64_t)v; break;
    case W_MOVETIME: l->movetime = v ? v : 1; break;
    case W_MATE: l->mate = (int)v; break;
    case W_NUMERIC_NB: break;
    }
}

/* The words without a number after them; false if k is none of them. */
static bool apply_word(Session *s, char **tok, int n, int *i, GoRequest *out, GoWords *seen)
{
    const char *k = tok[*i];
    SearchLimits *l = &out->limits;
    if (!strcasecmp(k, "infinite")) {
        l->infinite = seen->limited = true;
    } else if (!strcasecmp(k, "ponder")) {
        l->ponder = true;
    } else if (!strcasecmp(k, "draw")) {
        out->draw_offered = true;
    } else if (!strcasecmp(k, "searchmoves")) {
        Move m;
        while (*i + 1 < n && l->nsearchmoves < MAX_MOVES && (m = parse_legal_move(s, &s->board, tok[*i + 1]))) {
            l->searchmoves[l->nsearchmoves++] = m;
            ++*i;
        }
    } else {
        return false;
    }
    return true;
}

bool parse_go(Session *s, char **tok, int n, const GoGrammar *g, GoRequest *out)
{
    *out = (GoRequest){ 0 };
    GoWords seen = { 0 };
    int us = s->board.side;
    for (int i = 0; i < n; i++) {
        const char *k = tok[i];
        int w = 0;
        while (w < W_NUMERIC_NB && strcasecmp(k, numeric[w].word))
            w++;
        if (w == W_DEPTH && i + 1 < n && !strcasecmp(tok[i + 1], "infinite")) {
            out->limits.infinite = seen.limited = true; /* UCCI's "depth infinite" */
            i++;
        } else if (w < W_NUMERIC_NB) {
            long long v;
            seen.limited |= numeric[w].limits;
            if (go_number(s, tok, n, &i, numeric[w].lo, numeric[w].hi, &v))
                apply_number((NumericWord)w, v, us, g, out, &seen);
            else
                seen.bad_limit |= numeric[w].limits;
        } else if (!strcasecmp(k, "perft")) {
            long long depth;
            if (i + 1 >= n || !parse_number(tok[i + 1], 1, 20, false, &depth)) {
                report_error(s, "go perft needs a depth from 1 to 20");
                return false;
            }
            out->perft = (int)depth;
            i++;
        } else if (!apply_word(s, tok, n, &i, out, &seen)) {
            long long value;
            report_error(s, "go: unknown parameter '%.32s'", k);
            seen.bad_limit = true;
            if (i + 1 < n && parse_number(tok[i + 1], INT64_MIN, INT64_MAX, true, &value))
                i++; /* its value goes with it */
        }
    }
    SearchLimits *l = &out->limits;
    /* UCCI's "time T" alone is the time for this one move, as managers send for a fixed time per move. */
    if (seen.own_time && !seen.movestogo && !seen.own_increment)
        l->movestogo = 1;
    /* A limit whose value was bad still ends the search: the GUI is waiting for a move. */
    if (seen.bad_limit && !l->use_clock && !l->depth && !l->nodes && !l->movetime && !l->mate && !l->infinite)
        l->movetime = BAD_GO_MOVETIME;
    if (!seen.limited)
        l->infinite = true; /* a bare "go" searches until "stop" */
    return true;
}

static void cmd_isready(Session *s) { out_line(&s->out, "readyok"); }

static void cmd_position(Session *s, char **args, int n)
{
    char err[256];
    if (!session_position(s, args, n, err, sizeof err))
        report_error(s, "%s", err);
}

/* "position" left out, as some GUIs do (and one sends it again after every position): the word begins the position. */
static void cmd_bare_position(Session *s, char **args, int n) { cmd_position(s, args - 1, n + 1); }

/* What changes the position, the options or the table waits for a search's answer; what only looks does not. */
static const Command common[] = {
    { "isready", .act = cmd_isready },
    { "position", .run = cmd_position, .timing = AFTER_THE_ANSWER },
    { "fen", .run = cmd_bare_position, .timing = AFTER_THE_ANSWER },
    { "startpos", .run = cmd_bare_position, .timing = AFTER_THE_ANSWER },
    { "setoption", .run = cmd_setoption, .timing = AFTER_THE_ANSWER },
    { "d", .act = cmd_display, .cecp = true },
    { "eval", .act = cmd_eval, .cecp = true },
    { "bench", .run = cmd_bench, .timing = AFTER_THE_ANSWER, .cecp = true },
    { "pgn", .run = cmd_pgn, .cecp = true },
    { .word = NULL },
};

/* The command word names in dialect d: its own, or a common one it accepts; NULL if none. */
static const Command *command_of(const DialectOps *d, const char *word)
{
    for (const Command *c = d->commands; c->word; c++)
        if (!strcasecmp(word, c->word))
            return c;
    for (const Command *c = common; c->word; c++)
        if (!strcasecmp(word, c->word) && (c->cecp || d->id != DIALECT_CECP))
            return c;
    return NULL;
}

bool dialect_answer(const DialectOps *d, Session *s, char **tok, int n)
{
    const Command *c = command_of(d, tok[0]);
    if (!c) {
        d->other(s, tok, n);
        return true;
    }
    if (c->run)
        c->run(s, tok + 1, n - 1);
    else
        c->act(s);
    return !c->quits;
}

LineTiming dialect_timing(const DialectOps *d, const Session *s, char **tok, int n)
{
    const Command *c = command_of(d, tok[0]);
    if (!c)
        return d->other_timing ? d->other_timing(s, tok, n) : ANSWER_AT_ONCE;
    return c->timing_of ? c->timing_of(s, tok + 1, n - 1) : c->timing;
}

void unknown_command(Session *s, char **tok, int n)
{
    (void)n;
    report_error(s, "unknown command '%.64s'", tok[0]);
}
