/*
 * A session's opening books: the files a GUI named, whether to use them and
 * how to choose, and the book's answer to a `go`, which the search thread
 * gives instead of searching (or, pondering, once the ponder hits).
 */
#ifndef CHUHAN_SESSION_BOOK_H
#define CHUHAN_SESSION_BOOK_H

#include "../book/book.h"
#include "../engine/engine.h"

enum { SESSION_BOOKS_MAX = 8 };

typedef struct {
    Book *book[SESSION_BOOKS_MAX]; /* consulted in order: the first that has the position answers */
    int n;
    bool on;              /* usebook, OwnBook */
    BookChoice choice;
    uint64_t rng;         /* the weighted choice's generator, the session's own */
    /* Set when a search is armed, under the session's lock: */
    Move answer, reply;   /* the move to give instead of searching, and the reply expected */
    Move on_hit, on_hit_reply; /* pondering: the move to give if the ponder hits */
    bool hit;             /* it hit: the ponder search was stopped for the book's move */
    bool gave;            /* the answer being given is the book's (no score to judge the game by) */
} SessionBooks;

typedef struct Session Session;

/* No book, on, weighted; a seed of the session's own. */
void session_books_init(Session *s);
void session_books_free(Session *s);
/*
 * Opens the files of a bookfiles value (several separated by ';', none when
 * empty); not during a search (the caller stops it first). A file that cannot
 * be used is left out: false with the reason in err, the others kept.
 */
bool session_books_load(Session *s, const char *files, char *err, size_t errlen);
/* Decides the book's part in the search about to run on search_board under limits (under the session's lock). */
void session_books_arm(Session *s);
/* A ponderhit: true if the book has the move and the ponder search was stopped for it (under the lock). */
bool session_books_ponderhit(Session *s);
/* In the search thread: true with *r filled if the book answers instead of a search. */
bool session_books_answer(Session *s, SearchResult *r);
/* In the search thread, after a search (under the lock): the book's move replaces its answer if the ponder hit. */
void session_books_after_search(Session *s, SearchResult *r);

#endif
