/* The board as the terminal shows it. */
#ifndef CHUHAN_PLAY_VIEW_H
#define CHUHAN_PLAY_VIEW_H

#include <stdio.h>

#include "../board/board.h"

typedef struct {
    bool ascii;   /* letters (KABNRCP, black in lower case) instead of Chinese characters */
    bool colour;  /* ANSI colours: red men red, black men bold, the last move in reverse video */
    bool flipped; /* black's side at the bottom */
} View;

/*
 * Draws the board: the files numbered above and below as each side counts
 * them, ICCS letters and ranks beside, the river and the palace diagonals,
 * and the last move's two points marked (in brackets without colour).
 */
void draw_board(FILE *out, const Board *b, Move last, const View *v);

#endif
