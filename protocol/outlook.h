/*
 * The game's outlook over successive moves: when the engine gives a game up,
 * offers a draw or takes one, judged by the scores of the moves it searched
 * (centipawns, its own view), the same in every dialect that has the words
 * for them (UCCI: resign, draw; CECP: resign, offer draw).
 */
#ifndef CHUHAN_OUTLOOK_H
#define CHUHAN_OUTLOOK_H

#include <stdbool.h>

typedef struct {
    int hopeless_moves; /* moves in a row searched as lost */
    int level_moves;    /* moves in a row searched as level */
} Outlook;

/* A new game: nothing judged yet. */
static inline void outlook_clear(Outlook *o) { *o = (Outlook){ 0, 0 }; }
/* Counts the score of a move the engine searched (a book's move has none). */
void outlook_count(Outlook *o, int score);
/* Give up: mated, or lost for long enough. */
bool outlook_resigns(const Outlook *o, int score);
/* Take a draw the opponent offered. */
bool outlook_accepts_draw(int score);
/* Offer one: level for long enough, and no capture for a while (rule60, in plies). */
bool outlook_offers_draw(const Outlook *o, int rule60);

#endif
