/* Text in and out of the engine: FEN for positions, ICCS coordinates for moves. */
#ifndef CHUHAN_NOTATION_H
#define CHUHAN_NOTATION_H

#include <stddef.h>

#include "../board/board.h"

#define START_FEN "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
enum { FEN_MAX = 128 };

/*
 * Reads a FEN (board, side, optional castling/en-passant dashes and the two
 * counters). The board keeps its rule set and storage: a new position of the
 * same game's rules. On error returns false, writes the reason into err and
 * leaves b untouched. The text is read only up to its terminating NUL.
 */
bool board_set_fen(Board *b, const char *fen, char *err, size_t errlen);
void board_get_fen(const Board *b, char out[FEN_MAX]);
/* A man's FEN letter: upper case for red, lower for black; the same for a side's type. */
char piece_char(int piece);
char type_char(int side, int type);
/* The type a FEN or WXF letter names, either case (B or E an elephant, N or H a horse); -1 for none. */
int piece_letter_type(int c);
/* A type's WXF letter (K A E H R C P) and its English word ("elephant"). */
char wxf_letter(int type);
const char *type_word(int type);
/* A type's Chinese character for a side as boards draw it, each side's form its own (帥 傌 俥, 將 馬 車). */
const char *board_man(int side, int type);

/*
 * Move text in ICCS form ("h2e2"), ranks 0-9; rank_base 1 gives the ranks 1-10
 * of chess-derived tools ("h3e3", "a10a9"). Parsing checks the syntax only and
 * returns MOVE_NONE for anything that is not exactly one move.
 */
enum { MOVE_STR_MAX = 8 };
void move_to_str(Move m, int rank_base, char out[MOVE_STR_MAX]);
Move move_parse(const char *s, int rank_base);

/*
 * Move names for people, as books, GUIs and game files write them:
 *  - NOTATION_CHINESE (UTF-8): piece, file, 进/退/平, then steps or the file
 *    reached; red counts in numerals (炮二平五), black in full-width digits
 *    (马８进７); men of a type sharing a file are told apart by 前/中/后
 *    (two or three in the series) or 一..五 (four or five, file by file from
 *    the mover's right, front to back), as xqbase and ElephantEye write them;
 *  - NOTATION_WXF: the same in letters and digits (C2.5, H8+7), with the
 *    World Xiangqi Federation's tandem forms (C+.5, P3.4 for a middle pawn,
 *    ++.4, 3-.4);
 *  - NOTATION_ICCS: coordinates, ranks 0-9 (h2e2).
 * Files count from the mover's right, 1 to 9.
 */
typedef enum { NOTATION_ICCS, NOTATION_CHINESE, NOTATION_WXF } Notation;
enum { MOVE_NAME_MAX = 16 };

/* How many bytes of s, at most max, end on a whole UTF-8 character: for quoting text cut short. */
int utf8_prefix(const char *s, int max);

/* Number n (1..9) as a side writes it in Chinese names: 一..九 for red, １..９ for black. */
const char *chinese_number(int side, int n);

/* The name of m, a legal move of the side to move in b. */
void move_name(const Board *b, Move m, Notation notation, char out[MOVE_NAME_MAX]);

/*
 * Reads a move of the side to move in any of the three notations: Chinese
 * with simplified or traditional characters (車 馬 傌 俥 砲 帥 將 進 後 ...)
 * and any of the three kinds of digits, WXF also as xqbase writes it (C+-2,
 * +C-2, P.5, Pa.5, '=' or nothing for sideways), ICCS also as H2-E2, and
 * the algebraic names of cutechess-cli's game files (Ce3, Nge2, cxd5, Rf10+:
 * ranks 1-10 from red's side, no letter for a pawn). A name
 * that fits several men means the one whose move is legal. Returns the
 * legal move, or MOVE_NONE with the reason in err: not a move, no such man,
 * ambiguous, or why the move is illegal (see move_fault).
 */
Move move_read(Board *b, const char *text, char *err, size_t errlen);

/*
 * Every legal move that text may name, for a reader that can look ahead:
 * one, as move_read reads it, except where a cutechess pawn name fits
 * several pawns (the advancing one first). 0 with the reason in err.
 */
int move_read_all(Board *b, const char *text, Move out[MAX_MOVES], char *err, size_t errlen);

/*
 * Why m is not a legal move of the side to move, in words ("the horse's leg
 * is blocked", "the generals would face each other", ...), or NULL when it
 * is legal. b is changed and restored.
 */
const char *move_fault(Board *b, Move m);

#endif
