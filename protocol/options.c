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

/* A value read by its option's type. */
typedef struct {
    long long num;
    bool flag;
    int var; /* a combo's value, by its place in vars */
} OptionValue;

/* Sets what the session keeps, or the engine's table, network or tables; false with the reason in err. */
typedef bool (*SessionSetter)(Session *s, OptionValue v, const char *value, char *err, size_t errlen);
/* Sets one of the engine's SearchOptions, which the engine takes with the search stopped. */
typedef void (*SearchSetter)(SearchOptions *o, OptionValue v);

typedef struct {
    const char *uci, *ucci; /* NULL: not offered in that dialect */
    bool cecp;              /* offered to XBoard too, by its UCI name */
    OptionType type;
    long long min, max, def;
    const char *vars[4]; /* combo values, the first the default; a string's default */
    SessionSetter set;   /* one of the two setters, or none (debug) */
    SearchSetter search;
    /* A value in words turned into the number it stands for, written into `number`; else the value as it is. */
    const char *(*spell)(const char *value, char number[8]);
} OptionDef;

/* The EvalFile value that stands for the network built into the executable. */
#define EMBEDDED_NET "<embedded>"
/* An EGTBPath value for no tables, as some UCI GUIs write an empty string. */
#define NO_PATH "<empty>"

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

static void search_threads(SearchOptions *o, OptionValue v) { o->threads = (int)FUZZ_CAP(v.num, FUZZ_THREADS); }
static void search_multipv(SearchOptions *o, OptionValue v) { o->multipv = (int)v.num; }
static void search_overhead(SearchOptions *o, OptionValue v) { o->move_overhead = v.num; }
static void search_limit_strength(SearchOptions *o, OptionValue v) { o->limit_strength = v.flag; }
static void search_elo(SearchOptions *o, OptionValue v) { o->elo = (int)v.num; }
static void search_randomness(SearchOptions *o, OptionValue v) { o->randomness = (int)v.num; }
static void search_contempt(SearchOptions *o, OptionValue v) { o->contempt = (int)v.num; }

/* The engine's options as o has them, with the search stopped; false with the reason in err if it refused. */
static bool apply_search_options(Session *s, const SearchOptions *o, char *err, size_t errlen)
{
    session_stop(s);
    if (engine_set_options(s->engine, o))
        return true;
    if (has_threads())
        snprintf(err, errlen, "cannot start %d threads", o->threads);
    else
        snprintf(err, errlen, "cannot start %d threads: this build has one only (Threads stays 1)", o->threads);
    return false;
}

static bool set_use_nnue(Session *s, OptionValue v, const char *value, char *err, size_t errlen)
{
    (void)value;
    SearchOptions opt = *engine_options(s->engine);
    if (v.flag != opt.hand_eval)
        return true; /* no change: the table keeps its values */
    opt.hand_eval = !v.flag;
    if (!apply_search_options(s, &opt, err, errlen))
        return false;
    engine_clear(s->engine); /* the table's static values are the other evaluation's */
    return true;
}

static bool set_hash(Session *s, OptionValue v, const char *value, char *err, size_t errlen)
{
    (void)value;
    session_stop(s);
    if (engine_set_hash(s->engine, (size_t)FUZZ_CAP(v.num, FUZZ_HASH_MB)))
        return true;
    snprintf(err, errlen, "cannot allocate %lld MB of hash; keeping %zu MB", v.num, engine_hash_mb(s->engine));
    return false;
}

static bool set_evalfile(Session *s, OptionValue v, const char *value, char *err, size_t errlen)
{
    (void)v;
    session_stop(s);
    return engine_load_network(s->engine, strcmp(value, EMBEDDED_NET) ? value : NULL, err, errlen);
}

static bool set_egtb_path(Session *s, OptionValue v, const char *value, char *err, size_t errlen)
{
    (void)v;
    session_stop(s);
    return engine_set_tablebases(s->engine, value && strcmp(value, NO_PATH) ? value : "", err, errlen);
}

