/* What the endgame tables say of the game in the terminal, told as it enters a table ending or the verdict changes. */
#ifndef CHUHAN_PLAY_TABLES_H
#define CHUHAN_PLAY_TABLES_H

#include "turn.h"

/* Reads tables from dir for the engine and the telling; false with the reason. */
bool tables_open(Play *p, const char *dir, char *err, size_t errlen);
/* After a move, or at the start: a line when the position enters a table ending or its verdict changes. */
void tables_tell(Play *p);

#endif
