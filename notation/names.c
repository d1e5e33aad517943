/*
 * Move names for people: Chinese (炮二平五, 马８进７) and WXF (C2.5, H8+7),
 * written from a move and read back; chess-style algebraic names (Ce3, Nxc10)
 * as managers write them, read only. Both count files from the mover's right
 * and name a man by its file, or by its place among men of its type that
 * share a file (前炮, 一兵, C+, 3-).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../board/movegen.h"
#include "notation.h"
#include "../board/tables.h"

/* The mover's view: files 1..9 from its right, ranks counted towards the enemy. */
static int file_number(int side, int sq) { return side == RED ? FILE_NB - sq_file(sq) : sq_file(sq) + 1; }
static int file_of_number(int side, int n) { return side == RED ? FILE_NB - n : n - 1; }
static int advance(int side, int sq) { return side == RED ? sq_rank(sq) : RANK_NB - 1 - sq_rank(sq); }

enum { TANDEM_MAX = 5 };

/* The side's men of a type on file n, front first; returns how many. */
static int men_on_file(const Board *b, int side, int type, int n, uint8_t out[TANDEM_MAX])
{
    int k = 0;
    for (int i = 0; i < type_count[type]; i++) {
        int sq = b->pos[piece_id(side, type, i)];
        if (!sq || file_number(side, sq) != n)
            continue;
        int j = k++;
        for (; j > 0 && advance(side, out[j - 1]) < advance(side, sq); j--)
            out[j] = out[j - 1];
        out[j] = (uint8_t)sq;
    }
    return k;
}

/*
 * The men of a type on files that hold two or more of them, file by file
 * from the mover's right and front to back within a file: the series that
 * 前/中/后 and 一..五 count in. Generals, advisors and elephants never need
 * it: the direction of their move already tells two on a file apart.
 */
typedef struct {
    int n, files;
    uint8_t sq[TANDEM_MAX];
} Tandem;

static void tandem_men(const Board *b, int side, int type, Tandem *t)
{
    t->n = t->files = 0;
    if (type < KNIGHT)
        return;
    for (int file = 1; file <= FILE_NB; file++) {
        uint8_t on[TANDEM_MAX];
        int k = men_on_file(b, side, type, file, on);
        if (k >= 2) {
            memcpy(t->sq + t->n, on, (size_t)k);
            t->n += k;
            t->files++;
        }
    }
}

/* The parts of a name, common to both notations. */
typedef struct {
    int side, type, file;
    int place, count;     /* the man's place in the tandem series and its length; count 0 outside it */
    int in_file, on_file; /* its place among the men of its type on its file, and their number */
    int files;            /* files holding two or more men of the type */
    int dir, target;      /* +1 forward, -1 back, 0 sideways; steps, or the file reached */
} Parts;

static void name_parts(const Board *b, Move m, Parts *p)
{
    int from = move_from(m), to = move_to(m), side = b->side;
    p->side = side;
    p->type = piece_type_of[b->sq[from]];
    p->file = file_number(side, from);
    Tandem t;
    tandem_men(b, side, p->type, &t);
    p->files = t.files;
    p->count = p->place = 0;
    for (int i = 0; i < t.n; i++)
        if (t.sq[i] == from) {
            p->count = t.n;
            p->place = i;
        }
    uint8_t on[TANDEM_MAX];
    p->on_file = men_on_file(b, side, p->type, p->file, on);
    for (p->in_file = 0; on[p->in_file] != from; p->in_file++)
        ;
    int step = advance(side, to) - advance(side, from);
    p->dir = step > 0 ? 1 : step < 0 ? -1 : 0;
    bool diagonal = p->type == ADVISOR || p->type == BISHOP || p->type == KNIGHT;
    p->target = !p->dir || diagonal ? file_number(side, to) : abs(step);
}

/* As move names write them, in simplified characters. */
static const char *const named_men[2][PIECE_TYPE_NB] = {
    { "帅", "仕", "相", "马", "车", "炮", "兵" },
    { "将", "士", "象", "马", "车", "炮", "卒" },
};
/* Boards' forms differ between the sides, so that they tell apart even without colour. */
static const char *const drawn_men[2][PIECE_TYPE_NB] = {
    { "帥", "仕", "相", "傌", "俥", "炮", "兵" },
    { "將", "士", "象", "馬", "車", "砲", "卒" },
};

