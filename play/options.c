/* The command line of `chuhan play`, and the engine's strength. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/clock.h"
#include "../search/skill.h"
#include "../text/words.h"
#include "../base/version.h"
#include "../lang/lang.h"
#include "console.h"
#include "options.h"

/* Depths of the levels 1 to 10. */
static const int level_depths[LEVEL_MAX] = { 1, 2, 3, 4, 5, 6, 8, 10, 12, 16 };

/* Two games against a person should part ways early: this much variety unless told otherwise. */
enum { DEFAULT_MOVETIME = 1000, MOVE_OVERHEAD = 30, DEFAULT_RANDOMNESS = 15 };

static bool parse_seconds(const char *s, double lo, double hi, double *out)
{
    char *end;
    double v = strtod(s, &end);
    if (!*s || *end || !(v >= lo && v <= hi))
        return false;
    *out = v;
    return true;
}

bool set_depth(Play *p, const char *arg)
{
    long long depth;
    if (!parse_number(arg, 1, MAX_PLY - 8, false, &depth))
        return false;
    p->depth = (int)depth;
    p->movetime = 0;
    return true;
}

bool set_time(Play *p, const char *arg)
{
    double seconds;
    if (!parse_seconds(arg, 0.01, 3600, &seconds))
        return false;
    p->movetime = (int64_t)(seconds * 1000 + 0.5);
    p->depth = 0;
    return true;
}

bool set_level(Play *p, const char *arg)
{
    long long level;
    if (!parse_number(arg, 1, LEVEL_MAX, false, &level))
        return false;
    p->depth = level_depths[level - 1];
    p->movetime = 0;
    return true;
}

bool set_elo(Play *p, const char *arg)
{
    long long elo;
    if (!strcmp(arg, "max"))
        elo = 0;
    else if (!parse_number(arg, SKILL_ELO_MIN, SKILL_ELO_MAX, false, &elo))
        return false;
    p->elo = (int)elo;
    return true;
}

static bool set_randomness(Play *p, const char *arg)
{
    long long cp;
    if (!parse_number(arg, 0, RANDOMNESS_MAX, false, &cp))
        return false;
    p->randomness = (int)cp;
    return true;
}

/* A book in ElephantEye's format, which the engine reads once it is made. */
static bool set_book(Play *p, const char *path)
{
    p->book = path;
    return true;
}

/* The book into the engine; a file that is none is refused with the reason. */
static bool read_book(Play *p)
{
    char err[400];
    if (!p->book || engine_set_books(p->engine, p->book, err, sizeof err))
        return true;
    fprintf(stderr, msg(MSG_BOOK_FAULT), err);
    fputc('\n', stderr);
    return false;
}

void apply_strength(const Play *p)
{
    SearchOptions opt = *engine_options(p->engine);
    opt.limit_strength = p->elo > 0;
    opt.elo = p->elo ? p->elo : SKILL_ELO_MAX;
    opt.randomness = p->randomness;
    engine_set_options(p->engine, &opt);
}

/* MIN+INC: minutes for the game and seconds added after each move, such as 5+3 or 0.5+1. */
static bool set_clock(Play *p, const char *arg)
{
    char minutes[32];
    const char *plus = strchr(arg, '+');
    size_t n = plus ? (size_t)(plus - arg) : strlen(arg);
    double base, inc = 0;
    if (n >= sizeof minutes)
        return false;
    memcpy(minutes, arg, n);
    minutes[n] = 0;
    if (!parse_seconds(minutes, 0.05, 600, &base) || (plus && !parse_seconds(plus + 1, 0, 600, &inc)))
        return false;
    p->clocked = true;
    p->left[RED] = p->left[BLACK] = (int64_t)(base * 60000);
    p->clock_inc = (int64_t)(inc * 1000);
    return true;
}

void strength_text(const Play *p, char *out, size_t cap)
{
    int n = 0;
    const char *sep = msg(MSG_LIST_SEPARATOR);
    out[0] = 0;
    if (p->elo)
        n += snprintf(out, cap, msg(MSG_STRENGTH_ELO), p->elo);
    if (p->depth && n < (int)cap)
        n += snprintf(out + n, cap - (size_t)n, "%s", n ? sep : "");
    if (p->depth && n < (int)cap)
        n += snprintf(out + n, cap - (size_t)n, msg(MSG_STRENGTH_DEPTH), p->depth);
    if (p->movetime && n < (int)cap && n)
        n += snprintf(out + n, cap - (size_t)n, "%s%s", sep, msg(MSG_STRENGTH_AT_MOST));
    if (p->movetime && n < (int)cap)
        n += snprintf(out + n, cap - (size_t)n, msg(MSG_STRENGTH_TIME), p->movetime / 1000.0);
    if (p->clocked && n < (int)cap)
        snprintf(out + n, cap - (size_t)n, "%s%s", n ? sep : "", msg(MSG_STRENGTH_CLOCK));
}

static void help(void)
{
    printf(msg(MSG_PLAY_USAGE), SKILL_ELO_MIN, SKILL_ELO_MAX, LEVEL_MAX, DEFAULT_RANDOMNESS);
}

