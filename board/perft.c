#include "perft.h"
#include "movegen.h"

uint64_t perft(Board *b, int depth)
{
    if (depth <= 0)
        return 1;
    Move list[MAX_MOVES];
    int n = gen_legal(b, list);
    if (depth == 1)
        return (uint64_t)n;
    uint64_t nodes = 0;
    for (int i = 0; i < n; i++) {
        make_move(b, list[i]);
        nodes += perft(b, depth - 1);
        unmake_move(b);
    }
    return nodes;
}
