/* FEN and ICCS move text. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stddef.h>
#include <string.h>

#include "../board/board.h"
#include "../board/movegen.h"
#include "notation.h"
#include "../board/tables.h"

/* Every letter and word for a type of man, by type: FEN's, WXF's, English's. */
static const char fen_letters[PIECE_TYPE_NB + 1] = "KABNRCP";
static const char wxf_letters[PIECE_TYPE_NB + 1] = "KAEHRCP";
static const char *const type_words[PIECE_TYPE_NB] = { "general", "advisor", "elephant", "horse", "rook", "cannon", "pawn" };

char type_char(int side, int type)
{
    char c = fen_letters[type];
    return side == RED ? c : (char)tolower(c);
}

char piece_char(int piece) { return type_char(piece_side(piece), piece_type_of[piece]); }

char wxf_letter(int type) { return wxf_letters[type]; }

const char *type_word(int type) { return type_words[type]; }

int piece_letter_type(int c)
{
    int u = c > 0 && c < 256 ? toupper(c) : 0;
    const char *fen = u ? strchr(fen_letters, u) : NULL, *wxf = u ? strchr(wxf_letters, u) : NULL;
    return fen ? (int)(fen - fen_letters) : wxf ? (int)(wxf - wxf_letters) : -1;
}

static bool fail(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (err && errlen)
        vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return false;
}

static const char *side_name(int side) { return side == RED ? "red" : "black"; }

static void sq_name(int sq, char out[3])
{
    out[0] = (char)('a' + sq_file(sq));
    out[1] = (char)('0' + sq_rank(sq));
    out[2] = 0;
}

/*
 * Points a man can ever stand on, from its own side's view (rank 0 = own back
 * rank). Pawns before the river can only be on their start files.
 */
static bool reachable(int type, int side, int sq)
{
    int f = sq_file(sq), r = side == RED ? sq_rank(sq) : 9 - sq_rank(sq);
    switch (type) {
    case KING: return f >= 3 && f <= 5 && r <= 2;
    case ADVISOR: return (r == 0 || r == 2) ? (f == 3 || f == 5) : (r == 1 && f == 4);
    case BISHOP: return ((r == 0 || r == 4) && (f == 2 || f == 6)) || (r == 2 && (f == 0 || f == 4 || f == 8));
    case PAWN: return r >= 5 || ((r == 3 || r == 4) && f % 2 == 0);
    default: return true;
    }
}

/* Parses the placement field into a scratch board; the caller keeps its own. */
static bool parse_placement(Board *b, const char *s, size_t len, char *err, size_t errlen)
{
    int count[2][PIECE_TYPE_NB] = { { 0 } };
    int rank = RANK_NB - 1, file = 0, ranks = 1;
    for (size_t i = 0; i < len; i++)
        ranks += s[i] == '/';
    if (ranks != RANK_NB)
        return fail(err, errlen, "%d ranks, expected 10", ranks);
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '/') {
            if (file != FILE_NB)
                return fail(err, errlen, "rank %d has %d files, expected 9", rank, file);
            rank--;
            file = 0;
        } else if (c >= '1' && c <= '9') {
            file += c - '0';
            if (file > FILE_NB)
                return fail(err, errlen, "rank %d has more than 9 files", rank);
        } else {
            int type = piece_letter_type(c);
            if (type < 0)
                return fail(err, errlen, isprint(c) ? "unknown piece letter '%c'" : "unknown piece byte 0x%02x", c);
            if (file >= FILE_NB)
                return fail(err, errlen, "rank %d has more than 9 files", rank);
            int side = isupper(c) ? RED : BLACK;
            int sq = make_sq(file, rank);
            if (count[side][type] == type_count[type])
                return fail(err, errlen, "too many %s %ss (at most %d)", side_name(side), type_words[type],
                            type_count[type]);
            if (!reachable(type, side, sq)) {
                char name[3];
                sq_name(sq, name);
                return fail(err, errlen, "%s %s on %s, a point it can never reach", side_name(side), type_words[type],
                            name);
            }
            board_put(b, piece_id(side, type, count[side][type]++), sq);
            file++;
        }
    }
    if (file != FILE_NB)
        return fail(err, errlen, "rank 0 has %d files, expected 9", file);
    for (int side = RED; side <= BLACK; side++)
        if (count[side][KING] != 1)
            return fail(err, errlen, "no %s general", side_name(side));
    return true;
}

/* Splits off the next space-separated field; returns its length (0 at the end). */
static size_t next_field(const char **s, const char **field)
{
    while (**s == ' ')
        (*s)++;
    *field = *s;
    while (**s && **s != ' ')
        (*s)++;
    return (size_t)(*s - *field);
}