/* One option, with its value in next; returns how many arguments it took (0: a bad option). */
static int take_option(Play *p, const char *opt, const char *next, const char **fen, const char **egtb, const char **ending)
{
    static const char *const sides[] = { "--red", "--black", "--watch" };
    for (int i = 0; i < 3; i++)
        if (!strcmp(opt, sides[i])) {
            p->engine_plays[RED] = i != 0;
            p->engine_plays[BLACK] = i != 1;
            return 1;
        }
    if (!strcmp(opt, "--ascii") || !strcmp(opt, "--blind")) {
        *(opt[2] == 'a' ? &p->view.ascii : &p->blind) = true;
        return 1;
    }
    if (!next)
        return 0;
    Lang lang;
    if (!strcmp(opt, "--lang"))
        return lang_parse(next, &lang) ? 2 : 0; /* chosen before the rest: see choose_language */
    if (!strcmp(opt, "--fen"))
        *fen = next;
    else if (!strcmp(opt, "--egtb"))
        *egtb = next;
    else if (!strcmp(opt, "--ending"))
        *ending = next;
    else if (!(!strcmp(opt, "--depth") ? set_depth(p, next)
               : !strcmp(opt, "--time") ? set_time(p, next)
               : !strcmp(opt, "--level") ? set_level(p, next)
               : !strcmp(opt, "--elo") ? set_elo(p, next)
               : !strcmp(opt, "--randomness") ? set_randomness(p, next)
               : !strcmp(opt, "--clock") ? set_clock(p, next)
               : !strcmp(opt, "--book") ? set_book(p, next)
                                         : false))
        return 0;
    return 2;
}

static void banner(const Play *p)
{
    char strength[64];
    strength_text(p, strength, sizeof strength);
    const char *red = msg(MSG_RED), *black = msg(MSG_BLACK);
    if (p->engine_plays[RED] && p->engine_plays[BLACK])
        say(msg(MSG_BANNER_WATCH), CHUHAN_VERSION, strength);
    else
        say(msg(MSG_BANNER), CHUHAN_VERSION, p->engine_plays[RED] ? black : red, p->engine_plays[RED] ? red : black, strength);
    say(msg(MSG_TYPE_MOVES), msg(p->view.ascii ? MSG_MOVE_EXAMPLES_ASCII : MSG_MOVE_EXAMPLES));
}

/* --ending NAME: the game starts from a position of that table ending, the player's side to move. */
static bool start_practice(Play *p, const char *ending, const char *egtb, int *status)
{
    char fen[FEN_MAX], err[256];
    int side = p->engine_plays[RED] ? BLACK : RED;
    *status = 2;
    if (!egtb)
        fprintf(stderr, "%s\n", msg(MSG_PRACTICE_WANTS_TABLES));
    else if (!practice_position(&p->practice, p->engine, ending, side, fen, err, sizeof err))
        fprintf(stderr, "chuhan play: %s\n", err);
    else if (!game_start(&p->game, fen, err, sizeof err))
        fprintf(stderr, "chuhan play: %s\n", err);
    else
        return true;
    return false;
}

/* The environment's language, or the last good --lang: first, so that --help and the faults in the options speak it. */
static void choose_language(int argc, char **argv)
{
    Lang lang = lang_of_environment();
    for (int i = 0; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--lang"))
            lang_parse(argv[i + 1], &lang);
    lang_set(lang);
}

bool play_options(Play *p, int argc, char **argv, int *status)
{
    choose_language(argc, argv);
    bool colours = console_setup_output(); /* first: the help and the errors show Chinese too */
    const char *fen = START_FEN, *egtb = NULL, *ending = NULL;
    p->engine_plays[BLACK] = true;
    p->randomness = DEFAULT_RANDOMNESS;
    for (int i = 0, used; i < argc; i += used) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            help();
            *status = 0;
            return false;
        }
        if (!(used = take_option(p, argv[i], i + 1 < argc ? argv[i + 1] : NULL, &fen, &egtb, &ending))) {
            fprintf(stderr, msg(MSG_BAD_OPTION), argv[i]);
            fputc('\n', stderr);
            *status = 2;
            return false;
        }
    }
    if (!p->depth && !p->movetime && !p->clocked)
        p->movetime = DEFAULT_MOVETIME;
    char err[128];
    if (!game_start(&p->game, fen, err, sizeof err)) {
        char why[256];
        lang_reason(err, why, sizeof why);
        fprintf(stderr, msg(MSG_BAD_FEN_OPTION), why);
        fputc('\n', stderr);
        *status = 2;
        return false;
    }
    SearchOptions opt = { .threads = 1, .multipv = 1, .move_overhead = MOVE_OVERHEAD };
    p->engine = engine_new();
    if (!p->engine) {
        fprintf(stderr, "%s\n", msg(MSG_OUT_OF_MEMORY));
        *status = 1;
        return false;
    }
    engine_set_options(p->engine, &opt);
    apply_strength(p);
    if (egtb && !engine_set_tablebases(p->engine, egtb, err, sizeof err)) {
        fprintf(stderr, "chuhan play: %s\n", err);
        *status = 2;
        return false;
    }
    if (!read_book(p)) {
        *status = 2;
        return false;
    }
    if (ending && !start_practice(p, ending, egtb, status))
        return false;
    p->tables = (TableNews){ .on = egtb != NULL, .verdict = 2 };
    p->view.colour = colours && !p->view.ascii && !getenv("NO_COLOR");
    p->view.flipped = p->engine_plays[RED] && !p->engine_plays[BLACK];
    banner(p);
    tell_tables(p);
    return true;
}
