#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "../eval/evaluate.h"
#include "../eval/nnue.h"
#include "../base/platform.h"
#include "../search/skill.h"
#include "../search/tt.h"
#include "fuzz_caps.h"
#include "io.h"
#include "options.h"
#include "search_thread.h"
#include "session_book.h"

typedef enum { OPT_CHECK, OPT_SPIN, OPT_COMBO, OPT_BUTTON, OPT_STRING } OptionType;

typedef enum {
    O_HASH, O_THREADS, O_MULTIPV, O_PONDER, O_OVERHEAD, O_CLEAR_HASH, O_VARIANT, O_RANKS,
    O_USEMILLISEC, O_BATCH, O_DEBUG, O_NEWGAME, O_RULES, O_EVALFILE, O_USE_NNUE, O_NOTATION,
    O_LIMIT_STRENGTH, O_ELO, O_RANDOMNESS, O_LOG_FILE, O_SHOW_WDL, O_PROMOTION, O_EGTB_PATH, O_EGTB_MEMORY,
    O_USEBOOK, O_BOOKFILES, O_BOOK_CHOICE, O_CONTEMPT,
} OptionId;

typedef struct {
    OptionId id;
    const char *uci, *ucci; /* NULL: not offered in that dialect */
    bool cecp;              /* offered to XBoard too, by its UCI name */
    OptionType type;
    long long min, max, def;
    const char *vars[4]; /* combo values, the first the default; a string's default */
} OptionDef;

/* The EvalFile value that stands for the network built into the executable. */
#define EMBEDDED_NET "<embedded>"
/* An EGTBPath value for no tables, as some UCI GUIs write an empty string. */
#define NO_PATH "<empty>"

static const OptionDef defs[] = {
    /* UCCI GUIs expect usemillisec first, before they send any go. */
    { O_USEMILLISEC, NULL, "usemillisec", false, OPT_CHECK, 0, 1, 1, { 0 } },
    /* XBoard sets these two with its own memory and cores commands. */
    { O_HASH, "Hash", "hashsize", false, OPT_SPIN, 1, TT_MAX_MB, TT_DEFAULT_MB, { 0 } },
    { O_THREADS, "Threads", "threads", false, OPT_SPIN, 1, MAX_THREADS, 1, { 0 } },
    { O_MULTIPV, "MultiPV", NULL, false, OPT_SPIN, 1, MAX_MULTIPV, 1, { 0 } },
    { O_PONDER, "Ponder", "ponder", false, OPT_CHECK, 0, 1, 0, { 0 } },
    { O_OVERHEAD, "Move Overhead", NULL, true, OPT_SPIN, 0, 5000, 30, { 0 } },
    { O_CLEAR_HASH, "Clear Hash", NULL, true, OPT_BUTTON, 0, 0, 0, { 0 } },
    { O_VARIANT, "UCI_Variant", NULL, false, OPT_COMBO, 0, 0, 0, { "xiangqi" } },
    { O_RANKS, "Rank Numbering", NULL, false, OPT_COMBO, 0, 0, 0, { "auto", "0-9", "1-10" } },
    { O_BATCH, NULL, "batch", false, OPT_CHECK, 0, 1, 0, { 0 } },
    /* UCCI GUIs send it; Chuhan has no extra debugging output to switch on. */
    { O_DEBUG, NULL, "debug", false, OPT_CHECK, 0, 1, 0, { 0 } },
    { O_NEWGAME, NULL, "newgame", false, OPT_BUTTON, 0, 0, 0, { 0 } },
    { O_RULES, "Rules", "rules", true, OPT_COMBO, 0, 0, 0, { "auto", "asian", "repetition-draw" } },
    { O_USE_NNUE, "Use NNUE", "usennue", true, OPT_CHECK, 0, 1, EVAL_NETWORK_BY_DEFAULT, { 0 } },
    { O_EVALFILE, "EvalFile", "evalfile", true, OPT_STRING, 0, 0, 0, { EMBEDDED_NET } },
    /* Endgame tables (docs/egtb.md): folders separated by ';', and the megabytes they may fill. XBoard: egtpath. */
    { O_EGTB_PATH, "EGTBPath", "egtbpaths", false, OPT_STRING, 0, 0, 0, { "" } },
    { O_EGTB_MEMORY, "EGTBMemory", NULL, true, OPT_SPIN, 16, 1 << 20, 1024, { 0 } },
    /* Playing for people: a level on the Elo scale (docs/levels.md), and variety in cp. */
    { O_LIMIT_STRENGTH, "UCI_LimitStrength", "limitstrength", true, OPT_CHECK, 0, 1, 0, { 0 } },
    { O_ELO, "UCI_Elo", "elo", true, OPT_SPIN, SKILL_ELO_MIN, SKILL_ELO_MAX, SKILL_ELO_MAX, { 0 } },
    { O_RANDOMNESS, "Randomness", "randomness", true, OPT_SPIN, 0, RANDOMNESS_MAX, 0, { 0 } },
    /* cp a draw is worth less to Chuhan than to its opponent, in games on the clock at full strength. */
    { O_CONTEMPT, "Contempt", "contempt", true, OPT_SPIN, -CONTEMPT_MAX, CONTEMPT_MAX, CONTEMPT_DEFAULT, { 0 } },
    /* UCCI 3.0's advisors and elephants that become pawns: league managers send false, the standard rule. */
    { O_PROMOTION, NULL, "promotion", false, OPT_CHECK, 0, 1, 0, { 0 } },
    /* Off by default: some GUIs' info parsers do not know the wdl token. UCI only. */
    { O_SHOW_WDL, "UCI_ShowWDL", NULL, false, OPT_CHECK, 0, 1, 0, { 0 } },
    /* Every line in and out, with its time, appended to this file ("" for none). */
    { O_LOG_FILE, "Debug Log File", "debuglogfile", true, OPT_STRING, 0, 0, 0, { "" } },
    /* Move names in info lines and d, for people reading a log; in the order of Notation. */
    { O_NOTATION, "Notation", "notation", false, OPT_COMBO, 0, 0, 0, { "iccs", "chinese", "wxf" } },
    /* Opening books in ElephantEye's format (docs/book.md): on by default, as UCCI has it, but none until a file is named. */
    { O_USEBOOK, "OwnBook", "usebook", true, OPT_CHECK, 0, 1, 1, { 0 } },
    { O_BOOKFILES, "BookFile", "bookfiles", true, OPT_STRING, 0, 0, 0, { "" } },
    { O_BOOK_CHOICE, "Book Choice", "bookchoice", true, OPT_COMBO, 0, 0, 0, { "weighted", "best" } },
};
enum { OPTION_NB = sizeof defs / sizeof *defs };

