/*
 * Xiangqi game files: PGN as GUIs and databases exchange it ([Game "Chinese
 * Chess"], [FEN], [Format "ICCS" | "WXF" | "Chinese"]), in UTF-8 or in the
 * GB18030 family most Chinese game files still use, and `chuhan pgn`.
 */
#ifndef CHUHAN_PGN_H
#define CHUHAN_PGN_H

#include <stdio.h>

#include "../notation/notation.h"

enum { PGN_TAGS_MAX = 32, PGN_NAME_MAX = 32, PGN_VALUE_MAX = 256, PGN_PLIES_MAX = 1000, PGN_ERROR_MAX = 256 };

typedef struct {
    char name[PGN_NAME_MAX];
    char value[PGN_VALUE_MAX];
} PgnTag;

/* One game. Game, FEN, Format and Result are kept outside the tag list: the writer sets them itself. */
typedef struct {
    int ntags;
    PgnTag tags[PGN_TAGS_MAX];
    char fen[FEN_MAX];        /* the start position, as board_get_fen() writes it */
    char result[8];           /* 1-0, 0-1, 1/2-1/2 or * */
    int nmoves;
    Move moves[PGN_PLIES_MAX];
    char error[PGN_ERROR_MAX]; /* why the moves stop short of the file's, or "" */
    int unsure_from, unsure_to; /* moves the text leaves open (see pgn_read_text); none when from > to */
    Notation notation;        /* how its first move is written (ICCS for a game without moves) */
} PgnGame;

/* No tags, the start position, no moves, result "*". */
void pgn_game_init(PgnGame *g);
/* A tag's value, or NULL. */
const char *pgn_tag(const PgnGame *g, const char *name);
/* Sets a tag (added at the end when new; dropped when the list is full). */
void pgn_set_tag(PgnGame *g, const char *name, const char *value);
/* The position after the game's first `ply` moves. */
void pgn_position(const PgnGame *g, int ply, Board *b);
/*
 * Whether a counting pass over a file leaves the game (its `number` there)
 * out: the reader stopped at an error, so its moves past it are unknown.
 * Says so on stderr.
 */
bool pgn_left_out(const PgnGame *g, const char *path, int number);

/* Called for each game read; returning false stops the reading. */
typedef bool (*PgnVisit)(void *ctx, PgnGame *g);

/*
 * Reads the games of a PGN text in UTF-8. Comments, variations and numeric
 * annotations are skipped; moves may be written in any of the notations
 * move_read() knows, with or without move numbers. A game whose moves go
 * wrong keeps those before the first bad one and says why in `error`, with
 * the move's number. cutechess names a pawn's move by its point alone, so a
 * game may read more than one way: the reading taken is the one that plays to
 * the end, the advancing pawn first; where another does too, the moves whose
 * position or move differs between the first and the last such reading are
 * marked unsure. Returns the number of games.
 */
int pgn_read_text(const char *text, PgnVisit visit, void *ctx);

/*
 * Reads a file in UTF-8 (with or without a byte-order mark) or, when its
 * bytes are not UTF-8, in GB18030 (which includes GBK and GB2312). Returns
 * the number of games, or -1 with the reason in err.
 */
int pgn_read_file(const char *path, PgnVisit visit, void *ctx, char *err, size_t errlen);

/*
 * Text growing in memory: start from { 0 } and free(data) when done. Its
 * data is NUL-terminated once anything has been added; `failed` says memory
 * ran out, after which nothing more is added.
 */
typedef struct {
    char *data;
    size_t len, cap;
    bool failed;
} PgnText;

void pgn_text_add(PgnText *t, const char *s, size_t n);

/* Adds one game in UTF-8 with its moves in the given notation; false when memory ran out. */
bool pgn_write_text(PgnText *text, const PgnGame *g, Notation notation);
/* The same written to a file; nothing is written when memory runs out. */
void pgn_write(FILE *out, const PgnGame *g, Notation notation);

/*
 * What an annotator adds to a game, as PGN text of its own: after[i]
 * (NAGs, comments, variations) follows move i, and closing comes before the
 * result; NULL for nothing. Each move is then written on a line of its own.
 */
typedef struct {
    const char *const *after;
    const char *closing;
} PgnNotes;

bool pgn_write_annotated(PgnText *text, const PgnGame *g, Notation notation, const PgnNotes *notes);
/* A move's name as the writer writes it (ICCS as H2-E2), for an annotator's variations. */
void pgn_move_text(const Board *b, Move m, Notation notation, char out[MOVE_NAME_MAX]);

/*
 * Text conversions, GB18030 by the project's own codec: bytes in UTF-8 or
 * GB18030 to UTF-8, and UTF-8 to "UTF-8" or "GB18030" (in any case). Fresh
 * NUL-terminated buffers (free them), or NULL when the text does not convert.
 */
char *text_to_utf8(const char *bytes, size_t n);
char *utf8_to(const char *encoding, const char *text, size_t n, size_t *outlen);

/* `chuhan pgn [--moves iccs|chinese|wxf] [--encoding utf-8|gb18030] FILE...`; returns the exit status. */
int pgn_main(int argc, char **argv);

/* `chuhan pgn --mates FILE...` (mates.c): by player, mates in one missed and allowed; 1 if a file had bad games. */
int pgn_mates_main(int argc, char **argv);

#endif
