/* Writing PGN: the tags, then one move pair to a line in the chosen notation. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "pgn.h"

static const char *const format_names[] = { [NOTATION_ICCS] = "ICCS", [NOTATION_CHINESE] = "Chinese", [NOTATION_WXF] = "WXF" };

static void add(PgnText *t, const char *s)
{
    pgn_text_add(t, s, strlen(s));
}

static void add_tag(PgnText *t, const char *name, const char *value)
{
    add(t, "[");
    add(t, name);
    add(t, " \"");
    for (const char *c = value;; c++) {
        size_t plain = strcspn(c, "\"\\");
        pgn_text_add(t, c, plain);
        c += plain;
        if (!*c)
            break;
        pgn_text_add(t, "\\", 1);
        pgn_text_add(t, c, 1);
    }
    add(t, "\"]\n");
}

/* PGN files write ICCS moves in capitals with a dash: H2-E2. */
void pgn_move_text(const Board *b, Move m, Notation notation, char out[MOVE_NAME_MAX])
{
    move_name(b, m, notation, out);
    if (notation != NOTATION_ICCS)
        return;
    char plain[MOVE_NAME_MAX];
    strcpy(plain, out);
    snprintf(out, MOVE_NAME_MAX, "%c%c-%c%c", toupper((unsigned char)plain[0]), plain[1],
             toupper((unsigned char)plain[2]), plain[3]);
}

/* The moves, red's and black's on one line; b goes from the start position to the last. */
static void add_moves(PgnText *t, Board *b, const PgnGame *g, Notation notation)
{
    for (int i = 0; i < g->nmoves; i++) {
        char name[MOVE_NAME_MAX], line[32 + MOVE_NAME_MAX];
        pgn_move_text(b, g->moves[i], notation, name);
        if (b->side == RED)
            snprintf(line, sizeof line, "%d. %s", b->fullmove, name);
        else if (i == 0)
            snprintf(line, sizeof line, "%d. ... %s\n", b->fullmove, name);
        else
            snprintf(line, sizeof line, " %s\n", name);
        add(t, line);
        make_move(b, g->moves[i]);
    }
    /* A game that ends with red's move leaves its last line open. */
    if (g->nmoves && b->side == BLACK)
        add(t, "\n");
}

/* One move to a line, numbered ("12." or "12..."), each followed by its notes. */
static void add_annotated_moves(PgnText *t, Board *b, const PgnGame *g, Notation notation, const PgnNotes *notes)
{
    for (int i = 0; i < g->nmoves; i++) {
        char name[MOVE_NAME_MAX], line[32 + MOVE_NAME_MAX];
        pgn_move_text(b, g->moves[i], notation, name);
        snprintf(line, sizeof line, "%d.%s %s", b->fullmove, b->side == RED ? "" : "..", name);
        add(t, line);
        if (notes->after && notes->after[i]) {
            add(t, " ");
            add(t, notes->after[i]);
        }
        add(t, "\n");
        make_move(b, g->moves[i]);
    }
    if (notes->closing) {
        add(t, notes->closing);
        add(t, "\n");
    }
}

static bool write_game(PgnText *t, const PgnGame *g, Notation notation, const PgnNotes *notes)
{

    /* Large, and each writer needs its own; zeroed, since a bad FEN leaves it as it is. */
    Board *b = board_new();
    if (!b) {
        t->failed = true;
        return false;
    }
    add_tag(t, "Game", "Chinese Chess");
    for (int i = 0; i < g->ntags; i++)
        add_tag(t, g->tags[i].name, g->tags[i].value);
    add_tag(t, "Result", g->result);
    if (strcmp(g->fen, START_FEN))
        add_tag(t, "FEN", g->fen);
    add_tag(t, "Format", format_names[notation]);
    add(t, "\n");
    pgn_position(g, 0, b);
    if (notes)
        add_annotated_moves(t, b, g, notation, notes);
    else
        add_moves(t, b, g, notation);
    add(t, g->result);
    add(t, "\n\n");
    board_free(b);
    return !t->failed;
}

bool pgn_write_text(PgnText *t, const PgnGame *g, Notation notation)
{
    return write_game(t, g, notation, NULL);
}

bool pgn_write_annotated(PgnText *t, const PgnGame *g, Notation notation, const PgnNotes *notes)
{
    return write_game(t, g, notation, notes);
}

void pgn_write(FILE *out, const PgnGame *g, Notation notation)
{
    PgnText text = { 0 };
    if (pgn_write_text(&text, g, notation))
        fwrite(text.data, 1, text.len, out);
    free(text.data);
}
