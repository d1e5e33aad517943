/* The protocol's input in the Emscripten build: lines posted from JavaScript. */
#ifndef CHUHAN_BROWSER_INPUT_H
#define CHUHAN_BROWSER_INPUT_H

#include <stdio.h>

/*
 * A stream whose reads wait for the bytes JavaScript posts (chuhan_post), so
 * that the protocol loop runs in a thread of its own as it does natively, and
 * reads `stop` while the search thread thinks. NULL if it cannot be made.
 */
FILE *posted_input(void);

#endif