const char *board_man(int side, int type) { return drawn_men[side][type]; }
/* Red counts in Chinese numerals, black in full-width digits; places in a series are numerals for both. */
static const char *const numeral[FILE_NB + 1] = { "", "一", "二", "三", "四", "五", "六", "七", "八", "九" };
static const char *const wide_digit[FILE_NB + 1] = { "", "１", "２", "３", "４", "５", "６", "７", "８", "９" };

const char *chinese_number(int side, int n) { return side == RED ? numeral[n] : wide_digit[n]; }

static void chinese_name(const Parts *p, char out[MOVE_NAME_MAX])
{
    const char *piece = named_men[p->side][p->type], *dir = p->dir > 0 ? "进" : p->dir < 0 ? "退" : "平";
    const char *target = chinese_number(p->side, p->target);
    if (!p->count) {
        snprintf(out, MOVE_NAME_MAX, "%s%s%s%s", piece, chinese_number(p->side, p->file), dir, target);
        return;
    }
    const char *place = p->count >= 4            ? numeral[p->place + 1]
                        : p->place == 0          ? "前"
                        : p->place == p->count - 1 ? "后"
                                                 : "中";
    snprintf(out, MOVE_NAME_MAX, "%s%s%s%s", place, piece, dir, target);
}

/*
 * WXF's tandem forms: on one file the front and rear man replace the file
 * with + and -, a middle pawn keeps its file, and of four or five pawns the
 * outer two are written ++ and -- without the letter; with pawns doubled on
 * two files the file replaces the letter (3+, 33, 3-).
 */
static void wxf_name(const Parts *p, char out[MOVE_NAME_MAX])
{
    char file = (char)('0' + p->file), first = wxf_letter(p->type), second = file;
    int k = p->on_file, i = p->in_file;
    if (p->count && p->files == 2) {
        first = file;
        second = i == 0 ? '+' : i == k - 1 ? '-' : file;
    } else if (p->count && k >= 4 && (i == 0 || i == k - 1)) {
        first = second = i == 0 ? '+' : '-';
    } else if (p->count && !(k % 2 && i == k / 2)) {
        second = i < k / 2 ? '+' : '-';
    }
    snprintf(out, MOVE_NAME_MAX, "%c%c%c%d", first, second, p->dir > 0 ? '+' : p->dir < 0 ? '-' : '.', p->target);
}

void move_name(const Board *b, Move m, Notation notation, char out[MOVE_NAME_MAX])
{
    if (notation == NOTATION_ICCS || !m || m == NULL_MOVE || !(b->sq[move_from(m)] & side_tag(b->side))) {
        move_to_str(m, 0, out);
        return;
    }
    Parts p;
    name_parts(b, m, &p);
    if (notation == NOTATION_CHINESE)
        chinese_name(&p, out);
    else
        wxf_name(&p, out);
}

/* Reading: a name is parsed into the men it may mean and the move it asks of them. */

/* Which men a name points at. */
typedef enum { BY_FILE, BY_PLACE, BY_SERIES, BY_PLACE_ON_FILE } Selector;
typedef enum { FRONT, MIDDLE, REAR, FOREMOST, REARMOST } Place;

typedef struct {
    int type;
    Selector by;
    int file, place, index;
    bool wxf;
    int dir, target;
} Request;

typedef struct {
    const char *text;
    int value;
} Word;

/* The men's characters beyond those that names write and boards draw. */
static const Word other_men[] = { { "硨", ROOK }, { "包", CANNON } };
static const Word number_words[] = {
    { "一", 1 }, { "二", 2 }, { "三", 3 }, { "四", 4 }, { "五", 5 }, { "六", 6 }, { "七", 7 }, { "八", 8 }, { "九", 9 },
    { "１", 1 }, { "２", 2 }, { "３", 3 }, { "４", 4 }, { "５", 5 }, { "６", 6 }, { "７", 7 }, { "８", 8 }, { "９", 9 },
    { "1", 1 },  { "2", 2 },  { "3", 3 },  { "4", 4 },  { "5", 5 },  { "6", 6 },  { "7", 7 },  { "8", 8 },  { "9", 9 },
};
static const Word direction_words[] = { { "进", 1 }, { "進", 1 }, { "退", -1 }, { "平", 0 } };
static const Word place_words[] = { { "前", FRONT }, { "中", MIDDLE }, { "后", REAR }, { "後", REAR } };

