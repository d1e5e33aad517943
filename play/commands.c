/* The commands of `chuhan play`. Each returns false only to quit. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "../search/engine.h"
#include "../search/skill.h"
#include "../base/version.h"
#include "commands.h"
#include "options.h"

typedef struct {
    const char *name;
    bool (*run)(Play *p, char *arg);
} Command;

static bool watching(const Play *p) { return p->engine_plays[RED] && p->engine_plays[BLACK]; }
static int player_side(const Play *p) { return p->engine_plays[RED] ? BLACK : RED; }

/* The engine's search for the player on move in a game going on; false, saying why, when there is none. */
static bool think_for_player(Play *p, SearchResult *r)
{
    Game *g = &p->game;
    if (game_over(g))
        say("the game is over (%s, %s)", g->record.result, g->reason);
    else if (p->engine_plays[g->board.side])
        say("not your turn: the engine is to move");
    else
        return engine_think(p, r);
    return false;
}

/*
 * The nearest ply before (dir -1) or after (+1) the current one where the
 * player is to move; -1 when there is none. Watching, a move pair is two
 * plies. Replaying may stop at the end of the record, whoever is to move.
 */
static int turn_ply(const Play *p, int dir)
{
    const Game *g = &p->game;
    int last = g->record.nmoves;
    for (int ply = g->ply + dir; ply >= 0 && ply <= last; ply += dir)
        if (watching(p) ? (ply - g->ply) % 2 == 0 || ply == 0 || ply == last : !p->engine_plays[game_side(g, ply)])
            return ply;
    return dir > 0 && g->ply < last ? last : -1;
}

static bool cmd_undo_redo(Play *p, int dir)
{
    int ply = turn_ply(p, dir), moves = ply - p->game.ply;
    if (ply < 0) {
        say(dir < 0 ? "nothing to take back" : "nothing to replay");
        return true;
    }
    game_goto(&p->game, ply);
    moves = moves < 0 ? -moves : moves;
    say("%s %d move%s", dir < 0 ? "took back" : "replayed", moves, moves == 1 ? "" : "s");
    position_changed(p);
    return true;
}

static bool cmd_undo(Play *p, char *arg)
{
    (void)arg;
    return cmd_undo_redo(p, -1);
}

static bool cmd_redo(Play *p, char *arg)
{
    (void)arg;
    return cmd_undo_redo(p, 1);
}

static bool cmd_hint(Play *p, char *arg)
{
    (void)arg;
    SearchResult r;
    if (think_for_player(p, &r) && r.best) {
        char text[64];
        describe_move(p, &p->game.board, r.best, text, sizeof text);
        say("hint: %s", text);
    }
    return true;
}

/* The engine takes a draw when it thinks itself no better. */
static bool cmd_draw(Play *p, char *arg)
{
    (void)arg;
    SearchResult r;
    if (!think_for_player(p, &r))
        return true;
    if (-r.score <= 0) {
        say("the engine accepts the draw");
        end_game(p, "1/2-1/2", "draw agreed");
    } else {
        say("the engine declines the draw");
    }
    return true;
}

static bool cmd_resign(Play *p, char *arg)
{
    (void)arg;
    int side = player_side(p);
    if (watching(p) || game_over(&p->game)) {
        say(watching(p) ? "you are only watching" : "the game is over");
        return true;
    }
    end_game(p, side == RED ? "0-1" : "1-0", side == RED ? "red resigns" : "black resigns");
    return true;
}

static bool cmd_strength(Play *p, bool (*set)(Play *, const char *), char *arg, const char *expected)
{
    char text[64];
    if (set && !set(p, arg)) {
        say("%s", expected);
        return true;
    }
    apply_strength(p);
    strength_text(p, text, sizeof text);
    say("strength: %s", text);
    return true;
}

static bool cmd_depth(Play *p, char *arg) { return cmd_strength(p, set_depth, arg, "depth takes a number of plies from 1 to 120"); }
static bool cmd_time(Play *p, char *arg) { return cmd_strength(p, set_time, arg, "time takes seconds from 0.01 to 3600"); }
static bool cmd_level(Play *p, char *arg)
{
    return cmd_strength(p, *arg ? set_level : NULL, arg, "level takes a number from 1 (weakest) to 10");
}

static bool cmd_flip(Play *p, char *arg)
{
    (void)arg;
    p->view.flipped = !p->view.flipped;
    p->show = true;
    return true;
}

/* A new game from a FEN, the player keeping the side. */
static bool new_game(Play *p, const char *fen)
{
    char err[128];
    if (!game_start(&p->game, fen, err, sizeof err)) {
        say("bad FEN: %s", err);
        return true;
    }
    engine_clear(p->engine);
    say("new game");
    position_changed(p);
    return true;
}

static bool cmd_new(Play *p, char *arg)
{
    (void)arg;
    return new_game(p, START_FEN);
}

