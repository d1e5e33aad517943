/* What the endgame tables say of a game in the terminal: news when it enters a table ending or the verdict changes. */
#ifndef CHUHAN_PLAY_TABLES_H
#define CHUHAN_PLAY_TABLES_H

#include "../search/engine.h"

/* What was last told: the ending, and the verdict for red (1, 0, -1; 2 before anything). */
typedef struct {
    bool on;
    Ending ending;
    int verdict;
} TableNews;

/*
 * The line to tell about the position, if the tables hold it and it enters a
 * table ending or changes the verdict since the last line; false when there
 * is nothing new.
 */
bool table_news(TableNews *n, Engine *e, const Board *b, char *out, size_t cap);

#endif