#define TAKE(s, words) take(s, words, sizeof words / sizeof *words)

/* Whether *s starts with word, stepping over it. */
static bool starts(const char **s, const char *word)
{
    size_t len = strlen(word);
    if (strncmp(*s, word, len))
        return false;
    *s += len;
    return true;
}

/* The value of the word *s starts with, stepping over it; -2 when none fits. */
static int take(const char **s, const Word *words, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (starts(s, words[i].text))
            return words[i].value;
    return -2;
}

/* The type of the man's character *s starts with, in any of its forms, stepping over it; -2 when none fits. */
static int take_man(const char **s)
{
    for (int side = RED; side <= BLACK; side++)
        for (int type = KING; type < PIECE_TYPE_NB; type++)
            if (starts(s, named_men[side][type]) || starts(s, drawn_men[side][type]))
                return type;
    return TAKE(s, other_men);
}

/* 炮二平五, 马８进７, 前炮退二, 中兵平五, 一兵平五, with traditional characters too. */
static bool parse_chinese(const char *s, Request *q)
{
    int first;
    q->wxf = false;
    if ((q->type = take_man(&s)) >= 0) {
        q->by = BY_FILE;
        q->file = TAKE(&s, number_words);
    } else if ((first = TAKE(&s, place_words)) >= 0) {
        q->by = BY_PLACE;
        q->place = first;
        q->type = take_man(&s);
    } else if ((first = TAKE(&s, number_words)) >= 1 && first <= TANDEM_MAX) {
        q->by = BY_SERIES;
        q->index = first - 1;
        q->type = take_man(&s);
    } else {
        return false;
    }
    q->dir = TAKE(&s, direction_words);
    q->target = TAKE(&s, number_words);
    return q->type >= 0 && q->file >= 0 && q->dir >= -1 && q->target > 0 && !*s;
}

static int wxf_type(char c) { return piece_letter_type((unsigned char)c); }

static bool is_file_digit(char c) { return c >= '1' && c <= '9'; }

/*
 * The first two symbols of a WXF name: C2, C+ or +C, ++ and --, 3+ 33 3-,
 * and xqbase's P. (middle) and Pa..Pe (the series).
 */
static bool parse_wxf_man(const char *s, Request *q)
{
    char a = s[0], b = a ? s[1] : 0;
    int ta = wxf_type(a), tb = wxf_type(b);
    q->type = PAWN;
    q->by = BY_PLACE;
    if (ta >= 0 && is_file_digit(b)) {
        q->type = ta;
        q->by = BY_FILE;
        q->file = b - '0';
    } else if (ta >= 0 && (b == '+' || b == '-' || b == '.')) {
        q->type = ta;
        q->place = b == '+' ? FRONT : b == '-' ? REAR : MIDDLE;
    } else if (ta >= 0 && b >= 'a' && b <= 'e') {
        q->type = ta;
        q->by = BY_SERIES;
        q->index = b - 'a';
    } else if ((a == '+' || a == '-') && tb >= 0) {
        q->type = tb;
        q->place = a == '+' ? FRONT : REAR;
    } else if ((a == '+' || a == '-') && b == a) {
        q->place = a == '+' ? FOREMOST : REARMOST;
    } else if (is_file_digit(a) && (b == '+' || b == '-' || b == a)) {
        q->by = BY_PLACE_ON_FILE;
        q->file = a - '0';
        q->place = b == '+' ? FRONT : b == '-' ? REAR : MIDDLE;
    } else {
        return false;
    }
    return true;
}

/* C2.5, H8+7, C+-2, +C-2, P3.4, ++.4, 3-.4; '=' or nothing for sideways as many books write it. */
static bool parse_wxf(const char *s, Request *q)
{
    size_t len = strlen(s);
    if ((len != 3 && len != 4) || !parse_wxf_man(s, q))
        return false;
    q->wxf = true;
    char op = len == 4 ? s[2] : '.';
    q->dir = op == '+' ? 1 : op == '-' ? -1 : op == '.' || op == '=' ? 0 : -2;
    q->target = is_file_digit(s[len - 1]) ? s[len - 1] - '0' : 0;
    return q->dir >= -1 && q->target > 0;
}

/*
 * Which of a file's k men a place names. WXF's + and - with four or five
 * pawns are the second from either end, ++ and -- being the outer ones;
 * Chinese 前 and 后 are the ends.
 */
