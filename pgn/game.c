/* A game record: tags, start position and moves. */
#include <stdio.h>
#include <string.h>

#include "pgn.h"

void pgn_game_init(PgnGame *g)
{
    g->ntags = 0;
    strcpy(g->fen, START_FEN);
    strcpy(g->result, "*");
    g->nmoves = 0;
    g->error[0] = 0;
    g->unsure_from = 0;
    g->unsure_to = -1;
    g->notation = NOTATION_ICCS;
}

const char *pgn_tag(const PgnGame *g, const char *name)
{
    for (int i = 0; i < g->ntags; i++)
        if (!strcmp(g->tags[i].name, name))
            return g->tags[i].value;
    return NULL;
}

/* Copies at most cap - 1 bytes, never cutting a UTF-8 character in two. */
static void copy_text(char *dst, const char *src, size_t cap)
{
    int n = utf8_prefix(src, (int)cap - 1);
    memcpy(dst, src, (size_t)n);
    dst[n] = 0;
}

void pgn_set_tag(PgnGame *g, const char *name, const char *value)
{
    int i = 0;
    while (i < g->ntags && strcmp(g->tags[i].name, name))
        i++;
    if (i == PGN_TAGS_MAX)
        return;
    if (i == g->ntags) {
        g->ntags++;
        copy_text(g->tags[i].name, name, PGN_NAME_MAX);
    }
    copy_text(g->tags[i].value, value, PGN_VALUE_MAX);
}

void pgn_position(const PgnGame *g, int ply, Board *b)
{
    board_set_fen(b, g->fen, NULL, 0);
    for (int i = 0; i < ply && i < g->nmoves; i++)
        make_move(b, g->moves[i]);
}

bool pgn_left_out(const PgnGame *g, const char *path, int number)
{
    if (g->error[0])
        fprintf(stderr, "%s: game %d left out: %s\n", path, number, g->error);
    return g->error[0] != 0;
}
