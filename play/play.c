/* The game loop: the engine's turns, the player's lines, clocks, and what is shown. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "../base/clock.h"
#include "../board/movegen.h"
#include "../lang/lang.h"
#include "commands.h"
#include "console.h"
#include "options.h"
#include "play.h"

static void show(Play *p)
{
    if (p->show && !p->blind) {
        draw_board(stdout, &p->game.board, p->game.ply ? p->game.record.moves[p->game.ply - 1] : MOVE_NONE, &p->view);
        if (p->clocked)
            say(msg(MSG_CLOCKS), (int)(p->left[RED] / 60000), (p->left[RED] % 60000) / 1000.0,
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

static void cannot_play(const char *text, const char *why)
{
    char words[256];
    lang_reason(why, words, sizeof words);
    say(msg(MSG_CANNOT_PLAY), text, words);
}

/* A line that is no command: a move typed by the player, or a mistake. */
static void player_move(Play *p, const char *text)
{
    Game *g = &p->game;
    char err[128];
    Move m = move_read(&g->board, text, err, sizeof err);
    const char *why = m ? game_forbidden(g, m) : err;
    if (!m && !strncmp(err, "not a move", 10))
        say(msg(MSG_UNKNOWN_COMMAND), utf8_prefix(text, 40), text);
    else if (game_over(g))
        say(msg(MSG_IS_OVER_GO_ON), g->record.result, g->reason);
    else if (p->engine_plays[g->board.side])
        say("%s", msg(MSG_NOT_YOUR_TURN));
    else if (why)
        cannot_play(text, why);
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
        fprintf(stderr, "%s\n", msg(MSG_NO_THREAD));
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
