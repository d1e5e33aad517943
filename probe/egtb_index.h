/*
 * Endgame tables, the index: which men an ending has, and the number of each
 * of its positions. Every position of an ending gets one number per side to
 * move; the tables hold one value per number. The numbering spends no space
 * on points a man can never stand on: a general has the 9 points of its
 * palace, an advisor 5, an elephant 7, a pawn the 10 points it can hold on its
 * own side and the 45 beyond the river; rooks, horses and cannons all 90.
 * Men of one type and side are an unordered set (two rooks that swap places
 * are the same position), numbered as combinations. The left-right mirror
 * halves the generals' pairs: red's general on the left half (file d) or on
 * the middle file with black's general not on the right half; with both on
 * the middle file, a position and its mirror share the smaller of their two
 * numbers (the other is left unused), so that one number is one position up
 * to the mirror, which retrograde analysis counts on.
 */
#ifndef CHUHAN_EGTB_INDEX_H
#define CHUHAN_EGTB_INDEX_H

#include <stddef.h>

#include "../board/position.h"

/* Most men an ending may have, generals included, and most of one group. */
enum { TB_MAX_MEN = 10, TB_MAX_GROUP = 5, TB_NAME_MAX = 24 };

/* Men of each side by type, generals included. */
typedef struct {
    uint8_t count[2][PIECE_TYPE_NB];
} Ending;

/*
 * Reads an ending's name, red's men in upper case then black's in lower case,
 * generals included ("KRkaa"); letters as FEN writes them (B or E for an
 * elephant, N or H for a horse). Fails, saying why, on an ending no game can
 * reach: a general missing or doubled, three advisors, six pawns.
 */
bool ending_parse(const char *name, Ending *e, char *err, size_t errlen);
/* The name in the project's order: K R N C P A B, red then black. */
void ending_name(const Ending *e, char out[TB_NAME_MAX]);
int ending_men(const Ending *e);
/* The ending with the colours swapped. */
Ending ending_swap(const Ending *e);
/*
 * The table an ending is stored as: itself or its colours swapped, whichever
 * gives red the more material (rooks, then horses, cannons, pawns, advisors,
 * elephants); an ending equal to its swap is its own table.
 */
bool ending_is_canonical(const Ending *e);
/* The ending of the men on the board. */
Ending ending_of_board(const Board *b);
/* The ending after one man of `side` and `type` is taken. */
Ending ending_less(const Ending *e, int side, int type);

/*
 * One set of like men within an ending: its side, type, how many, the
 * combinations' count, and the points its men may stand on (each point's
 * place among them, -1 for none).
 */
typedef struct {
    uint8_t side, type, count, points;
    uint32_t size;
    uint8_t point[POINT_NB];
    int8_t place[POINT_NB];
} TbGroup;

enum { TB_KING_PAIRS = 45 };

/*
 * An ending's numbering. Men are listed generals first (red, black), then
 * group by group; a position is the point of each man in that order (board
 * squares, 0 for none) and the side to move.
 */
typedef struct {
    Ending ending;
    int men, ngroups;
    TbGroup group[2 * PIECE_TYPE_NB];
    uint8_t first[2 * PIECE_TYPE_NB];     /* each group's first man in a position's list */
    uint64_t stride[2 * PIECE_TYPE_NB];   /* a number is the generals' pair times king_stride plus each group's rank times its stride */
    uint64_t king_stride;
    uint64_t size; /* numbers for each side to move */
    /* The generals' pairs the mirror leaves, as points, and the number of each pair of palace places. */
    uint8_t king_pair[TB_KING_PAIRS][2];
    int8_t pair_of[9][9];
    TbGroup kings[2];
    uint32_t binom[POINT_NB + 1][TB_MAX_GROUP + 1]; /* combinations: n < 91 things, k at most a group */
} TbLayout;

typedef struct {
    uint8_t sq[TB_MAX_MEN];
    int side;
} TbPos;

void tb_layout(TbLayout *l, const Ending *e);
/* The number of a position of the layout's ending (its men on distinct points), or -1 when a man stands where its kind never can. */
int64_t tb_index(const TbLayout *l, const TbPos *p);
/* A group's combination number, its men on these squares, read through the mirror or not; -1 for a man off its points. */
int64_t tb_group_rank(const TbLayout *l, int g, const uint8_t *sq, bool mirror);
/* The position a number stands for (before the mirror, a man may share a point with another: not a position). */
void tb_position(const TbLayout *l, uint64_t index, TbPos *p);
/* The same, with each group's rank (its digit of the number) into ranks[group]. */
void tb_position_ranks(const TbLayout *l, uint64_t index, TbPos *p, int64_t *ranks);

/*
 * The table position of a board whose men are those of l's ending, or of its
 * swap (then the board is read turned round, colours exchanged). Returns
 * whether it was swapped.
 */
bool tb_from_board(const TbLayout *l, const Board *b, TbPos *p);
/* Puts a table position on a board (cleared first): men in their slots, side, check flag. */
void tb_to_board(const TbLayout *l, const TbPos *p, Board *b);

/* Whether a point (0..89) is one a man of this side and type may stand on. */
bool tb_point_allowed(int side, int type, int point);

#endif
