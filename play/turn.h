/* A game in the terminal: its state, and what a turn does (moves told, the engine's thinking, clocks, the end). */
#ifndef CHUHAN_PLAY_TURN_H
#define CHUHAN_PLAY_TURN_H

#include "game.h"
#include "input.h"
#include "practice.h"
#include "tables.h"
#include "think.h"
#include "view.h"

typedef struct {
    Engine *engine;
    Game game;
    View view;
    Input input;
    bool engine_plays[2];  /* by side */
    bool blind;            /* the board is never drawn */
    bool interactive;      /* input from a terminal: prompts, and typing interrupts the engine */
    int depth;             /* the engine's depth a move, 0: no limit */
    int64_t movetime;      /* its time a move in ms, 0: none */
    int elo;               /* its level on the Elo scale, 0: full strength */
    int randomness;        /* cp: variety among near-equal moves, 0: always the best */
    bool clocked;
    int64_t clock_inc, left[2]; /* ms */
    int64_t turn_start;    /* ms: when the side to move began its turn */
    bool show;             /* the board has changed since it was drawn */
    char *typed;           /* a line typed while the engine thought, not yet obeyed (in the input's buffer) */
    const char *book;      /* --book: the engine's moves come from this book while it has the position */
    TableNews tables;      /* endgame tables given: what they said of the game last */
    Practice practice;     /* --ending: a table ending played out against the tables */
} Play;

void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* After a command set up a position: the side to move starts its turn and the board is shown. */
void position_changed(Play *p);
/* A line when the game enters a table ending or the tables' verdict changes. */
void tell_tables(Play *p);
/* Plays a legal move and tells it. */
void play_move(Play *p, Move m);
/* Names a move in the view's notations: "炮二平五 (C2.5 h2e2)", or "C2.5 (h2e2)" in ASCII. */
void describe_move(const Play *p, const Board *b, Move m, char *out, size_t cap);
/*
 * The engine's search of the current position; true when it finished. A line
 * typed meanwhile, other than `stop`, abandons it and is left in `typed` for
 * the game loop to obey.
 */
bool engine_think(Play *p, SearchResult *r);
/* Ends the game with a result and its reason, and says so. */
void end_game(Play *p, const char *result, const char *reason);
/* Takes the time of the side to move off its clock; false, with the game lost, when its flag has fallen. */
bool charge_clock(Play *p);

#endif