static bool set_egtb_memory(Session *s, OptionValue v, const char *value, char *err, size_t errlen)
{
    (void)value, (void)err, (void)errlen;
    session_stop(s);
    engine_set_tablebase_memory(s->engine, (size_t)v.num);
    return true;
}

static bool set_promotion(Session *s, OptionValue v, const char *value, char *err, size_t errlen)
{
    (void)s, (void)value;
    if (v.flag)
        snprintf(err, errlen, "promotion true is not played: advisors and elephants never become pawns here");
    return !v.flag;
}

static bool set_log_file(Session *s, OptionValue v, const char *value, char *err, size_t errlen)
{
    (void)v;
    return io_log_open(&s->out, value, err, errlen);
}

static bool set_bookfiles(Session *s, OptionValue v, const char *value, char *err, size_t errlen)
{
    (void)v;
    session_stop(s);
    return session_books_load(s, value, err, errlen);
}

/* Clear Hash and UCCI's newgame: a new game forgets the last one's table and outlook. */
static bool set_clear(Session *s, OptionValue v, const char *value, char *err, size_t errlen)
{
    (void)v, (void)value, (void)err, (void)errlen;
    session_stop(s);
    engine_clear(s->engine);
    outlook_clear(&s->outlook);
    return true;
}

/* The settings a session only keeps: each a line, and none can fail. */
#define KEEP(name, what)                                                                      \
    static bool name(Session *s, OptionValue v, const char *value, char *err, size_t errlen) \
    {                                                                                         \
        (void)v, (void)value, (void)err, (void)errlen;                                        \
        what;                                                                                 \
        return true;                                                                          \
    }
KEEP(set_usebook, s->books.on = v.flag)
KEEP(set_book_choice, s->books.choice = v.var ? BOOK_BEST : BOOK_WEIGHTED)
KEEP(set_show_wdl, s->show_wdl = v.flag)
KEEP(set_ponder, s->ponder = v.flag)
KEEP(set_variant, s->variant_set = true)
KEEP(set_ranks, s->rank_choice = v.var - 1)
KEEP(set_rules, s->rules_choice = v.var - 1) /* in RuleSet order after auto */
KEEP(set_notation, s->notation = (Notation)v.var)
KEEP(set_usemillisec, s->millisec = v.flag)
KEEP(set_batch, s->batch = v.flag)
#undef KEEP