/* UCCI 3.0 names its randomness in words: the centipawns they stand for, written into number, or the value as it is. */
static const char *randomness_value(const char *value, char number[8])
{
    static const char *const words[] = { "none", "tiny", "small", "medium", "large", "huge" };
    static const int cp[] = { 0, 5, 10, 20, 40, 80 };
    for (int w = 0; value && w < 6; w++)
        if (!strcasecmp(value, words[w])) {
            snprintf(number, 8, "%d", cp[w]);
            return number;
        }
    return value;
}

static const char *const type_names[] = { "check", "spin", "combo", "button", "string" };

/* An option's default as text, as options_set() reads it. */
static void default_text(const OptionDef *o, char *out, size_t cap)
{
    if (o->type == OPT_SPIN)
        snprintf(out, cap, "%lld", o->def);
    else if (o->type == OPT_CHECK)
        snprintf(out, cap, "%s", o->def ? "true" : "false");
    else
        snprintf(out, cap, "%s", o->vars[0] ? o->vars[0] : "");
}

/* XBoard's form: feature option="NAME -TYPE ...", a combo's default marked with a star. */
static void print_cecp(Output *out, const OptionDef *o)
{
    char def[64];
    default_text(o, def, sizeof def);
    out_begin(out);
    out_text(out, "feature option=\"%s -%s", o->uci, type_names[o->type]);
    if (o->type == OPT_SPIN)
        out_text(out, " %lld %lld %lld", o->def, o->min, o->max);
    else if (o->type == OPT_CHECK)
        out_text(out, " %d", (int)o->def);
    else if (o->type == OPT_STRING)
        out_text(out, " %s", def);
    else if (o->type == OPT_COMBO)
        for (int v = 0; v < 4 && o->vars[v]; v++)
            out_text(out, "%s %s%s", v ? " ///" : "", v ? "" : "*", o->vars[v]);
    out_text(out, "\"");
    out_end(out);
}