static int place_index(Place place, int k, bool wxf)
{
    switch (place) {
    case FRONT: return wxf && k >= 4 ? 1 : 0;
    case REAR: return wxf && k >= 4 ? k - 2 : k - 1;
    case MIDDLE: return k % 2 ? k / 2 : -1;
    case FOREMOST: return 0;
    default: return k - 1;
    }
}

/* The men the request may mean; several only when the name alone does not tell them apart. */
static int candidates(const Board *b, const Request *q, uint8_t out[FILE_NB])
{
    int n = 0, side = b->side;
    if (q->by == BY_SERIES) {
        Tandem t;
        tandem_men(b, side, q->type, &t);
        if (q->index < t.n)
            out[n++] = t.sq[q->index];
        return n;
    }
    for (int file = 1; file <= FILE_NB; file++) {
        if (q->by != BY_PLACE && file != q->file)
            continue;
        uint8_t on[TANDEM_MAX];
        int k = men_on_file(b, side, q->type, file, on);
        if (q->by == BY_FILE && !(q->wxf && k >= 3 && k % 2)) {
            memcpy(out + n, on, (size_t)k); /* a WXF file of three or five pawns names its middle one */
            n += k;
        } else if (k >= 2 || q->by == BY_FILE) {
            int i = place_index(q->by == BY_FILE ? MIDDLE : q->place, k, q->wxf && q->by == BY_PLACE);
            if (i >= 0)
                out[n++] = on[i];
        }
    }
    return n;
}

/* The point the request sends a man on `from` to, or 0 when its way of moving cannot get there. */
static int destination(int side, const Request *q, int from)
{
    int file = sq_file(from), ranks = q->target;
    if (q->type == ADVISOR || q->type == BISHOP || q->type == KNIGHT || !q->dir) {
        file = file_of_number(side, q->target);
        int span = abs(file - sq_file(from));
        ranks = !q->dir                ? 0
                : q->type == ADVISOR ? (span == 1 ? 1 : -1)
                : q->type == BISHOP  ? (span == 2 ? 2 : -1)
                                     : (span == 1 ? 2 : span == 2 ? 1 : -1);
        if (ranks < 0 || (!q->dir && (span == 0 || q->type == ADVISOR || q->type == BISHOP || q->type == KNIGHT)))
            return 0;
    }
    int rank = sq_rank(from) + (side == RED ? 1 : -1) * q->dir * ranks;
    return rank >= 0 && rank < RANK_NB ? make_sq(file, rank) : 0;
}

/*
 * Picks the man the request means: the only one that fits, or among
 * several the only one whose move is legal. With none legal, the reason
 * given is that of the man whose move came nearest (legal but for the
 * general, then a move of its kind that is blocked).
 */
static Move resolve(Board *b, const Request *q, char *err, size_t errlen)
{
    uint8_t men[FILE_NB];
    int n = candidates(b, q, men), best = -1, best_rank = -1, ties = 0;
    const char *side = b->side == RED ? "red" : "black";
    if (!n) {
        if (q->by == BY_FILE)
            snprintf(err, errlen, "no such man: no %s %s on file %d", side, type_word(q->type), q->file);
        else
            snprintf(err, errlen, "no such man: no %s %s in that place", side, type_word(q->type));
        return MOVE_NONE;
    }
    Move moves[FILE_NB];
    for (int i = 0; i < n; i++) {
        int to = destination(b->side, q, men[i]);
        moves[i] = to ? move_of(men[i], to) : MOVE_NONE;
        int rank = !to ? 0 : move_is_legal(b, moves[i]) ? 3 : move_is_pseudo(b, moves[i]) ? 2 : 1;
        ties = rank == best_rank ? ties + 1 : rank > best_rank ? 1 : ties;
        if (rank > best_rank) {
            best = i;
            best_rank = rank;
        }
    }
    if (best_rank == 3 && ties == 1)
        return moves[best];
    if (best_rank == 3)
        snprintf(err, errlen, "ambiguous: %d %s %ss can make that move", ties, side, type_word(q->type));
    else if (best_rank == 0)
        snprintf(err, errlen, "no such move: the %s cannot go there", type_word(q->type));
    else
        snprintf(err, errlen, "%s", move_fault(b, moves[best]));
    return MOVE_NONE;
}

