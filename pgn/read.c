/* Reading PGN: tags, move text in any notation, comments and variations skipped, several games to a file. */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../board/movegen.h"
#include "pgn.h"

enum { WORD_MAX = 64, TRIES_MAX = 256 };

/* The game being read: its tags, its starting position and the words of its move text. */
typedef struct {
    PgnGame game;
    Board board;
    UndoStack undo;   /* the board's */
    char words[PGN_PLIES_MAX + 1][WORD_MAX];
    Move first[PGN_PLIES_MAX]; /* the first reading that plays to the end */
    int nwords;
    int tries;        /* left for looking ahead at names that fit several moves */
    bool forked;      /* a name fitted several moves: the game may read another way */
    bool begun;       /* the game has tags or moves */
    bool in_moves;    /* its move text has begun: a tag now starts the next game */
    bool failed;      /* its FEN is bad: its moves are skipped */
    bool outside;     /* after a result: text is no game's until a tag or a move number */
    PgnVisit visit;
    void *ctx;
    int count;
    bool stop;
} Reader;

static const char ideographic_space[] = "\xE3\x80\x80"; /* U+3000, common between moves in Chinese files */

static size_t space_at(const char *p)
{
    if (*p && isspace((unsigned char)*p))
        return 1;
    return strncmp(p, ideographic_space, 3) ? 0 : 3;
}

/* Steps over a variation, p being at its '(': variations nest, and comments inside may hold parentheses. */
static const char *skip_variation(const char *p)
{
    int depth = 0;
    for (; *p; p++) {
        if (*p == '{') {
            const char *end = strchr(p, '}');
            if (!end)
                break;
            p = end;
        } else if (*p == '(') {
            depth++;
        } else if (*p == ')' && --depth == 0) {
            return p + 1;
        }
    }
    return p + strlen(p);
}

/* Steps over white space, comments ({...}, ; and % to the end of the line), variations and NAGs ($n). */
static const char *skip_filler(const char *p)
{
    for (;;) {
        size_t space = space_at(p);
        if (space) {
            p += space;
        } else if (*p == '{') {
            const char *end = strchr(p, '}');
            p = end ? end + 1 : p + strlen(p);
        } else if (*p == ';' || *p == '%') {
            p += strcspn(p, "\n");
        } else if (*p == '(') {
            p = skip_variation(p);
        } else if (*p == '$') {
            for (p++; isdigit((unsigned char)*p); p++)
                ;
        } else {
            return p;
        }
    }
}

/* [Name "Value"], p being at the '['. A value too long for the game is cut later, between characters. */
static const char *read_tag(const char *p, char name[PGN_NAME_MAX], char value[4 * PGN_VALUE_MAX])
{
    size_t n = 0, v = 0;
    for (p++; *p == ' ' || *p == '\t'; p++)
        ;
    for (; *p && !isspace((unsigned char)*p) && *p != '"' && *p != ']'; p++)
        if (n < PGN_NAME_MAX - 1)
            name[n++] = *p;
    for (; *p == ' ' || *p == '\t'; p++)
        ;
    if (*p == '"')
        for (p++; *p && *p != '"' && *p != '\n'; p++) {
            if (*p == '\\' && (p[1] == '"' || p[1] == '\\'))
                p++;
            if (v < 4 * PGN_VALUE_MAX - 1)
                value[v++] = *p;
        }
    name[n] = value[v] = 0;
    p += strcspn(p, "]\n");
    return *p == ']' ? p + 1 : p;
}

/* A word of move text: up to white space or a character that opens or closes something. */
static const char *read_word(const char *p, char word[WORD_MAX])
{
    size_t n = 0;
    for (; *p && !space_at(p) && !strchr("{}()[];", *p); p++)
        if (n < WORD_MAX - 1)
            word[n++] = *p;
    word[n] = 0;
    return p;
}

static bool is_result(const char *w)
{
    return !strcmp(w, "1-0") || !strcmp(w, "0-1") || !strcmp(w, "1/2-1/2") || !strcmp(w, "*");
}

/* The length of a move number in front of a word ("12.", "3...", "..."), or 0. */
static size_t number_prefix(const char *w)
{
    size_t digits = strspn(w, "0123456789"), dots = strspn(w + digits, ".");
    return dots ? digits + dots : 0;
}

/* Drops annotation marks: !, ?, and a check mark (#, or + after a whole move). */
static void strip_marks(char *w)
{
    size_t n = strlen(w);
    while (n && strchr("!?#", w[n - 1]))
        n--;
    if (n > 4 && w[n - 1] == '+')
        n--;
    w[n] = 0;
}