static const OptionDef defs[] = {
    /* UCCI GUIs expect usemillisec first, before they send any go. */
    { NULL, "usemillisec", false, OPT_CHECK, 0, 1, 1, { 0 }, .set = set_usemillisec },
    /* XBoard sets these two with its own memory and cores commands. */
    { "Hash", "hashsize", false, OPT_SPIN, 1, TT_MAX_MB, TT_DEFAULT_MB, { 0 }, .set = set_hash },
    { "Threads", "threads", false, OPT_SPIN, 1, MAX_THREADS, 1, { 0 }, .search = search_threads },
    { "MultiPV", NULL, false, OPT_SPIN, 1, MAX_MULTIPV, 1, { 0 }, .search = search_multipv },
    { "Ponder", "ponder", false, OPT_CHECK, 0, 1, 0, { 0 }, .set = set_ponder },
    { "Move Overhead", NULL, true, OPT_SPIN, 0, 5000, 30, { 0 }, .search = search_overhead },
    { "Clear Hash", NULL, true, OPT_BUTTON, 0, 0, 0, { 0 }, .set = set_clear },
    { "UCI_Variant", NULL, false, OPT_COMBO, 0, 0, 0, { "xiangqi" }, .set = set_variant },
    { "Rank Numbering", NULL, false, OPT_COMBO, 0, 0, 0, { "auto", "0-9", "1-10" }, .set = set_ranks },
    { NULL, "batch", false, OPT_CHECK, 0, 1, 0, { 0 }, .set = set_batch },
    /* UCCI GUIs send it; Chuhan has no extra debugging output to switch on. */
    { NULL, "debug", false, OPT_CHECK, 0, 1, 0, { 0 }, .set = NULL },
    { NULL, "newgame", false, OPT_BUTTON, 0, 0, 0, { 0 }, .set = set_clear },
    { "Rules", "rules", true, OPT_COMBO, 0, 0, 0, { "auto", "asian", "repetition-draw" }, .set = set_rules },
    { "Use NNUE", "usennue", true, OPT_CHECK, 0, 1, EVAL_NETWORK_BY_DEFAULT, { 0 }, .set = set_use_nnue },
    { "EvalFile", "evalfile", true, OPT_STRING, 0, 0, 0, { EMBEDDED_NET }, .set = set_evalfile },
    /* Endgame tables (docs/egtb.md): folders separated by ';', and the megabytes they may fill. XBoard: egtpath. */
    { "EGTBPath", "egtbpaths", false, OPT_STRING, 0, 0, 0, { "" }, .set = set_egtb_path },
    { "EGTBMemory", NULL, true, OPT_SPIN, 1, 1 << 20, 64, { 0 }, .set = set_egtb_memory },
    /* Playing for people: a level on the Elo scale (docs/levels.md), and variety in cp. */
    { "UCI_LimitStrength", "limitstrength", true, OPT_CHECK, 0, 1, 0, { 0 }, .search = search_limit_strength },
    { "UCI_Elo", "elo", true, OPT_SPIN, SKILL_ELO_MIN, SKILL_ELO_MAX, SKILL_ELO_MAX, { 0 }, .search = search_elo },
    { "Randomness", "randomness", true, OPT_SPIN, 0, RANDOMNESS_MAX, 0, { 0 }, .search = search_randomness, .spell = randomness_value },
    /* cp a draw is worth less to Chuhan than to its opponent, in games on the clock at full strength. */
    { "Contempt", "contempt", true, OPT_SPIN, -CONTEMPT_MAX, CONTEMPT_MAX, CONTEMPT_DEFAULT, { 0 }, .search = search_contempt },
    /* UCCI 3.0's advisors and elephants that become pawns: league managers send false, the standard rule. */
    { NULL, "promotion", false, OPT_CHECK, 0, 1, 0, { 0 }, .set = set_promotion },
    /* Off by default: some GUIs' info parsers do not know the wdl token. UCI only. */
    { "UCI_ShowWDL", NULL, false, OPT_CHECK, 0, 1, 0, { 0 }, .set = set_show_wdl },
    /* Every line in and out, with its time, appended to this file ("" for none). */
    { "Debug Log File", "debuglogfile", true, OPT_STRING, 0, 0, 0, { "" }, .set = set_log_file },
    /* Move names in info lines and d, for people reading a log; in the order of Notation. */
    { "Notation", "notation", false, OPT_COMBO, 0, 0, 0, { "iccs", "chinese", "wxf" }, .set = set_notation },
    /* Opening books in ElephantEye's format (docs/book.md): on by default, as UCCI has it, but none until a file is named. */
    { "OwnBook", "usebook", true, OPT_CHECK, 0, 1, 1, { 0 }, .set = set_usebook },
    { "BookFile", "bookfiles", true, OPT_STRING, 0, 0, 0, { "" }, .set = set_bookfiles },
    { "Book Choice", "bookchoice", true, OPT_COMBO, 0, 0, 0, { "weighted", "best" }, .set = set_book_choice },
};
enum { OPTION_NB = sizeof defs / sizeof *defs };

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
        if (o->type == OPT_BUTTON || o->set == set_variant)
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

bool options_set(Session *s, const char *name, const char *value, char *err, size_t errlen)
{
    const OptionDef *o = find_option(name);
    if (!o) {
        snprintf(err, errlen, "unknown option '%.64s'", name);
        return false;
    }
    char number[8];
    if (o->spell)
        value = o->spell(value, number);
    OptionValue v = { 0 };
    if (!read_value(o, name, value, &v, err, errlen))
        return false;
    bool ok = true;
    if (o->search) {
        SearchOptions opt = *engine_options(s->engine);
        o->search(&opt, v);
        ok = apply_search_options(s, &opt, err, errlen);
    } else if (o->set) {
        ok = o->set(s, v, value, err, errlen);
    }
    session_update_settings(s);
    return ok;
}