/* ICCS coordinates, h2e2 or H2-E2. */
static Move parse_iccs(const char *text)
{
    char plain[MOVE_STR_MAX];
    size_t len = strlen(text);
    if (len == 5 && text[2] == '-') {
        memcpy(plain, text, 2);
        memcpy(plain + 2, text + 3, 3);
        text = plain;
    }
    /* Letters of one case: A8e9 is an advisor's algebraic name. */
    bool mixed = len >= 4 && (text[0] >= 'a') != (text[2] >= 'a');
    return len <= 5 && !mixed ? move_parse(text, 0) : MOVE_NONE;
}

/*
 * Algebraic notation as chess-derived managers write xiangqi (cutechess-cli's
 * PGN): a letter for the man (K general, A advisor, B elephant, N horse, R
 * rook, C cannon, none for a pawn; E, H and P are taken too), the file, the
 * rank or both it leaves when that tells it apart, x for a capture, the point
 * reached with ranks 1-10 from red's side, then + or # for check. cutechess
 * names a pawn that does not take by the point alone even where two pawns
 * could go there: the name then means the one that advances.
 */
typedef struct {
    int type;
    int file, rank; /* of the man moving, -1 when not given */
    int to;
    bool capture;
} San;

/* The rank of 1-10 written from p to end, as an index, or -1. */
static int san_rank(const char *p, const char *end)
{
    if (end - p == 1 && is_file_digit(*p))
        return *p - '1';
    return end - p == 2 && p[0] == '1' && p[1] == '0' ? RANK_NB - 1 : -1;
}

static bool is_file_letter(char c) { return c >= 'a' && c <= 'i'; }

static bool parse_san(const char *text, San *q)
{
    const char *p = text, *end = text + strlen(text);
    while (end > p && (end[-1] == '+' || end[-1] == '#'))
        end--;
    /* Upper case only: a lower-case letter is a file. */
    int letter = isupper((unsigned char)*p) ? piece_letter_type((unsigned char)*p) : -1;
    q->type = letter >= 0 ? letter : PAWN;
    p += letter >= 0;
    /* The point reached, at the end: a file letter and a rank. */
    const char *point = end - p >= 3 && is_file_letter(end[-3]) && san_rank(end - 2, end) >= 0 ? end - 3 : end - 2;
    int rank;
    if (point < p || !is_file_letter(*point) || (rank = san_rank(point + 1, end)) < 0)
        return false;
    q->to = make_sq(*point - 'a', rank);
    q->file = q->rank = -1;
    q->capture = point > p && point[-1] == 'x';
    end = point - q->capture;
    if (p < end && is_file_letter(*p))
        q->file = *p++ - 'a';
    return p == end || (q->rank = san_rank(p, end)) >= 0;
}

static bool san_fits(const Board *b, const San *q, Move m)
{
    int from = move_from(m);
    return move_to(m) == q->to && piece_type_of[b->sq[from]] == q->type && (b->sq[q->to] != 0) == q->capture
           && (q->file < 0 || sq_file(from) == q->file) && (q->rank < 0 || sq_rank(from) == q->rank);
}

/* The one legal move that fits q, or of several pawns the one that advances. */
static Move resolve_san(Board *b, const San *q, char *err, size_t errlen)
{
    Move list[MAX_MOVES], found = MOVE_NONE, advancing = MOVE_NONE;
    int n = gen_legal(b, list), matches = 0;
    for (int i = 0; i < n; i++)
        if (san_fits(b, q, list[i])) {
            found = list[i];
            matches++;
            if (q->type == PAWN && sq_file(move_from(found)) == sq_file(q->to))
                advancing = found;
        }
    if (matches > 1 && advancing)
        return advancing;
    if (matches == 1)
        return found;
    snprintf(err, errlen, matches ? "ambiguous: more than one %s can go there" : "no %s can legally go there",
             type_word(q->type));
    return MOVE_NONE;
}

int move_read_all(Board *b, const char *text, Move out[MAX_MOVES], char *err, size_t errlen)
{
    San san;
    if (parse_san(text, &san) && san.type == PAWN && !san.capture && san.file < 0 && san.rank < 0) {
        Move list[MAX_MOVES];
        int n = gen_legal(b, list), found = 0;
        for (int i = 0; i < n; i++)
            if (san_fits(b, &san, list[i])) {
                out[found] = list[i];
                if (sq_file(move_from(list[i])) == sq_file(san.to)) { /* the advancing pawn first */
                    out[found] = out[0];
                    out[0] = list[i];
                }
                found++;
            }
        if (found > 1)
            return found;
    }
    out[0] = move_read(b, text, err, errlen);
    return out[0] != MOVE_NONE;
}

