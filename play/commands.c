/* The commands of `chuhan play`. Each returns false only to quit. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "../search/engine.h"
#include "../search/skill.h"
#include "../base/version.h"
#include "../lang/lang.h"
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
        say(msg(MSG_IS_OVER), g->record.result, g->reason);
    else if (p->engine_plays[g->board.side])
        say("%s", msg(MSG_NOT_YOUR_TURN));
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
        say("%s", msg(dir < 0 ? MSG_NOTHING_TO_UNDO : MSG_NOTHING_TO_REDO));
        return true;
    }
    game_goto(&p->game, ply);
    moves = moves < 0 ? -moves : moves;
    say(msg(dir < 0 ? (moves == 1 ? MSG_TOOK_BACK_ONE : MSG_TOOK_BACK) : moves == 1 ? MSG_REPLAYED_ONE : MSG_REPLAYED), moves);
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
        say(msg(MSG_HINT), text);
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
        say("%s", msg(MSG_DRAW_ACCEPTED));
        end_game(p, "1/2-1/2", msg(MSG_DRAW_AGREED));
    } else {
        say("%s", msg(MSG_DRAW_DECLINED));
    }
    return true;
}

static bool cmd_resign(Play *p, char *arg)
{
    (void)arg;
    int side = player_side(p);
    if (watching(p) || game_over(&p->game)) {
        say("%s", msg(watching(p) ? MSG_WATCHING : MSG_OVER));
        return true;
    }
    end_game(p, side == RED ? "0-1" : "1-0", msg(side == RED ? MSG_RED_RESIGNS : MSG_BLACK_RESIGNS));
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
    say(msg(MSG_STRENGTH), text);
    return true;
}

static bool cmd_depth(Play *p, char *arg) { return cmd_strength(p, set_depth, arg, msg(MSG_DEPTH_WANTED)); }
static bool cmd_time(Play *p, char *arg) { return cmd_strength(p, set_time, arg, msg(MSG_TIME_WANTED)); }
static bool cmd_level(Play *p, char *arg)
{
    return cmd_strength(p, *arg ? set_level : NULL, arg, msg(MSG_LEVEL_WANTED));
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
        char why[256];
        lang_reason(err, why, sizeof why);
        say(msg(MSG_BAD_FEN), why);
        return true;
    }
    engine_clear(p->engine);
    say("%s", msg(MSG_NEW_GAME));
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
        say("%s", msg(MSG_SAVE_WANTS_FILE));
        return true;
    }
    FILE *f = fopen(arg, "wb"); /* the same bytes on every system, LF ends of line as well */
    if (f)
        pgn_write(f, &record, NOTATION_CHINESE);
    if (!f || fclose(f))
        say(msg(MSG_CANNOT_WRITE), arg, strerror(errno));
    else
        say(msg(MSG_SAVED), arg);
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
        say("%s", msg(MSG_LOAD_WANTS_FILE));
        return true;
    }
    int games = pgn_read_file(arg, first_game, &record, err, sizeof err);
    if (games <= 0) {
        if (games < 0)
            say("%s", err);
        else
            say(msg(MSG_NO_GAME_IN), arg);
        return true;
    }
    game_load(&p->game, &record);
    engine_clear(p->engine);
    char why[PGN_ERROR_MAX * 2];
    lang_reason(record.error, why, sizeof why);
    if (record.error[0])
        say(msg(MSG_LOADED_TO_BAD), arg, why);
    else
        say(msg(MSG_LOADED), arg, record.nmoves);
    position_changed(p);
    return true;
}

static bool cmd_stop(Play *p, char *arg)
{
    (void)p, (void)arg;
    say("%s", msg(MSG_NOT_THINKING));
    return true;
}

static bool cmd_elo(Play *p, char *arg)
{
    char expected[128];
    snprintf(expected, sizeof expected, msg(MSG_ELO_WANTED), SKILL_ELO_MIN, SKILL_ELO_MAX);
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
    say(msg(MSG_PLAYS_AT), text);
    say(msg(MSG_HELP), SKILL_ELO_MIN, SKILL_ELO_MAX);
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
