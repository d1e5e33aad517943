/*
 * reasons: writes the engine's reasons of both catalogues (lang/en.c,
 * lang/zh.c) as the page's script web/lang/reasons.js, so that the page
 * puts the engine's English reasons into Chinese with the very patterns and
 * words `chuhan play --lang zh` uses (lang/reason.c), not a copy of its own.
 *
 *   reasons OUT.js
 *
 * defines REASONS = { en: { reasons, words }, zh: { ... } }: the messages
 * from MSG_REASON_FIRST on, and the words a reason's {n} may stand for
 * (the sides and the men), in the catalogues' order.
 */
#include <stdio.h>
#include <stdlib.h>

#include "../lang/lang.h"

/* A message as a JavaScript string literal. */
static void literal(FILE *out, const char *s)
{
    fputc('"', out);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            fprintf(out, "\\%c", *s);
        else if ((unsigned char)*s < 0x20)
            fprintf(out, "\\u%04x", *s);
        else
            fputc(*s, out);
    }
    fputc('"', out);
}

static void list(FILE *out, Lang lang, Msg first, Msg end)
{
    fputc('[', out);
    for (Msg m = first; m < end; m++) {
        literal(out, lang_message(lang, m));
        fputs(m + 1 < end ? ", " : "]", out);
    }
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: reasons OUT.js\n");
        return 2;
    }
    FILE *out = fopen(argv[1], "w");
    if (!out) {
        perror(argv[1]);
        return 1;
    }
    fputs("// Made by tools/reasons.c from lang/en.c and lang/zh.c (make web): the engine's reasons as patterns,\n"
          "// {1} standing for a word of them, and those words (web/lang.js).\n'use strict';\nconst REASONS = {\n",
          out);
    static const char *const names[LANG_NB] = { [LANG_EN] = "en", [LANG_ZH] = "zh" };
    for (Lang lang = 0; lang < LANG_NB; lang++) {
        fprintf(out, "  %s: {\n    reasons: ", names[lang]);
        list(out, lang, MSG_REASON_FIRST, MSG_REASON_END);
        fputs(",\n    words: ", out);
        list(out, lang, MSG_RED, MSG_PAWN + 1);
        fputs(",\n  },\n", out);
    }
    fputs("};\n", out);
    return fclose(out) ? (perror(argv[1]), 1) : 0;
}
