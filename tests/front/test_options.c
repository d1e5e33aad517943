/* Every option starts at the value the handshakes advertise, in each dialect. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../eval/evaluate.h"
#include "../../board/rules.h"
#include "../../search/engine.h"
#include "../../search/tt.h"
#include "../../protocol/io.h"
#include "../../protocol/options.h"
#include "../common.h"

TestSuite(options, .init = setup_tables);

static char listing[8192];

static void list_options(Dialect d)
{
    FILE *f = fmemopen(listing, sizeof listing - 1, "w");
    cr_assert(f);
    Output out;
    output_init(&out, f);
    options_print(&out, d);
    output_free(&out);
    fclose(f);
}

/* The default advertised for an option: the word after "default" (UCI, UCCI) or the CECP value. */
static const char *advertised(const char *name)
{
    static char value[64];
    char key[96];
    snprintf(key, sizeof key, " %s type ", name);
    const char *p = strstr(listing, key);
    cr_assert(p, "option %s not advertised", name);
    p = strstr(p, " default ");
    cr_assert(p);
    cr_assert_eq(sscanf(p, " default %63s", value), 1);
    return value;
}

static long number(const char *name) { return strtol(advertised(name), NULL, 10); }
static bool flag(const char *name) { return !strcmp(advertised(name), "true"); }

/* The engine state after the start-up defaults, against what one dialect advertises. */
static void expect_defaults(Dialect d)
{
    static Session s;
    cr_assert(session_init(&s, stdout));
    s.dialect = d;
    options_reset(&s);
    session_update_settings(&s);
    list_options(d);
    bool uci = d == DIALECT_UCI;
    cr_assert_eq((long)engine_hash_mb(s.engine), number(uci ? "Hash" : "hashsize"));
    cr_assert_eq(engine_options(s.engine)->threads, number(uci ? "Threads" : "threads"));
    cr_assert_eq(s.ponder, flag(uci ? "Ponder" : "ponder"));
    cr_assert_eq(!engine_options(s.engine)->hand_eval, flag(uci ? "Use NNUE" : "usennue"));
    cr_assert_str_eq(advertised(uci ? "Rules" : "rules"), "auto");
    cr_assert_eq(s.board.rules, RULES_ASIAN, "auto without UCI_Variant");
    cr_assert_str_eq(advertised(uci ? "EvalFile" : "evalfile"), "<embedded>");
    if (uci) {
        cr_assert_eq(engine_options(s.engine)->move_overhead, number("Move Overhead"));
        cr_assert_eq(engine_options(s.engine)->multipv, number("MultiPV"));
        cr_assert_str_eq(advertised("Rank Numbering"), "auto");
        cr_assert_eq(s.rank_choice, -1);
    } else {
        cr_assert_eq(s.millisec, flag("usemillisec"));
        cr_assert_eq(s.batch, flag("batch"));
    }
    session_free(&s);
}

Test(options, uci_defaults_are_the_values_in_use) { expect_defaults(DIALECT_UCI); }
Test(options, ucci_defaults_are_the_values_in_use) { expect_defaults(DIALECT_UCCI); }

Test(options, cecp_defaults_are_the_values_in_use)
{
    static Session s;
    cr_assert(session_init(&s, stdout));
    options_reset(&s);
    list_options(DIALECT_CECP);
    char want[128];
    snprintf(want, sizeof want, "feature option=\"Move Overhead -spin %lld 0 5000\"",
             (long long)engine_options(s.engine)->move_overhead);
    cr_assert(strstr(listing, want), "%s", listing);
    snprintf(want, sizeof want, "feature option=\"Use NNUE -check %d\"", !engine_options(s.engine)->hand_eval);
    cr_assert(strstr(listing, want), "%s", listing);
    cr_assert(strstr(listing, "feature option=\"Rules -combo *auto"), "%s", listing);
    session_free(&s);
}
