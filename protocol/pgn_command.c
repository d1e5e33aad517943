/*
 * `pgn TEXT`: the PGN reader (pgn/) for a GUI that has none, such as the page,
 * which would otherwise need its own reader of Chinese and WXF move names. The
 * text comes %XX-encoded on the one line the protocol reads, and the games go
 * back as lines a program splits at their first space.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../pgn/pgn.h"
#include "io.h"
#include "moves.h"
#include "pgn_command.h"
#include "session_state.h"

typedef struct {
    Session *s;
    int games;
} Listing;

static int hex_value(char c)
{
    return isdigit((unsigned char)c) ? c - '0' : isxdigit((unsigned char)c) ? tolower((unsigned char)c) - 'a' + 10 : -1;
}

/* The words joined by spaces, each %XX made its byte (a % without two hex digits stays itself); *n its length. */
static char *decode_words(char **tok, int ntok, size_t *n)
{
    size_t cap = 1;
    for (int i = 0; i < ntok; i++)
        cap += strlen(tok[i]) + 1;
    char *out = malloc(cap), *o = out;
    for (int i = 0; out && i < ntok; i++) {
        if (i)
            *o++ = ' ';
        for (const char *p = tok[i]; *p; p++) {
            int hi = *p == '%' ? hex_value(p[1]) : -1, lo = hi >= 0 ? hex_value(p[2]) : -1;
            if (lo >= 0) {
                *o++ = (char)(hi * 16 + lo);
                p += 2;
            } else {
                *o++ = *p;
            }
        }
    }
    if (out)
        *o = 0;
    *n = out ? (size_t)(o - out) : 0;
    return out;
}

/* A tag's value or an error on one output line: control characters (a decoded newline) become spaces. */
static void out_plain(Output *o, const char *text)
{
    for (const unsigned char *p = (const unsigned char *)text; *p; p++)
        out_text(o, "%c", *p < 0x20 || *p == 0x7f ? ' ' : *p);
}

static bool list_game(void *ctx, PgnGame *g)
{
    static const char *const notations[] = { "iccs", "chinese", "wxf" };
    Listing *l = ctx;
    Output *o = &l->s->out;
    out_line(o, "Game: %d", ++l->games);
    for (int i = 0; i < g->ntags; i++) {
        out_begin(o);
        out_text(o, "Tag: %s ", g->tags[i].name);
        out_plain(o, g->tags[i].value);
        out_end(o);
    }
    out_line(o, "Tag: Result %s", g->result);
    out_line(o, "Fen: %s", g->fen);
    out_line(o, "Notation: %s", notations[g->notation]);
    out_begin(o);
    out_text(o, "Moves:");
    for (int i = 0; i < g->nmoves; i++) {
        char m[MOVE_STR_MAX];
        format_move(l->s, g->moves[i], m);
        out_text(o, " %s", m);
    }
    out_end(o);
    if (g->error[0]) {
        out_begin(o);
        out_text(o, "Error: ");
        out_plain(o, g->error);
        out_end(o);
    }
    return true;
}

void cmd_pgn(Session *s, char **tok, int n)
{
    Listing l = { s, 0 };
    size_t len;
    char *bytes = n ? decode_words(tok, n, &len) : NULL;
    /* A NUL would end the text early: such bytes are no text file's. */
    char *text = bytes && !memchr(bytes, 0, len) ? text_to_utf8(bytes, len) : NULL;
    if (!n)
        report_error(s, "pgn needs a game file's text");
    else if (!bytes)
        report_error(s, "pgn: out of memory");
    else if (!text)
        report_error(s, "pgn: the text is neither UTF-8 nor GB18030");
    else
        pgn_read_text(text, list_game, &l);
    out_line(&s->out, "Games: %d", l.games);
    free(text);
    free(bytes);
}