static void start_game(Reader *r)
{
    pgn_game_init(&r->game);
    board_set_fen(&r->board, START_FEN, NULL, 0);
    r->nwords = 0;
    r->begun = r->in_moves = r->failed = false;
}

static void play_words(Reader *r);

static void finish_game(Reader *r)
{
    if (r->begun) {
        play_words(r);
        r->count++;
        r->stop = !r->visit(r->ctx, &r->game);
    }
    start_game(r);
}

static void take_tag(Reader *r, const char *name, const char *value)
{
    PgnGame *g = &r->game;
    char err[128];
    if (!strcmp(name, "FEN")) {
        if (board_set_fen(&r->board, value, err, sizeof err)) {
            board_get_fen(&r->board, g->fen);
        } else {
            snprintf(g->error, PGN_ERROR_MAX, "bad FEN (%s)", err);
            r->failed = true;
        }
    } else if (!strcmp(name, "Result")) {
        if (is_result(value))
            strcpy(g->result, value);
    } else if (strcmp(name, "Game") && strcmp(name, "Format") && *name) {
        pgn_set_tag(g, name, value);
    }
}

/* Whether m gives what a check mark says: '+' a check, '#' a mate. */
static bool gives_mark(Board *b, Move m, char mark)
{
    make_move(b, m);
    bool checked = b->checked, mated = checked && !has_legal_move(b);
    unmake_move(b);
    return mark == '#' ? mated : checked && !mated;
}

/* The moves a word of move text may mean, those that give its check mark first. */
static int read_moves(Board *b, char *word, Move list[MAX_MOVES], char *err, size_t errlen)
{
    size_t skip = number_prefix(word), len = strlen(word);
    char mark = len > skip + 2 && strchr("+#", word[len - 1]) ? word[len - 1] : 0;
    strip_marks(word);
    int n = move_read_all(b, word, list, err, errlen);
    if (!n && skip)
        n = move_read_all(b, word + skip, list, err, errlen);
    for (int i = 0, fit = 0; mark && i < n; i++)
        if (gives_mark(b, list[i], mark)) {
            Move m = list[i];
            list[i] = list[fit];
            list[fit++] = m;
        }
    return n;
}

/*
 * Plays the words from ply i on. cutechess names a pawn's move by its point
 * alone though two pawns may reach it: such a name means the pawn whose game
 * then goes on to the end. Returns whether it did; when not, the board is
 * back at ply i.
 */
static bool play_from(Reader *r, int i, bool look_ahead, bool last)
{
    PgnGame *g = &r->game;
    Board *b = &r->board;
    int start = i;
    for (; i < r->nwords; i++) {
        Move list[MAX_MOVES];
        char word[WORD_MAX], err[128];
        strcpy(word, r->words[i]);
        int n = i < PGN_PLIES_MAX ? read_moves(b, word, list, err, sizeof err) : 0;
        if (i == PGN_PLIES_MAX)
            snprintf(err, sizeof err, "the game is longer than %d plies", PGN_PLIES_MAX);
        if (!n) {
            g->nmoves = i;
            snprintf(g->error, PGN_ERROR_MAX, "move %d (%s) %s: %s", b->fullmove, b->side == RED ? "red" : "black",
                     word + number_prefix(word), err);
            break;
        }
        r->forked |= n > 1;
        if (n > 1 && look_ahead && r->tries > 0) {
            for (int k = 0; k < n && r->tries > 0; k++) {
                Move m = list[last ? n - 1 - k : k];
                r->tries--;
                make_move(b, m);
                g->moves[i] = m;
                if (play_from(r, i + 1, true, last))
                    return true;
                unmake_move(b);
            }
            break;
        }
        make_move(b, list[0]);
        g->moves[i] = list[0];
    }
    if (i == r->nwords) {
        g->nmoves = i;
        g->error[0] = 0;
        return true;
    }
    while (i-- > start)
        unmake_move(b);
    return false;
}

/* Marks the moves where the game's reading differs from `other`, another reading of its words. */
static void mark_unsure(Reader *r, const Move *other)
{
    PgnGame *g = &r->game;
    Board *b = &r->board, *a = board_new();
    if (!a)
        return;
    pgn_position(g, 0, a);
    pgn_position(g, 0, b);
    for (int i = 0; i < g->nmoves; i++) {
        if (a->key != b->key || other[i] != g->moves[i]) {
            g->unsure_from = g->unsure_from <= g->unsure_to ? g->unsure_from : i;
            g->unsure_to = i;
        }
        make_move(a, g->moves[i]);
        make_move(b, other[i]);
    }
    board_free(a);
}

