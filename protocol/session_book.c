/* A session's opening books: loading them (bookfiles, BookFile) and answering a go from them. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "io.h"
#include "session_book.h"
#include "moves.h"

void session_books_init(Session *s)
{
    s->books = (SessionBooks){ .on = true, .choice = BOOK_WEIGHTED };
    /* Any nonzero seed; the session's address tells two sessions started in the same second apart. */
    s->books.rng = ((uint64_t)time(NULL) << 20) ^ (uint64_t)(uintptr_t)s ^ 0x9E3779B97F4A7C15ULL;
    if (!s->books.rng)
        s->books.rng = 1;
}

void session_books_free(Session *s)
{
    for (int i = 0; i < s->books.n; i++)
        book_free(s->books.book[i]);
    s->books.n = 0;
}

bool session_books_load(Session *s, const char *files, char *err, size_t errlen)
{
    session_books_free(s);
    char first_error[400] = "";
    /* UCCI separates several files with semicolons; an empty value means no book. */
    for (const char *p = files ? files : ""; *p;) {
        size_t len = strcspn(p, ";");
        char path[512], why[400];
        snprintf(path, sizeof path, "%.*s", (int)(len < sizeof path ? len : sizeof path - 1), p);
        p += len + (p[len] == ';');
        if (!path[0])
            continue;
        Book *bk = NULL;
        if (s->books.n == SESSION_BOOKS_MAX)
            snprintf(why, sizeof why, "'%.200s': more than %d books", path, SESSION_BOOKS_MAX);
        else
            bk = book_open(path, why, sizeof why);
        if (bk)
            s->books.book[s->books.n++] = bk;
        else if (!first_error[0])
            snprintf(first_error, sizeof first_error, "%s", why);
    }
    if (first_error[0])
        snprintf(err, errlen, "book: %s; %s", first_error, s->books.n ? "the other books are used" : "no book is used");
    return !first_error[0];
}

/* The book's move for the search board under the limits, and the reply it expects; MOVE_NONE out of book. */
static Move choose(Session *s, Move *reply)
{
    const SearchLimits *l = &s->limits;
    BookFilter f = { l->banmoves, l->nbanmoves, l->searchmoves, l->nsearchmoves };
    return book_choose(s->books.book, s->books.n, &s->search_board, s->books.choice, &f, &s->books.rng, reply);
}

void session_books_arm(Session *s)
{
    SessionBooks *b = &s->books;
    b->answer = b->reply = b->on_hit = b->on_hit_reply = MOVE_NONE;
    b->hit = false;
    if (!b->on || !b->n || s->limits.infinite || s->limits.mate)
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