int utf8_prefix(const char *s, int max)
{
    int n = (int)strnlen(s, (size_t)max);
    /* Text longer than max: when its next byte continues a character, that character is left out whole. */
    if (n == max)
        while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
            n--;
    return n;
}

Move move_read(Board *b, const char *text, char *err, size_t errlen)
{
    char scratch[1];
    if (!err || !errlen) {
        err = scratch;
        errlen = sizeof scratch;
    }
    Move m = parse_iccs(text);
    if (m) {
        const char *why = move_fault(b, m);
        if (why)
            snprintf(err, errlen, "%s", why);
        return why ? MOVE_NONE : m;
    }
    /* Algebraic first: a few of xqbase's WXF forms (Ca3, a tandem cannon to file 3) read as algebraic too. */
    San san;
    bool algebraic = parse_san(text, &san);
    m = algebraic ? resolve_san(b, &san, err, errlen) : MOVE_NONE;
    if (m)
        return m;
    Request q = { 0 };
    if (parse_wxf(text, &q) || parse_chinese(text, &q)) {
        char why[128];
        m = resolve(b, &q, why, sizeof why);
        if (!m && !algebraic)
            snprintf(err, errlen, "%s", why); /* the algebraic reason stands when both readings fail */
        return m;
    }
    if (algebraic)
        return MOVE_NONE;
    snprintf(err, errlen, "not a move: '%.*s'", utf8_prefix(text, 24), text);
    return MOVE_NONE;
}

/* Why a move is not legal, in the words a player needs. */

/* Why a man cannot go from `from` to `to` by its own way of moving: the move is not pseudo-legal. */
static const char *step_fault(const Board *b, int type, int from, int to)
{
    int us = b->side, df = abs(sq_file(to) - sq_file(from)), dr = abs(sq_rank(to) - sq_rank(from));
    switch (type) {
    case KING: return df + dr == 1 ? "the general may not leave the palace" : "the general moves one point along a line";
    case ADVISOR: return df == 1 && dr == 1 ? "the advisor may not leave the palace" : "the advisor moves one point diagonally";
    case BISHOP:
        if (df != 2 || dr != 2)
            return "the elephant moves two points diagonally";
        return own_half[us][to] ? "the elephant's eye is blocked" : "the elephant may not cross the river";
    case KNIGHT:
        return knight_leg_delta[256 + to - from] ? "the horse's leg is blocked"
                                                 : "the horse moves one point along a line and one diagonally";
    case PAWN:
        if (advance(us, to) < advance(us, from))
            return "a pawn never moves back";
        if (df + dr == 1)
            return "a pawn moves sideways only after crossing the river";
        return "a pawn moves one point";
    default:
        if (df && dr)
            return type == ROOK ? "the rook moves along a line" : "the cannon moves along a line";
        if (type == CANNON && b->sq[to])
            return "the cannon captures by jumping exactly one man";
        return type == ROOK ? "the rook's path is blocked" : "the cannon's path is blocked";
    }
}

static bool generals_face(const Board *b)
{
    int red = king_sq(b, RED), black = king_sq(b, BLACK);
    if (sq_file(red) != sq_file(black))
        return false;
    for (int sq = red + NORTH; sq != black; sq += NORTH)
        if (b->sq[sq])
            return false;
    return true;
}

const char *move_fault(Board *b, Move m)
{
    int from = move_from(m), to = move_to(m), piece = b->sq[from];
    if (!in_board[from] || !in_board[to] || !(piece & side_tag(b->side)))
        return b->side == RED ? "no such man: no red man stands there" : "no such man: no black man stands there";
    if (b->sq[to] & side_tag(b->side))
        return "a man of the same side stands on the target point";
    if (!move_is_pseudo(b, m))
        return step_fault(b, piece_type_of[piece], from, to);
    if (move_is_legal(b, m))
        return NULL;
    make_move(b, m);
    bool face = generals_face(b);
    unmake_move(b);
    return face ? "the generals would face each other" : "it would leave the general in check";
}