/* The game's moves from its words; where no reading plays them all, the first reading's up to its failure. */
static void play_words(Reader *r)
{
    if (r->failed)
        return;
    r->tries = TRIES_MAX;
    r->forked = false;
    if (!play_from(r, 0, true, false)) {
        play_from(r, 0, false, false);
        return;
    }
    if (!r->forked)
        return; /* one reading only */
    PgnGame *g = &r->game;
    int n = g->nmoves;
    memcpy(r->first, g->moves, (size_t)n * sizeof(Move));
    r->tries = TRIES_MAX;
    pgn_position(g, 0, &r->board);
    if (play_from(r, 0, true, true) && memcmp(r->first, g->moves, (size_t)n * sizeof(Move)))
        mark_unsure(r, r->first);
    memcpy(g->moves, r->first, (size_t)n * sizeof(Move));
    g->nmoves = n;
    g->error[0] = 0;
}

static bool is_iccs(const char *w)
{
    bool dash = w[2] == '-';
    return strlen(w) == (dash ? 5u : 4u) && strchr("abcdefghiABCDEFGHI", w[0]) && w[0] && isdigit((unsigned char)w[1])
        && strchr("abcdefghiABCDEFGHI", w[2 + dash]) && w[2 + dash] && isdigit((unsigned char)w[3 + dash]);
}

/*
 * How a move is written, so that a game can be written back as it came:
 * Chinese is not ASCII, WXF has a direction (. + - =) among its first three
 * characters, ICCS is two points; the algebraic names of cutechess-cli have
 * no writer and count as ICCS, the coordinates nearest them.
 */
static Notation notation_of(const char *w)
{
    w += number_prefix(w);
    if (is_iccs(w))
        return NOTATION_ICCS;
    for (const char *c = w; *c; c++)
        if ((unsigned char)*c >= 0x80)
            return NOTATION_CHINESE;
    bool direction = strlen(w) >= 4 && (strchr(".+-=", w[1]) || strchr(".+-=", w[2]));
    return direction ? NOTATION_WXF : NOTATION_ICCS;
}

static void take_move(Reader *r, const char *word)
{
    if (r->failed || !word[number_prefix(word)] || r->nwords > PGN_PLIES_MAX)
        return;
    if (!r->nwords)
        r->game.notation = notation_of(word);
    strcpy(r->words[r->nwords++], word);
}

int pgn_read_text(const char *p, PgnVisit visit, void *ctx)
{
    Reader *r = malloc(sizeof *r);
    if (!r)
        return 0;
    board_init(&r->board, &r->undo);
    r->visit = visit;
    r->ctx = ctx;
    r->count = 0;
    r->stop = false;
    r->outside = false;
    start_game(r);
    while (!r->stop && *(p = skip_filler(p))) {
        if (*p == '[') {
            char name[PGN_NAME_MAX], value[4 * PGN_VALUE_MAX];
            r->outside = false;
            if (r->in_moves)
                finish_game(r);
            p = read_tag(p, name, value);
            take_tag(r, name, value);
        } else {
            char word[WORD_MAX];
            const char *next = read_word(p, word);
            p = next == p ? p + 1 : next; /* a stray ] or } */
            /* Database downloads put a separator or the source's name between games: no game's text. */
            if (r->outside && !number_prefix(word))
                continue;
            r->outside = false;
            r->in_moves = true;
            if (is_result(word)) {
                strcpy(r->game.result, word);
                r->begun = true;
                finish_game(r);
                r->outside = true;
                continue;
            }
            take_move(r, word);
        }
        r->begun = true;
    }
    if (!r->stop)
        finish_game(r);
    int count = r->count;
    free(r);
    return count;
}

/* The whole of a file, NUL-terminated; NULL with errno set when it cannot be read. */
static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    for (size_t got = 1; buf && got;) {
        if (n == cap) {
            char *grown = realloc(buf, 2 * cap + 1);
            if (!grown) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = grown;
            cap *= 2;
        }
        got = fread(buf + n, 1, cap - n, f);
        n += got;
    }
    if (buf && ferror(f)) {
        free(buf);
        buf = NULL;
        errno = EIO;
    }
    fclose(f);
    if (buf)
        buf[n] = 0;
    *len = n;
    return buf;
}

int pgn_read_file(const char *path, PgnVisit visit, void *ctx, char *err, size_t errlen)
{
    size_t n;
    char *bytes = slurp(path, &n);
    if (!bytes) {
        snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
        return -1;
    }
    char *text = text_to_utf8(bytes, n);
    free(bytes);
    if (!text) {
        snprintf(err, errlen, "%s is neither UTF-8 nor GB18030 text", path);
        return -1;
    }
    int count = pgn_read_text(text, visit, ctx);
    free(text);
    return count;
}
