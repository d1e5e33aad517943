/*
 * The board in text. Point i of a row starts at column 1 + 4i: a man takes
 * two columns as a Chinese character (double width) or one as a letter, an
 * empty point one, and lines fill the rest.
 */
#include <string.h>

#include "../notation/notation.h"
#include "view.h"

/* Writes `ch` up to column `to`. */
static void pad_to(FILE *out, int *col, int to, char ch)
{
    for (; *col < to; (*col)++)
        fputc(ch, out);
}

static int screen_file(const View *v, int i) { return v->flipped ? FILE_NB - 1 - i : i; }

static void draw_man(FILE *out, int piece, const View *v, int *col)
{
    int side = piece_side(piece), type = piece_type_of[piece];
    if (v->colour)
        fputs(side == RED ? "\x1b[1;31m" : "\x1b[1m", out);
    if (v->ascii)
        fputc(piece_char(piece), out);
    else
        fputs(board_man(side, type), out);
    if (v->colour)
        fputs("\x1b[0m", out);
    *col += v->ascii ? 1 : 2;
}

static void draw_points(FILE *out, const Board *b, int rank, Move last, const View *v)
{
    int col = 0;
    for (int i = 0; i < FILE_NB; i++) {
        int sq = make_sq(screen_file(v, i), rank), piece = b->sq[sq];
        bool marked = last && (sq == move_from(last) || sq == move_to(last)), brackets = marked && !v->colour;
        pad_to(out, &col, 4 * i + 1 - brackets, i ? '-' : ' ');
        if (brackets) {
            fputc('[', out);
            col++;
        }
        if (marked && v->colour)
            fputs("\x1b[7m", out);
        if (piece) {
            draw_man(out, piece, v, &col);
        } else {
            fputc('+', out);
            col++;
        }
        if (marked && v->colour)
            fputs("\x1b[0m", out);
        if (brackets) {
            fputc(']', out);
            col++;
        }
    }
    pad_to(out, &col, 37, ' ');
    fprintf(out, "%d\n", rank);
}

/*
 * The palace diagonals run through the palace centres (e1, e8); a cell of
 * the grid holds the '/' one when its lower left and upper right corners
 * lie on it. Turning the board round keeps every '/' a '/'.
 */
static char diagonal(int file, int rank)
{
    int centre = rank < 5 ? 1 : 8;
    if (file < 3 || file > 4 || (rank != centre - 1 && rank != centre))
        return ' ';
    return file - 4 == rank - centre ? '/' : '\\';
}

/* The lines between ranks `rank` and `rank + 1`. */
static void draw_lines(FILE *out, int rank, const View *v)
{
    if (rank == 4) {
        fputs(v->ascii ? " |             river             |\n" : " |   楚  河              漢  界   |\n", out);
        return;
    }
    int col = 0;
    for (int i = 0; i < FILE_NB; i++) {
        pad_to(out, &col, 4 * i + 1, ' ');
        fputc('|', out);
        col++;
        if (i < FILE_NB - 1) {
            int left = screen_file(v, i), right = screen_file(v, i + 1);
            char d = diagonal(left < right ? left : right, rank);
            if (d != ' ') {
                pad_to(out, &col, 4 * i + 3, ' ');
                fputc(d, out);
                col++;
            }
        }
    }
    fputc('\n', out);
}

/* The files as `side` numbers them, and under the bottom side's the ICCS letters. */
static void draw_numbers(FILE *out, int side, const View *v)
{
    int col = 0;
    for (int i = 0; i < FILE_NB; i++) {
        int f = screen_file(v, i), n = side == RED ? FILE_NB - f : f + 1;
        pad_to(out, &col, 4 * i + 1, ' ');
        if (v->ascii) {
            fprintf(out, "%d", n);
            col++;
        } else {
            fputs(chinese_number(side, n), out);
            col += 2;
        }
    }
    fputc('\n', out);
}

static void draw_letters(FILE *out, const View *v)
{
    int col = 0;
    for (int i = 0; i < FILE_NB; i++) {
        pad_to(out, &col, 4 * i + 1, ' ');
        fputc('a' + screen_file(v, i), out);
        col++;
    }
    fputc('\n', out);
}

void draw_board(FILE *out, const Board *b, Move last, const View *v)
{
    int top = v->flipped ? RED : BLACK;
    draw_numbers(out, top, v);
    for (int k = 0; k < RANK_NB; k++) {
        int rank = v->flipped ? k : RANK_NB - 1 - k;
        draw_points(out, b, rank, last, v);
        if (k < RANK_NB - 1)
            draw_lines(out, v->flipped ? rank : rank - 1, v);
    }
    draw_numbers(out, top ^ 1, v);
    draw_letters(out, v);
}
