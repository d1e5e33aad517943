/*
 * Late-move reductions by depth and move number (each below 64), in plies:
 * LMR_BASE + ln(depth) ln(moves) / LMR_DIVISOR (search_params.h). Made when
 * the engine is built (tools/gen/reductions.c, written out as
 * build/gen/tables.c), const.
 */
#ifndef CHUHAN_REDUCTIONS_H
#define CHUHAN_REDUCTIONS_H

extern const int lmr_table[64][64];

#endif
