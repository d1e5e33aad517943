/*
 * `chuhan play`: a game against the engine in the terminal, or the engine
 * against itself. Moves are typed in Chinese, WXF or ICCS; commands take
 * moves back, set the engine's strength, save and load games.
 */
#ifndef CHUHAN_PLAY_H
#define CHUHAN_PLAY_H

int play_main(int argc, char **argv);

#endif