void options_print(Output *out, Dialect d)
{
    for (int i = 0; i < OPTION_NB; i++) {
        const OptionDef *o = &defs[i];
        if (d == DIALECT_CECP) {
            if (o->cecp)
                print_cecp(out, o);
            continue;
        }
        const char *name = d == DIALECT_UCI ? o->uci : o->ucci;
        if (!name)
            continue;
        char def[64];
        default_text(o, def, sizeof def);
        out_begin(out);
        out_text(out, d == DIALECT_UCI ? "option name %s type %s" : "option %s type %s", name, type_names[o->type]);
        /* UCCI GUIs are used to min and max before the default; UCI ones to the default first. */
        if (o->type == OPT_SPIN && d == DIALECT_UCCI)
            out_text(out, " min %lld max %lld default %lld", o->min, o->max, o->def);
        else if (o->type == OPT_SPIN)
            out_text(out, " default %lld min %lld max %lld", o->def, o->min, o->max);
        else if (o->type != OPT_BUTTON)
            out_text(out, " default %s", def);
        for (int v = 0; o->type == OPT_COMBO && v < 4 && o->vars[v]; v++)
            out_text(out, " var %s", o->vars[v]);
        out_end(out);
    }
}

void options_reset(Session *s)
{
    for (int i = 0; i < OPTION_NB; i++) {
        const OptionDef *o = &defs[i];
        /* Buttons are events, and choosing UCI_Variant is one too. */
        if (o->type == OPT_BUTTON || o->id == O_VARIANT)
            continue;
        char def[64], err[256];
        default_text(o, def, sizeof def);
        options_set(s, o->uci ? o->uci : o->ucci, def, err, sizeof err);
    }
}

/* Names match ignoring case, and a space matches an underscore. */
static bool same_name(const char *a, const char *b)
{
    for (; *a && *b; a++, b++) {
        char x = *a == '_' ? ' ' : (char)tolower((unsigned char)*a);
        char y = *b == '_' ? ' ' : (char)tolower((unsigned char)*b);
        if (x != y)
            return false;
    }
    return !*a && !*b;
}

static bool parse_check(const char *v, bool *out)
{
    static const char *yes[] = { "true", "on", "1", "yes" }, *no[] = { "false", "off", "0", "no" };
    for (int i = 0; i < 4; i++) {
        if (!strcasecmp(v, yes[i]))
            return *out = true;
        if (!strcasecmp(v, no[i]))
            return !(*out = false);
    }
    return false;
}

/* A value read by its option's type. */
typedef struct {
    long long num;
    bool flag;
    int var; /* a combo's value, by its place in vars */
} OptionValue;

static const OptionDef *find_option(const char *name)
{
    for (int i = 0; i < OPTION_NB; i++)
        if ((defs[i].uci && same_name(name, defs[i].uci)) || (defs[i].ucci && same_name(name, defs[i].ucci)))
            return &defs[i];
    return NULL;
}

/* The value read by the option's type; false with the reason in err. */
static bool read_value(const OptionDef *o, const char *name, const char *value, OptionValue *v, char *err, size_t errlen)
{
    if (o->type != OPT_BUTTON && o->type != OPT_STRING && (!value || !*value)) { /* a string may be empty: no file */
        snprintf(err, errlen, "option '%s' needs a value", name);
        return false;
    }
    if (o->type == OPT_SPIN && !parse_number(value, o->min, o->max, false, &v->num)) {
        snprintf(err, errlen, "option '%s' takes a whole number from %lld to %lld, not '%.32s'", name, o->min, o->max,
                 value);
        return false;
    }
    if (o->type == OPT_CHECK && !parse_check(value, &v->flag)) {
        snprintf(err, errlen, "option '%s' takes true or false, not '%.32s'", name, value);
        return false;
    }
    if (o->type == OPT_COMBO) {
        while (v->var < 4 && o->vars[v->var] && strcasecmp(o->vars[v->var], value))
            v->var++;
        if (v->var == 4 || !o->vars[v->var]) {
            snprintf(err, errlen, "option '%s' has no value '%.32s'", name, value);
            return false;
        }
    }
    return true;
}

/*
 * The options that are the engine's SearchOptions, applied with the search
 * stopped; false if o is none of them. *ok is false if the engine refused.
 */
