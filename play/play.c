/* The game loop: the engine's turns, the player's lines, clocks, and what is shown. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "../engine/clock.h"
#include "../engine/movegen.h"
#include "console.h"
#include "options.h"

void say(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
    fflush(stdout);
}

void describe_move(const Play *p, const Board *b, Move m, char *out, size_t cap)
{
    char chinese[MOVE_NAME_MAX], wxf[MOVE_NAME_MAX], iccs[MOVE_NAME_MAX];
    move_name(b, m, NOTATION_CHINESE, chinese);
    move_name(b, m, NOTATION_WXF, wxf);
    move_name(b, m, NOTATION_ICCS, iccs);
    if (p->view.ascii)
        snprintf(out, cap, "%s (%s)", wxf, iccs);
    else
        snprintf(out, cap, "%s (%s %s)", chinese, wxf, iccs);
}

static void announce_result(const Play *p) { say("game over: %s, %s", p->game.record.result, p->game.reason); }

void end_game(Play *p, const char *result, const char *reason)
{
    game_end(&p->game, result, reason);
    announce_result(p);
    p->show = true;
}

void position_changed(Play *p)
{
    p->turn_start = now_ms();
    p->show = true;
}

void play_move(Play *p, Move m)
{
    Board *b = &p->game.board;
    char text[64];
    describe_move(p, b, m, text, sizeof text);
    say("%d%s %s", b->fullmove, b->side == RED ? "." : "...", text);
    game_play(&p->game, m);
    if (game_over(&p->game))
        announce_result(p);
    else if (in_check(b))
        say("check");
    position_changed(p);
}

/* Takes the time of the side to move off its clock; false, with the game lost, when its flag has fallen. */
static bool charge_clock(Play *p)
{
    int side = p->game.board.side;
    if (!p->clocked || game_over(&p->game))
        return true;
    p->left[side] -= now_ms() - p->turn_start;
    if (p->left[side] > 0) {
        p->left[side] += p->clock_inc;
        return true;
    }
    p->left[side] = 0;
    end_game(p, side == RED ? "0-1" : "1-0", side == RED ? "red lost on time" : "black lost on time");
    return false;
}

static SearchLimits engine_limits(const Play *p)
{
    SearchLimits l = { .depth = p->depth, .movetime = p->movetime };
    if (p->clocked) {
        l.use_clock = true;
        int64_t used = now_ms() - p->turn_start;
        for (int side = RED; side <= BLACK; side++) {
            l.time[side] = p->left[side] - (side == p->game.board.side ? used : 0);
            l.inc[side] = p->clock_inc;
        }
    }
    return l;
}

static bool is_stop(const char *line)
{
    while (*line == ' ' || *line == '\t')
        line++;
    return !strncmp(line, "stop", 4) && !line[4 + strspn(line + 4, " \t")];
}


static void show(Play *p)
{
    if (p->show && !p->blind) {
        draw_board(stdout, &p->game.board, p->game.ply ? p->game.record.moves[p->game.ply - 1] : MOVE_NONE, &p->view);
        if (p->clocked)
            say("clocks: red %d:%04.1f, black %d:%04.1f", (int)(p->left[RED] / 60000), (p->left[RED] % 60000) / 1000.0,
                (int)(p->left[BLACK] / 60000), (p->left[BLACK] % 60000) / 1000.0);
        fflush(stdout);
    }
    p->show = false;
}

static void engine_turn(Play *p)
{
    SearchResult r;
    if (engine_think(p, &r) && charge_clock(p) && r.best)
        play_move(p, r.best);
    if (p->engine_plays[RED] && p->engine_plays[BLACK])
        show(p);
}

/* A line that is no command: a move typed by the player, or a mistake. */
static void player_move(Play *p, const char *text)
{
    Game *g = &p->game;
    char err[128];
    Move m = move_read(&g->board, text, err, sizeof err);
    const char *why = m ? game_forbidden(g, m) : err;
    if (!m && !strncmp(err, "not a move", 10))
        say("unknown command '%.*s' (help lists the commands)", utf8_prefix(text, 40), text);
    else if (game_over(g))
        say("the game is over (%s, %s): new, undo or load to go on", g->record.result, g->reason);
    else if (p->engine_plays[g->board.side])
        say("not your turn: the engine is to move");
    else if (why)
        say("cannot play %s: %s", text, why);
    else if (charge_clock(p))
        play_move(p, m);
}

/* Obeys one line; false after quit. */
static bool player_line(Play *p, char *line)
{
    bool quit = false;
    line += strspn(line, " \t");
    for (size_t n = strlen(line); n && (line[n - 1] == ' ' || line[n - 1] == '\t'); n--)
        line[n - 1] = 0;
    if (*line && !run_command(p, line, &quit))
        player_move(p, line);
    return !quit;
}

bool engine_think(Play *p, SearchResult *r)
{
    SearchLimits l = engine_limits(p);
    char *line;
    if (think(p->engine, &p->game.board, &l, p->interactive ? &p->input : NULL, r, &line) || is_stop(line))
        return true;
    p->typed = line;
    return false;
}

/* The player's turn, or a finished game: shows the board and obeys one line. False at the end of the input or on quit. */
static bool player_turn(Play *p)
{
    Game *g = &p->game;
    show(p);
    if (p->interactive) {
        printf("%d%s ", g->board.fullmove, g->board.side == RED ? "." : "...");
        fflush(stdout);
    }
    int64_t left = p->clocked && !game_over(g) ? p->left[g->board.side] - (now_ms() - p->turn_start) : -1;
    char *line;
    InputStatus got = input_read(&p->input, left < 0 ? -1 : (int)(left > 0 ? left : 0), &line);
    if (got == INPUT_EOF)
        return false;
    if (got == INPUT_TIMEOUT) {
        charge_clock(p);
        return true;
    }
    return player_line(p, line);
}

int play_main(int argc, char **argv)
{
    static Play p;
    int status;
    if (!play_options(&p, argc, argv, &status))
        return status;
    if (!input_init(&p.input, CONSOLE_STDIN)) {
        fprintf(stderr, "chuhan play: no thread to read the input with\n");
        return 1;
    }
    p.interactive = console_is_terminal(CONSOLE_STDIN);
    position_changed(&p);
    for (bool going = true; going;) {
        Game *g = &p.game;
        fflush(stdout); /* all that was written is seen before a wait for the engine or the player */
        if (p.typed) { /* a line typed while the engine thought, obeyed here and nowhere else */
            char *line = p.typed;
            p.typed = NULL;
            going = player_line(&p, line);
        } else if (!game_over(g) && p.engine_plays[g->board.side]) {
            engine_turn(&p);
        } else {
            going = player_turn(&p);
        }
    }
    engine_free(p.engine);
    return 0;
}
