/*
 * The search: iterative deepening over a principal-variation alpha-beta,
 * run by one or more threads sharing the transposition table, for an
 * Engine (engine.h: engine_search() is its entry, in search.c).
 */
#ifndef CHUHAN_SEARCH_H
#define CHUHAN_SEARCH_H

#include "engine.h"

/* The search's own tables; once, after board_init_tables() and before the first engine. */
void search_init(void);

#endif