static bool set_search_option(Session *s, const OptionDef *o, OptionValue v, char *err, size_t errlen, bool *ok)
{
    SearchOptions opt = *engine_options(s->engine);
    switch (o->id) {
    case O_THREADS: opt.threads = (int)FUZZ_CAP(v.num, FUZZ_THREADS); break;
    case O_MULTIPV: opt.multipv = (int)v.num; break;
    case O_OVERHEAD: opt.move_overhead = v.num; break;
    case O_LIMIT_STRENGTH: opt.limit_strength = v.flag; break;
    case O_ELO: opt.elo = (int)v.num; break;
    case O_RANDOMNESS: opt.randomness = (int)v.num; break;
    case O_CONTEMPT: opt.contempt = (int)v.num; break;
    case O_USE_NNUE:
        if (v.flag != opt.hand_eval)
            return true;
        opt.hand_eval = !v.flag;
        break;
    default: return false;
    }
    session_stop(s);
    if (!engine_set_options(s->engine, &opt)) {
        if (has_threads())
            snprintf(err, errlen, "cannot start %d threads", opt.threads);
        else
            snprintf(err, errlen, "cannot start %d threads: this build has one only (Threads stays 1)", opt.threads);
        *ok = false;
    } else if (o->id == O_USE_NNUE) {
        engine_clear(s->engine); /* the table's static values are the other evaluation's */
    }
    return true;
}

/* The options the session keeps, and the engine's table and network; false with the reason in err. */
static bool set_session_option(Session *s, const OptionDef *o, OptionValue v, const char *value, char *err,
                               size_t errlen)
{
    switch (o->id) {
    case O_HASH:
        session_stop(s);
        if (!engine_set_hash(s->engine, (size_t)FUZZ_CAP(v.num, FUZZ_HASH_MB))) {
            snprintf(err, errlen, "cannot allocate %lld MB of hash; keeping %zu MB", v.num, engine_hash_mb(s->engine));
            return false;
        }
        return true;
    case O_EVALFILE:
        session_stop(s);
        return engine_load_network(s->engine, strcmp(value, EMBEDDED_NET) ? value : NULL, err, errlen);
    case O_EGTB_PATH:
        session_stop(s);
        return engine_set_tablebases(s->engine, value && strcmp(value, NO_PATH) ? value : "", err, errlen);
    case O_EGTB_MEMORY:
        session_stop(s);
        engine_set_tablebase_memory(s->engine, (size_t)v.num);
        return true;
    case O_PROMOTION:
        if (v.flag)
            snprintf(err, errlen, "promotion true is not played: advisors and elephants never become pawns here");
        return !v.flag;
    case O_LOG_FILE: return io_log_open(&s->out, value, err, errlen);
    case O_BOOKFILES:
        session_stop(s);
        return session_books_load(s, value, err, errlen);
    case O_USEBOOK: s->books.on = v.flag; return true;
    case O_BOOK_CHOICE: s->books.choice = v.var ? BOOK_BEST : BOOK_WEIGHTED; return true;
    case O_CLEAR_HASH:
    case O_NEWGAME:
        session_stop(s);
        engine_clear(s->engine);
        outlook_clear(&s->outlook);
        return true;
    case O_SHOW_WDL: s->show_wdl = v.flag; return true;
    case O_PONDER: s->ponder = v.flag; return true;
    case O_VARIANT: s->variant_set = true; return true;
    case O_RANKS: s->rank_choice = v.var - 1; return true;
    case O_RULES: s->rules_choice = v.var - 1; return true; /* in RuleSet order after auto */
    case O_NOTATION: s->notation = (Notation)v.var; return true;
    case O_USEMILLISEC: s->millisec = v.flag; return true;
    case O_BATCH: s->batch = v.flag; return true;
    default: return true; /* debug: nothing more to show */
    }
}

bool options_set(Session *s, const char *name, const char *value, char *err, size_t errlen)
{
    const OptionDef *o = find_option(name);
    if (!o) {
        snprintf(err, errlen, "unknown option '%.64s'", name);
        return false;
    }
    char number[8];
    if (o->id == O_RANDOMNESS)
        value = randomness_value(value, number);
    OptionValue v = { 0 };
    if (!read_value(o, name, value, &v, err, errlen))
        return false;
    bool ok = true;
    if (!set_search_option(s, o, v, err, errlen, &ok))
        ok = set_session_option(s, o, v, value, err, errlen);
    session_update_settings(s);
    return ok;
}
