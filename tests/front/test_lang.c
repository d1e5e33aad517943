/*
 * The catalogues: every message in both languages, each taking the same
 * values in the same order; the language chosen from a name or the
 * environment; the engine's reasons put into Chinese.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "../../lang/lang.h"

TestSuite(lang);

/* The printf conversions of a message in order ("%d%s"), or its {n} in the order of n for a reason. */
static void conversions(const char *text, bool reason, char *out, size_t cap)
{
    size_t n = 0;
    if (reason) {
        for (char slot = '1'; slot <= '9'; slot++) {
            char mark[4] = { '{', slot, '}', 0 };
            if (strstr(text, mark) && n + 1 < cap)
                out[n++] = slot;
        }
    } else {
        for (const char *p = text; *p && n + 4 < cap; p++)
            if (*p == '%') {
                p += strspn(p + 1, ".*-+ #0123456789") + 1;
                if (*p != '%') {
                    out[n++] = '%';
                    out[n++] = *p;
                } else {
                    continue;
                }
            }
    }
    out[n] = 0;
}

Test(lang, every_message_is_in_english_and_chinese_with_the_same_values)
{
    for (int m = 0; m < MSG_NB; m++) {
        const char *en = lang_en[m], *zh = lang_zh[m];
        cr_assert(en && *en, "message %d has no English", m);
        cr_assert(zh && *zh, "message %d (%s) has no Chinese", m, en);
        char a[64], b[64];
        bool reason = m >= MSG_REASON_FIRST;
        conversions(en, reason, a, sizeof a);
        conversions(zh, reason, b, sizeof b);
        cr_assert_str_eq(b, a, "message %d: \"%s\" takes %s, its Chinese \"%s\" %s", m, en, a, zh, b);
    }
}

Test(lang, the_chinese_messages_are_chinese)
{
    /* Each Chinese message other than a list's comma holds a character of the CJK blocks (their UTF-8 starts 0xE3 to 0xE9, or 0xEF for full-width forms). */
    for (int m = 0; m < MSG_NB; m++) {
        bool cjk = false;
        for (const unsigned char *p = (const unsigned char *)lang_zh[m]; *p; p++)
            cjk |= (*p >= 0xE3 && *p <= 0xE9) || *p == 0xEF;
        cr_assert(cjk, "message %d is not Chinese: \"%s\"", m, lang_zh[m]);
    }
}

Test(lang, a_language_is_read_from_its_name_or_a_locale)
{
    Lang lang = LANG_NB;
    cr_assert(lang_parse("zh", &lang) && lang == LANG_ZH);
    cr_assert(lang_parse("zh_CN.UTF-8", &lang) && lang == LANG_ZH);
    cr_assert(lang_parse("en", &lang) && lang == LANG_EN);
    cr_assert(lang_parse("C.UTF-8", &lang) && lang == LANG_EN);
    cr_assert_not(lang_parse("fr_FR", &lang));
    cr_assert_not(lang_parse("zhx", &lang));
}

Test(lang, the_environment_chooses_by_lc_all_then_lc_messages_then_lang)
{
    unsetenv("LC_ALL");
    unsetenv("LC_MESSAGES");
    setenv("LANG", "zh_CN.UTF-8", 1);
    cr_assert_eq(lang_of_environment(), LANG_ZH);
    setenv("LC_MESSAGES", "en_GB.UTF-8", 1);
    cr_assert_eq(lang_of_environment(), LANG_EN);
    setenv("LC_ALL", "zh_TW", 1);
    cr_assert_eq(lang_of_environment(), LANG_ZH);
    setenv("LC_ALL", "de_DE", 1);
    cr_assert_eq(lang_of_environment(), LANG_EN);
    unsetenv("LC_ALL");
    unsetenv("LC_MESSAGES");
    unsetenv("LANG");
    cr_assert_eq(lang_of_environment(), LANG_EN);
}

Test(lang, the_engines_reasons_are_put_into_chinese_part_by_part)
{
    char out[256];
    lang_set(LANG_ZH);
    lang_reason("move 2 (red) 马八进六: the horse's leg is blocked", out, sizeof out);
    cr_assert_str_eq(out, "第2回合（红方）马八进六：蹩马腿");
    lang_reason("no such man: no red horse on file 8", out, sizeof out);
    cr_assert_str_eq(out, "没有这个子：红方在第8路没有马");
    lang_reason("ambiguous: 2 red rooks can make that move", out, sizeof out);
    cr_assert_str_eq(out, "有歧义：红方有2个车都能这样走");
    lang_reason("rank 3 has more than 9 files", out, sizeof out); /* a FEN's, which the page shows too */
    cr_assert_str_eq(out, "第3行超过9列");
    lang_reason("a reason no catalogue knows", out, sizeof out);
    cr_assert_str_eq(out, "a reason no catalogue knows");
    lang_set(LANG_EN);
    lang_reason("move 2 (red) 马八进六: the horse's leg is blocked", out, sizeof out);
    cr_assert_str_eq(out, "move 2 (red) 马八进六: the horse's leg is blocked");
}
