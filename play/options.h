/* Settings of `chuhan play` shared by its command line and its commands. */
#ifndef CHUHAN_PLAY_OPTIONS_H
#define CHUHAN_PLAY_OPTIONS_H

#include "turn.h"

enum { LEVEL_MAX = 10 };

/* Reads the command line and starts the game; false to exit at once with *status (after --help, or an error). */
bool play_options(Play *p, int argc, char **argv, int *status);
/* The engine's strength in words: "depth 6", "1 s a move", "depth 6, on the clock". */
void strength_text(const Play *p, char *out, size_t cap);

/* The engine's strength from text; false (nothing changed) when the text is no fit value. */
bool set_depth(Play *p, const char *arg);   /* plies, 1 to MAX_PLY - 8; drops the time a move */
bool set_time(Play *p, const char *arg);    /* seconds a move, 0.01 to 3600; drops the depth */
bool set_level(Play *p, const char *arg);   /* 1 to LEVEL_MAX: a depth */
bool set_elo(Play *p, const char *arg);     /* SKILL_ELO_MIN to SKILL_ELO_MAX, or "max" for full strength */
/* Hands the level and variety to the engine. */
void apply_strength(const Play *p);

#endif
