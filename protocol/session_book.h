/*
 * A session's opening books: the files a GUI named (the engine holds them),
 * whether to use them and how to choose, and the book's answer to a `go`,
 * which the search thread gives instead of searching (or, pondering, once
 * the ponder hits).
 */
#ifndef CHUHAN_SESSION_BOOK_H
#define CHUHAN_SESSION_BOOK_H

#include "session_state.h"

/* On, weighted (and the engine has no book yet). */
void session_books_init(Session *s);
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
