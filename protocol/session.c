/* A session's life and its game position: what every dialect shares. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "../board/rules.h"
#include "io.h"
#include "session.h"
#include "search_thread.h"
#include "moves.h"
#include "session_book.h"

bool session_init(Session *s, FILE *out)
{
    s->engine = engine_new();
    if (!s->engine)
        return false;
    output_init(&s->out, out);
    s->dialect = DIALECT_UCI;
    board_init(&s->board, &s->board_undo);
    board_init(&s->scratch, &s->scratch_undo);
    board_init(&s->search_board, &s->search_undo);
    board_set_fen(&s->board, START_FEN, NULL, 0);
    s->nban = 0;
    s->variant_set = false;
    s->search = (Background){ .live = false, .here = false };
    s->stopping = s->discard = false;
    s->poll = NULL;
    pthread_mutex_init(&s->lock, NULL);
    atomic_init(&s->active, false);
    atomic_init(&s->draw_offered, false);
    outlook_clear(&s->outlook);
    s->cecp = (CecpState){ 0 }; /* CECP's handshake sets it up (cecp.c) */
    atomic_init(&s->cecp.post, false);
    session_books_init(s);
    session_update_settings(s);
    return true;
}

void session_free(Session *s)
{
    session_stop(s);
    engine_free(s->engine);
    s->engine = NULL;
    pthread_mutex_destroy(&s->lock);
    output_free(&s->out);
}

void session_update_settings(Session *s)
{
    if (s->dialect == DIALECT_UCCI)
        s->rank_base = 0;
    else
        s->rank_base = s->rank_choice >= 0 ? s->rank_choice : s->variant_set;
    /* UCI_Variant is set by cutechess and the managers of its family, which draw every repetition. */
    RuleSet rules = s->rules_choice >= 0 ? (RuleSet)s->rules_choice
                  : s->variant_set      ? RULES_REPETITION_DRAW
                                        : RULES_ASIAN;
    s->board.rules = (uint8_t)rules; /* the search in progress keeps its own copy's */
}

void report_error(Session *s, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (s->dialect == DIALECT_CECP)
        out_line(&s->out, "Error (%s): %s", msg, s->command);
    else
        out_line(&s->out, "info string error: %s", msg);
}

bool parse_position(Session *s, char **tok, int n, Board *scratch, char *err, size_t errlen)
{
    char fen[FEN_MAX + 2] = "";
    int i = 0;
    if (i < n && !strcasecmp(tok[i], "startpos")) {
        strcpy(fen, START_FEN);
        i++;
    } else if (i < n && !strcasecmp(tok[i], "fen")) {
        size_t len = 0;
        for (i++; i < n && strcasecmp(tok[i], "moves"); i++) {
            size_t t = strlen(tok[i]);
            if (len + t + 1 > FEN_MAX) {
                snprintf(err, errlen, "FEN longer than %d characters; position unchanged", FEN_MAX);
                return false;
            }
            if (len)
                fen[len++] = ' ';
            memcpy(fen + len, tok[i], t + 1);
            len += t;
        }
    } else {
        snprintf(err, errlen, "position needs 'startpos' or 'fen', not '%.32s'", i < n ? tok[i] : "");
        return false;
    }

    char why[128];
    scratch->rules = s->board.rules; /* the moves are the game's, under its rules */
    if (!board_set_fen(scratch, fen, why, sizeof why)) {
        snprintf(err, errlen, "bad FEN (%s); position unchanged", why);
        return false;
    }
    if (i < n) {
        if (strcasecmp(tok[i], "moves")) {
            snprintf(err, errlen, "unexpected '%.32s' after the position; position unchanged", tok[i]);
            return false;
        }
        int first = ++i;
        for (; i < n; i++) {
            Move m = parse_legal_move(s, scratch, tok[i]);
            if (!m) {
                snprintf(err, errlen, "illegal move '%.16s' (move %d of the list); position unchanged", tok[i],
                         i - first + 1);
                return false;
            }
            make_game_move(scratch, m);
        }
    }
    return true;
}

bool session_position(Session *s, char **tok, int n, char *err, size_t errlen)
{
    if (!parse_position(s, tok, n, &s->scratch, err, errlen))
        return false;
    session_stop(s);
    board_copy(&s->board, &s->scratch);
    s->nban = 0;
    return true;
}

