#include "../board/attack.h"
#include "egtb_legal.h"

int tb_position_sides(const TbLayout *l, uint64_t index, Board *b)
{
    TbPos p;
    tb_position(l, index, &p);
    if (tb_index(l, &p) != (int64_t)index)
        return 0;
    for (int a = 0; a < l->men; a++)
        for (int c = a + 1; c < l->men; c++)
            if (p.sq[a] == p.sq[c])
                return 0;
    int sides = 0;
    for (int side = RED; side <= BLACK; side++) {
        p.side = side;
        tb_to_board(l, &p, b);
        if (!king_attacked(b, !side))
            sides |= 1 << side;
    }
    return sides;
}
