/*
 * The review drawn: red's expected score after every move, over the moves,
 * in an SVG file a browser shows. The upper half is red's side and the lower
 * black's; the marked moves are dots that name themselves when pointed at.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "review.h"

enum { WIDTH = 800, HEIGHT = 320, LEFT = 56, RIGHT = 16, TOP = 36, BOTTOM = 44 };

static const char *const mark_colours[MARK_NB] = { "", "#e0b000", "#f07000", "#c00000" };

typedef struct {
    FILE *f;
    int plies; /* the x axis runs from position 0 to this one */
} Svg;

static double x_of(const Svg *s, int ply)
{
    return LEFT + (double)(WIDTH - LEFT - RIGHT) * ply / (s->plies ? s->plies : 1);
}

static double y_of(double red)
{
    return TOP + (HEIGHT - TOP - BOTTOM) * (1 - red);
}

/* Red's expected score at ply i: the start position's best, then each move's own. */
static double point(const GameReview *r, int i)
{
    return i ? red_expected(&r->pos[i - 1], r->pos[i - 1].played) : red_expected(&r->pos[0], r->pos[0].score);
}

/* Text for XML: the five characters it reserves escaped. */
static void put_text(FILE *f, const char *s)
{
    for (; *s; s++) {
        const char *entity = *s == '&' ? "&amp;" : *s == '<' ? "&lt;" : *s == '>' ? "&gt;" : *s == '"' ? "&quot;" : NULL;
        if (entity)
            fputs(entity, f);
        else
            fputc(*s, f);
    }
}

static void put_title(FILE *f, const PgnGame *g)
{
    const char *red = pgn_tag(g, "Red") ? pgn_tag(g, "Red") : pgn_tag(g, "White");
    const char *black = pgn_tag(g, "Black"), *event = pgn_tag(g, "Event");
    fprintf(f, "<text x=\"%d\" y=\"22\" font-size=\"15\">", LEFT);
    put_text(f, red ? red : "Red");
    fputs(" – ", f);
    put_text(f, black ? black : "Black");
    if (event && *event && strcmp(event, "?")) {
        fputs(", ", f);
        put_text(f, event);
    }
    fputs("</text>\n", f);
}

/* The two halves, the grid and the axes with their labels. */
static void put_frame(const Svg *s, const PgnGame *g)
{
    FILE *f = s->f;
    double x0 = LEFT, x1 = WIDTH - RIGHT, mid = y_of(0.5);
    fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#fbe3e0\"/>\n", x0, y_of(1), x1 - x0, mid - y_of(1));
    fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#e4e4e4\"/>\n", x0, mid, x1 - x0, y_of(0) - mid);
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" fill=\"#a04040\">red better</text>\n", x0 + 4, y_of(1) + 13);
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" fill=\"#404040\">black better</text>\n", x0 + 4, y_of(0) - 5);
    for (int k = 0; k <= 4; k++) {
        double y = y_of(k / 4.0);
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"%s\"/>\n", x0 - 4, y, x1, y,
                k == 2 ? "#808080" : "#c8c8c8", k == 2 ? "1" : "0.5");
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" text-anchor=\"end\">%d%%</text>\n", x0 - 7, y + 4, 25 * k);
    }
    fprintf(f, "<text transform=\"translate(14 %.1f) rotate(-90)\" font-size=\"11\" text-anchor=\"middle\">red's expected score</text>\n",
            mid);
    /* A label every 5 moves, or every 10 or 20 in longer games. */
    int moves = s->plies / 2 + 1, step = moves <= 40 ? 5 : moves <= 100 ? 10 : 20;
    Board b;
    UndoStack undo;
    board_init(&b, &undo);
    pgn_position(g, 0, &b);
    for (int i = 0; i <= s->plies; i++) {
        if (b.side == RED && b.fullmove % step == 0) {
            double x = x_of(s, i);
            fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#c8c8c8\" stroke-width=\"0.5\"/>\n", x,
                    y_of(1), x, y_of(0) + 4);
            fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" text-anchor=\"middle\">%d</text>\n", x, y_of(0) + 17, b.fullmove);
        }
        if (i < s->plies)
            make_move(&b, g->moves[i]);
    }
    fprintf(f, "<text x=\"%.1f\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\">move</text>\n", (x0 + x1) / 2, HEIGHT - 6);
    fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" stroke=\"#606060\"/>\n", x0, y_of(1), x1 - x0,
            y_of(0) - y_of(1));
}

