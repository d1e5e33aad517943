/*
 * The engine's English reasons in another language: each English message
 * from MSG_REASON_FIRST on is a pattern, its {n} standing for a word of the
 * engine's text; the word is put into the chosen language (a side, a man, a
 * reason within the reason) and set into that language's message.
 */
#include <stdio.h>
#include <string.h>

#include "lang.h"

enum { SLOTS = 9, SLOT_MAX = 160 };

typedef struct {
    char text[SLOTS][SLOT_MAX];
} Slots;

/* Whether s matches pattern p from here on, the slots taking the shortest text that lets the rest match. */
static bool match(const char *p, const char *s, Slots *slots)
{
    if (!*p)
        return !*s;
    if (p[0] == '{' && p[1] >= '1' && p[1] <= '9' && p[2] == '}') {
        int slot = p[1] - '1';
        for (size_t n = 1; n <= strlen(s) && n < SLOT_MAX; n++)
            if (match(p + 3, s + n, slots)) {
                memcpy(slots->text[slot], s, n);
                slots->text[slot][n] = 0;
                return true;
            }
        return false;
    }
    return *p == *s && match(p + 1, s + 1, slots);
}

/* A word of a reason in the language set: a side or a man by the catalogue, a reason by lang_reason, else as it is. */
static void word(const char *english, char *out, size_t cap)
{
    for (Msg m = MSG_RED; m <= MSG_PAWN; m++)
        if (!strcmp(english, lang_en[m])) {
            snprintf(out, cap, "%s", msg(m));
            return;
        }
    lang_reason(english, out, cap);
}

/* The message with its {n} replaced by the slots' words. */
static void fill(const char *form, const Slots *slots, char *out, size_t cap)
{
    size_t n = 0;
    for (const char *p = form; *p && n + 1 < cap; p++) {
        if (p[0] == '{' && p[1] >= '1' && p[1] <= '9' && p[2] == '}') {
            char text[SLOT_MAX * 2];
            word(slots->text[p[1] - '1'], text, sizeof text);
            n += (size_t)snprintf(out + n, cap - n, "%s", text);
            n = n < cap ? n : cap - 1;
            p += 2;
        } else {
            out[n++] = *p;
        }
    }
    out[n] = 0;
}

void lang_reason(const char *english, char *out, size_t cap)
{
    if (lang_current() != LANG_EN)
        for (Msg m = MSG_REASON_FIRST; m < MSG_REASON_END; m++) {
            Slots mine;
            if (match(lang_en[m], english, &mine)) {
                fill(msg(m), &mine, out, cap);
                return;
            }
        }
    snprintf(out, cap, "%s", english);
}
