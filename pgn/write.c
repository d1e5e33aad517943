/* Writing PGN: the tags, then one move pair to a line in the chosen notation. */
#include <ctype.h>
#include <string.h>

#include "pgn.h"

static const char *const format_names[] = { [NOTATION_ICCS] = "ICCS", [NOTATION_CHINESE] = "Chinese", [NOTATION_WXF] = "WXF" };

static void write_tag(FILE *out, const char *name, const char *value)
{
    fprintf(out, "[%s \"", name);
    for (const char *c = value; *c; c++) {
        if (*c == '"' || *c == '\\')
            fputc('\\', out);
        fputc(*c, out);
    }
    fprintf(out, "\"]\n");
}

/* PGN files write ICCS moves in capitals with a dash: H2-E2. */
static void move_text(const Board *b, Move m, Notation notation, char out[MOVE_NAME_MAX])
{
    move_name(b, m, notation, out);
    if (notation != NOTATION_ICCS)
        return;
    char plain[MOVE_NAME_MAX];
    strcpy(plain, out);
    snprintf(out, MOVE_NAME_MAX, "%c%c-%c%c", toupper((unsigned char)plain[0]), plain[1],
             toupper((unsigned char)plain[2]), plain[3]);
}

void pgn_write(FILE *out, const PgnGame *g, Notation notation)
{
    static Board b;
    write_tag(out, "Game", "Chinese Chess");
    for (int i = 0; i < g->ntags; i++)
        write_tag(out, g->tags[i].name, g->tags[i].value);
    write_tag(out, "Result", g->result);
    if (strcmp(g->fen, START_FEN))
        write_tag(out, "FEN", g->fen);
    write_tag(out, "Format", format_names[notation]);
    fprintf(out, "\n");
    pgn_position(g, 0, &b);
    for (int i = 0; i < g->nmoves; i++) {
        char name[MOVE_NAME_MAX];
        move_text(&b, g->moves[i], notation, name);
        if (b.side == RED)
            fprintf(out, "%d. %s", b.fullmove, name);
        else if (i == 0)
            fprintf(out, "%d. ... %s\n", b.fullmove, name);
        else
            fprintf(out, " %s\n", name);
        make_move(&b, g->moves[i]);
    }
    /* A game that ends with red's move leaves its last line open. */
    fprintf(out, "%s%s\n\n", g->nmoves && b.side == BLACK ? "\n" : "", g->result);
}