static bool parse_counter(const char *f, size_t n, int max, int *out)
{
    if (n == 0 || n > 6)
        return false;
    int v = 0;
    for (size_t i = 0; i < n; i++) {
        if (!isdigit((unsigned char)f[i]))
            return false;
        v = v * 10 + (f[i] - '0');
    }
    if (v > max)
        return false;
    *out = v;
    return true;
}

/* Reads a FEN into a cleared board; false, with the reason, at the first fault. */
static bool read_fen(Board *b, const char *fen, char *err, size_t errlen)
{
    const char *s = fen, *f;
    size_t n = next_field(&s, &f);
    if (n == 0)
        return fail(err, errlen, "empty FEN");
    if (!parse_placement(b, f, n, err, errlen))
        return false;

    n = next_field(&s, &f);
    if (n == 0)
        return fail(err, errlen, "missing side to move");
    if (n != 1 || !strchr("wWrRbB", f[0]))
        return fail(err, errlen, "side to move must be w, r or b, not '%.*s'", (int)(n < 8 ? n : 8), f);
    b->side = tolower((unsigned char)f[0]) == 'b' ? BLACK : RED;

    /* Castling and en-passant fields carry nothing in xiangqi: dashes only. */
    for (int i = 0; i < 2; i++) {
        const char *save = s;
        n = next_field(&s, &f);
        if (n == 0)
            break;
        if (n != 1 || f[0] != '-') {
            s = save;
            break;
        }
    }
    n = next_field(&s, &f);
    if (n && !parse_counter(f, n, 9999, &b->rule60))
        return fail(err, errlen, "bad half-move counter '%.*s'", (int)(n < 8 ? n : 8), f);
    n = next_field(&s, &f);
    if (n && !parse_counter(f, n, 99999, &b->fullmove))
        return fail(err, errlen, "bad move number '%.*s'", (int)(n < 8 ? n : 8), f);
    if (b->fullmove == 0)
        b->fullmove = 1;
    n = next_field(&s, &f);
    if (n)
        return fail(err, errlen, "unexpected text after the FEN: '%.*s'", (int)(n < 16 ? n : 16), f);

    if (king_attacked(b, b->side ^ 1))
        return fail(err, errlen, "the side not to move (%s) is in check", side_name(b->side ^ 1));
    board_finish(b);
    return true;
}

bool board_set_fen(Board *out, const char *fen, char *err, size_t errlen)
{
    if (strnlen(fen, FEN_MAX + 1) > FEN_MAX)
        return fail(err, errlen, "FEN longer than %d characters", FEN_MAX);
    /* Read aside, so a bad FEN leaves `out` as it was; a new position has no history to copy. */
    Board b = { .hist = NULL };
    board_clear(&b);
    b.rules = out->rules;
    if (!read_fen(&b, fen, err, errlen))
        return false;
    memcpy(out, &b, offsetof(Board, nn));
    return true;
}

void board_get_fen(const Board *b, char out[FEN_MAX])
{
    char *o = out;
    for (int r = RANK_NB - 1; r >= 0; r--) {
        int empty = 0;
        for (int f = 0; f < FILE_NB; f++) {
            int p = b->sq[make_sq(f, r)];
            if (!p) {
                empty++;
                continue;
            }
            if (empty)
                *o++ = (char)('0' + empty);
            empty = 0;
            *o++ = piece_char(p);
        }
        if (empty)
            *o++ = (char)('0' + empty);
        if (r)
            *o++ = '/';
    }
    snprintf(o, (size_t)(FEN_MAX - (o - out)), " %c - - %d %d", b->side == RED ? 'w' : 'b', b->rule60, b->fullmove);
}

void move_to_str(Move m, int rank_base, char out[MOVE_STR_MAX])
{
    if (m == MOVE_NONE || m == NULL_MOVE) {
        strcpy(out, m ? "0000" : "(none)");
        return;
    }
    int from = move_from(m), to = move_to(m);
    snprintf(out, MOVE_STR_MAX, "%c%d%c%d", 'a' + sq_file(from), sq_rank(from) + rank_base, 'a' + sq_file(to),
             sq_rank(to) + rank_base);
}

/* One coordinate: a file letter and a rank number; advances *s. */
static int parse_square(const char **s, int rank_base)
{
    int c = tolower((unsigned char)**s);
    if (c < 'a' || c > 'i')
        return 0;
    (*s)++;
    if (!isdigit((unsigned char)**s))
        return 0;
    int rank = *(*s)++ - '0';
    if (rank_base == 1 && rank == 1 && **s == '0') {
        rank = 10;
        (*s)++;
    }
    rank -= rank_base;
    return rank >= 0 && rank < RANK_NB ? make_sq(c - 'a', rank) : 0;
}

Move move_parse(const char *s, int rank_base)
{
    int from = parse_square(&s, rank_base);
    int to = from ? parse_square(&s, rank_base) : 0;
    return to && !*s && from != to ? move_of(from, to) : MOVE_NONE;
}