static bool cmd_fen(Play *p, char *arg)
{
    char fen[FEN_MAX];
    if (*arg)
        return new_game(p, arg);
    board_get_fen(&p->game.board, fen);
    say("fen %s", fen);
    return true;
}

/* The game up to the present move, with who played it. */
static bool cmd_save(Play *p, char *arg)
{
    static PgnGame record;
    char date[16];
    time_t now = time(NULL);
    strftime(date, sizeof date, "%Y.%m.%d", localtime(&now));
    record = p->game.record;
    record.nmoves = p->game.ply;
    pgn_set_tag(&record, "Event", "chuhan play");
    pgn_set_tag(&record, "Date", date);
    pgn_set_tag(&record, "Red", p->engine_plays[RED] ? "Chuhan " CHUHAN_VERSION : "player");
    pgn_set_tag(&record, "Black", p->engine_plays[BLACK] ? "Chuhan " CHUHAN_VERSION : "player");
    if (!*arg) {
        say("save needs a file name");
        return true;
    }
    FILE *f = fopen(arg, "wb"); /* the same bytes on every system, LF ends of line as well */
    if (f)
        pgn_write(f, &record, NOTATION_CHINESE);
    if (!f || fclose(f))
        say("cannot write %s: %s", arg, strerror(errno));
    else
        say("saved to %s", arg);
    return true;
}

static bool first_game(void *ctx, PgnGame *g)
{
    *(PgnGame *)ctx = *g;
    return false;
}

static bool cmd_load(Play *p, char *arg)
{
    static PgnGame record;
    char err[256];
    if (!*arg) {
        say("load needs a file name");
        return true;
    }
    int games = pgn_read_file(arg, first_game, &record, err, sizeof err);
    if (games <= 0) {
        if (games < 0)
            say("%s", err);
        else
            say("no game in %s", arg);
        return true;
    }
    game_load(&p->game, &record);
    engine_clear(p->engine);
    if (record.error[0])
        say("loaded %s up to its bad move: %s", arg, record.error);
    else
        say("loaded %s: %d moves", arg, record.nmoves);
    position_changed(p);
    return true;
}

static bool cmd_stop(Play *p, char *arg)
{
    (void)p, (void)arg;
    say("the engine is not thinking");
    return true;
}

static bool cmd_elo(Play *p, char *arg)
{
    char expected[64];
    snprintf(expected, sizeof expected, "elo takes a number from %d to %d, or max", SKILL_ELO_MIN, SKILL_ELO_MAX);
    return cmd_strength(p, *arg ? set_elo : NULL, arg, expected);
}

static bool cmd_quit(Play *p, char *arg)
{
    (void)p, (void)arg;
    return false;
}

static bool cmd_help(Play *p, char *arg)
{
    (void)arg;
    char text[64];
    strength_text(p, text, sizeof text);
    say("The engine plays at %s.", text);
    say("Moves: 炮二平五 or 炮2平5, 马８进７ (Chinese; traditional characters too), C2.5 or H8+7 (WXF),\n"
        "h2e2 or H2-E2 (ICCS). Files count from each side's right, as the numbers around the board show.\n"
        "  undo, redo        take back, or replay, your move and the engine's reply\n"
        "  hint              the move the engine would play for you\n"
        "  depth N, time S   the engine searches N plies, or S seconds, a move\n"
        "  elo [N|max]       the engine's level, N Elo from %d to %d (max: full strength)\n"
        "  level [1-10]      the engine's depth by steps; alone, the strength now\n"
        "  flip              turn the board round\n"
        "  new               a new game from the start\n"
        "  fen [FEN]         the position as FEN; with a FEN, a new game from it\n"
        "  save FILE         the game so far as PGN\n"
        "  load FILE         the first game of a PGN file, at its last move\n"
        "  resign, draw      give up, or offer a draw\n"
        "  stop              make the engine move now while it thinks\n"
        "  quit", SKILL_ELO_MIN, SKILL_ELO_MAX);
    return true;
}

static const Command commands[] = {
    { "undo", cmd_undo },   { "redo", cmd_redo },   { "hint", cmd_hint }, { "depth", cmd_depth },
    { "time", cmd_time },   { "level", cmd_level }, { "flip", cmd_flip }, { "new", cmd_new },
    { "fen", cmd_fen },     { "save", cmd_save },   { "load", cmd_load }, { "resign", cmd_resign },
    { "draw", cmd_draw },   { "stop", cmd_stop },   { "help", cmd_help }, { "quit", cmd_quit },
    { "elo", cmd_elo },
};

bool run_command(Play *p, char *line, bool *quit)
{
    size_t word = strcspn(line, " \t");
    char *arg = line + word + strspn(line + word, " \t");
    for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
        if (strlen(commands[i].name) == word && !strncmp(line, commands[i].name, word)) {
            line[word] = 0;
            *quit = !commands[i].run(p, arg);
            return true;
        }
    return false;
}
