/* eval/weights.h as the tuner writes it. */
#ifndef CHUHAN_WEIGHTS_FILE_H
#define CHUHAN_WEIGHTS_FILE_H

#include <stdbool.h>

#include "../eval/evaluate.h"

/*
 * Writes a whole weights.h to path: w as the Scores of W and scale as
 * drawish_scale, in the layout of the file in the tree, and the constants
 * set by hand as this build has them. False, with a message, when the file
 * cannot be written.
 */
bool weights_write(const char *path, const EvalWeights *w, const int scale[DRAWISH_NB]);

#endif
