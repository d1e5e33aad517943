/* The commands of a game in the terminal. */
#ifndef CHUHAN_PLAY_COMMANDS_H
#define CHUHAN_PLAY_COMMANDS_H

#include "turn.h"

/* Runs a command line; false when it is none. *quit is set by quit. */
bool run_command(Play *p, char *line, bool *quit);

#endif
