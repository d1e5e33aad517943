/* A session's opening books: loading them (bookfiles, BookFile) and answering a go from them. */
#include <stdio.h>
#include <string.h>

#include "io.h"
#include "session_book.h"
#include "moves.h"

void session_books_init(Session *s) { s->books = (SessionBooks){ .on = true, .choice = BOOK_WEIGHTED }; }

bool session_books_load(Session *s, const char *files, char *err, size_t errlen)
{
    char why[400];
    /* UCCI separates several files with semicolons; an empty value means no book. */
    if (engine_set_books(s->engine, files ? files : "", why, sizeof why))
        return true;
    snprintf(err, errlen, "book: %s; %s", why, engine_books(s->engine) ? "the other books are used" : "no book is used");
    return false;
}

/* The book's move for the search board under the limits, and the reply it expects; MOVE_NONE out of book. */
static Move choose(Session *s, Move *reply)
{
    const SearchLimits *l = &s->limits;
    BookFilter f = { l->banmoves, l->nbanmoves, l->searchmoves, l->nsearchmoves };
    return engine_book_move(s->engine, &s->search_board, s->books.choice, &f, reply);
}

void session_books_arm(Session *s)
{
    SessionBooks *b = &s->books;
    b->answer = b->reply = b->on_hit = b->on_hit_reply = MOVE_NONE;
    b->hit = false;
    if (!b->on || s->limits.infinite || s->limits.mate)
        return;
    if (s->limits.ponder)
        b->on_hit = choose(s, &b->on_hit_reply);
    else
        b->answer = choose(s, &b->reply);
}

bool session_books_ponderhit(Session *s)
{
    if (!s->books.on_hit)
        return false;
    s->books.hit = true;
    engine_stop(s->engine);
    return true;
}

/* Says which move the book gave, where the dialect has a line for remarks. */
static void tell(Session *s, Move m)
{
    if (s->dialect == DIALECT_CECP)
        return;
    char text[MOVE_STR_MAX];
    format_move(s, m, text);
    out_line(&s->out, "info string book move %s", text);
}

bool session_books_answer(Session *s, SearchResult *r)
{
    SessionBooks *b = &s->books;
    b->gave = b->answer != MOVE_NONE;
    if (b->gave) {
        *r = (SearchResult){ .best = b->answer, .ponder = b->reply };
        b->answer = MOVE_NONE;
        tell(s, r->best);
    }
    return b->gave;
}

void session_books_after_search(Session *s, SearchResult *r)
{
    SessionBooks *b = &s->books;
    b->gave = b->hit && b->on_hit;
    if (b->gave) {
        *r = (SearchResult){ .best = b->on_hit, .ponder = b->on_hit_reply };
        tell(s, r->best);
    }
    b->on_hit = MOVE_NONE;
    b->hit = false;
}