/* The evaluation as a line, and the area between it and the middle filled in the leading side's colour. */
static void put_curve(const Svg *s, const GameReview *r)
{
    FILE *f = s->f;
    fprintf(f, "<clipPath id=\"red\"><rect x=\"0\" y=\"0\" width=\"%d\" height=\"%.1f\"/></clipPath>\n", WIDTH, y_of(0.5));
    fprintf(f, "<clipPath id=\"black\"><rect x=\"0\" y=\"%.1f\" width=\"%d\" height=\"%d\"/></clipPath>\n", y_of(0.5), WIDTH, HEIGHT);
    for (int half = 0; half < 2; half++) {
        fprintf(f, "<polygon clip-path=\"url(#%s)\" fill=\"%s\" fill-opacity=\"0.55\" points=\"%.1f,%.1f", half ? "black" : "red",
                half ? "#303030" : "#d03030", x_of(s, 0), y_of(0.5));
        for (int i = 0; i <= s->plies; i++)
            fprintf(f, " %.1f,%.1f", x_of(s, i), y_of(point(r, i)));
        fprintf(f, " %.1f,%.1f\"/>\n", x_of(s, s->plies), y_of(0.5));
    }
    fputs("<polyline fill=\"none\" stroke=\"#202020\" stroke-width=\"1.5\" points=\"", f);
    for (int i = 0; i <= s->plies; i++)
        fprintf(f, "%s%.1f,%.1f", i ? " " : "", x_of(s, i), y_of(point(r, i)));
    fputs("\"/>\n", f);
}

/* A dot on the position each marked move left, with the move's name and mark as its tooltip. */
static void put_marks(const Svg *s, const GameReview *r, Notation notation)
{
    Board b;
    UndoStack undo;
    board_init(&b, &undo);
    pgn_position(&r->game, 0, &b);
    for (int i = 0; i < s->plies; i++) {
        Mark m = r->verdict[i].mark;
        char name[MOVE_NAME_MAX];
        int number = b.fullmove, side = b.side;
        pgn_move_text(&b, r->game.moves[i], notation, name);
        make_move(&b, r->game.moves[i]);
        if (!m)
            continue;
        fprintf(s->f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%d\" fill=\"%s\" stroke=\"#000000\" stroke-width=\"0.8\"><title>%d%s ",
                x_of(s, i + 1), y_of(point(r, i + 1)), m == MARK_INACCURACY ? 3 : 4, mark_colours[m], number,
                side == RED ? "." : "...");
        put_text(s->f, name);
        fprintf(s->f, ": %s (-%.0f%%)</title></circle>\n", mark_name(m), 100 * r->verdict[i].loss);
    }
}

static void put_legend(FILE *f)
{
    double x = LEFT + 4;
    for (Mark m = MARK_INACCURACY; m < MARK_NB; m++, x += 90) {
        fprintf(f, "<circle cx=\"%.1f\" cy=\"%d\" r=\"4\" fill=\"%s\" stroke=\"#000000\" stroke-width=\"0.8\"/>", x, HEIGHT - 10,
                mark_colours[m]);
        fprintf(f, "<text x=\"%.1f\" y=\"%d\" font-size=\"11\">%s</text>\n", x + 8, HEIGHT - 6, mark_name(m));
    }
}

bool write_graph(const char *path, const GameReview *r, char *err, size_t errlen)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        return false;
    }
    Svg s = { f, r->game.nmoves };
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
               "font-family=\"sans-serif\">\n<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n",
            WIDTH, HEIGHT, WIDTH, HEIGHT);
    put_title(f, &r->game);
    put_legend(f);
    put_frame(&s, &r->game);
    put_curve(&s, r);
    put_marks(&s, r, r->game.notation);
    fputs("</svg>\n", f);
    bool ok = !ferror(f);
    ok &= fclose(f) == 0;
    if (!ok)
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
    return ok;
}
