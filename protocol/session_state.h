/*
 * What a session holds: its engine, its boards, its running search, its
 * dialect's settings and its books, shared by the files that each do one
 * part of a session's work (session.c and the files it stands on).
 */
#ifndef CHUHAN_SESSION_STATE_H
#define CHUHAN_SESSION_STATE_H

#include <pthread.h>
#include <stdatomic.h>

#include "../probe/book.h"
#include "../base/background.h"
#include "../board/board.h"
#include "../notation/notation.h"
#include "../search/engine.h"
#include "cecp_state.h"
#include "io.h"
#include "outlook.h"

/* How a session answers from its engine's opening books (session_book.c). */
typedef struct {
    bool on;              /* usebook, OwnBook */
    BookChoice choice;
    /* Set when a search is armed, under the session's lock: */
    Move answer, reply;   /* the move to give instead of searching, and the reply expected */
    Move on_hit, on_hit_reply; /* pondering: the move to give if the ponder hits */
    bool hit;             /* it hit: the ponder search was stopped for the book's move */
    bool gave;            /* the answer being given is the book's (no score to judge the game by) */
} SessionBooks;

typedef enum { DIALECT_UCI, DIALECT_UCCI, DIALECT_CECP } Dialect;

typedef struct Session Session;

/*
 * Answers a finished search, in the search thread, holding the session's
 * lock. It may set up another search in search_board and limits to run
 * straight after in the same thread (CECP's pondering on the expected
 * reply); it then returns true.
 */
typedef bool (*SearchFinish)(Session *s, const SearchResult *r);

struct Session {
    Engine *engine;     /* the session's own: its table, threads and search options */
    Output out;         /* where its lines go, and its log */
    Dialect dialect;
    char command[32];   /* the first word of the line being answered, for CECP's error form */
    Board board;        /* the game position, with the moves that led to it */
    Board scratch;      /* a position being parsed or looked at by a console command */
    UndoStack board_undo, scratch_undo, search_undo; /* the three boards' */
    int nban;           /* UCCI banmoves, until the next position */
    Move ban[MAX_MOVES];

    /* Move text: ranks 0-9 or 1-10; `rank_choice` is the UCI option (-1: follow UCI_Variant). */
    int rank_base, rank_choice;
    bool variant_set;
    /* The rules played by: the Rules option, or -1 (auto) for repetition-draw once UCI_Variant is set. */
    int rules_choice;
    /* How `info` lines and `d` name moves (UCI and UCCI's Notation option); answers stay ICCS. */
    Notation notation;

    /* UCCI settings, and whether the GUI lets the engine ponder (UCI/UCCI Ponder, CECP hard/easy). */
    bool millisec, batch, ponder;
    bool show_wdl;        /* UCI_ShowWDL: win/draw/loss chances on info lines */

    /* The running search. */
    Background search;    /* in a thread of its own, or (search.here) below the line that started it */
    atomic_bool active;   /* it has not printed its answer yet */
    pthread_mutex_t lock; /* orders a follow-up search with stops and ponderhits from the input thread */
    bool stopping;        /* a stop was asked: no follow-up search may start */
    bool discard;         /* its answer is not wanted (CECP: the game went elsewhere); cleared with stopping */
    /*
     * Set by the protocol loop: reads the input while a search runs in the
     * reading thread (search.here), which calls it now and then.
     */
    void (*poll)(void *ctx);
    void *poll_ctx;
    Board search_board;
    SearchLimits limits;
    atomic_bool draw_offered; /* UCCI: the opponent offered a draw (go draw, ponderhit draw) */
    SearchFinish finish;
    SearchReporter reporter;

    Outlook outlook;      /* resigning and draws, judged over successive moves (UCCI, CECP) */
    CecpState cecp;
    SessionBooks books;   /* opening books (session_book.c) */
};

#endif
