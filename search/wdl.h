/*
 * The chances a score stands for: win, draw and loss in per mille, from a
 * model fitted to the outcomes of the engine's own self-play games by score
 * and the number of men on the board (tools/wdl-fit, docs/levels.md).
 */
#ifndef CHUHAN_WDL_H
#define CHUHAN_WDL_H

/* out[0] win, out[1] draw, out[2] loss, per mille adding up to 1000, for the side whose score it is. */
void wdl_of(int score, int men, int out[3]);

#endif
