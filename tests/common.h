/* Shared helpers for the test suites. */
#ifndef CHUHAN_TESTS_COMMON_H
#define CHUHAN_TESTS_COMMON_H

#include <criterion/criterion.h>

#include "../board/board.h"
#include "../board/movegen.h"
#include "../notation/notation.h"

/* Every suite's init: the engine's static tables. */
void setup_tables(void);

/* Sets a FEN that must parse. */
void set_fen(Board *b, const char *fen);

/* Small deterministic generator, so failures replay exactly. */
uint64_t test_random(uint64_t *state);

/* Whether m is among the n moves of list. */
bool has_move(const Move *list, int n, Move m);

/* Whether `move` is legal after the space-separated `moves` from fen, all in ranks from rank_base. */
bool legal_after(const char *fen, const char *moves, int rank_base, const char *move);

/* Whether two files hold the same bytes. */
bool same_files(const char *a, const char *b);

/* Runs a shell command; its standard output goes to out, and its exit status is returned. */
int run_shell(const char *command, char *out, size_t cap);

#endif
