#include "common.h"

void setup_tables(void) { board_init_tables(); }

void set_fen(Board *b, const char *fen)
{
    char err[128] = "";
    cr_assert(board_set_fen(b, fen, err, sizeof err), "FEN rejected (%s): %s", err, fen);
}

uint64_t test_random(uint64_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return *state;
}

bool has_move(const Move *list, int n, Move m)
{
    for (int i = 0; i < n; i++)
        if (list[i] == m)
            return true;
    return false;
}
