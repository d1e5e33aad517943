/*
 * CECP, the XBoard/WinBoard protocol (version 2), as XBoard 4.9 speaks it
 * for xiangqi: moves with files a-i and ranks 0-9 ("h2e2"), clocks in
 * centiseconds, the engine choosing its own moves unless in force mode.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../eval/evaluate.h"
#include "../board/movegen.h"
#include "../board/rules.h"
#include "../search/tt.h"
#include "commands.h"
#include "dialect.h"
#include "io.h"
#include "options.h"
#include "../base/version.h"
#include "search_thread.h"
#include "moves.h"

/* XBoard's mate scores: 100000 + moves to mate, negative when mated. */
enum { XB_MATE = 100000 };

/* What the search thread writes, as a command that lets the search run on reads it. */
typedef struct {
    Move pondered;
    bool game_over;
    int last_score;
    SearchInfo last;
} SearchSeen;

static SearchSeen seen_by_search(Session *s)
{
    pthread_mutex_lock(&s->lock);
    SearchSeen seen = { s->cecp.pondered, s->cecp.game_over, s->cecp.last_score, s->cecp.last };
    pthread_mutex_unlock(&s->lock);
    return seen;
}

static int xb_score(int v)
{
    if (!is_mate_score(v))
        return v;
    int moves = (forced_plies(v) + 1) / 2;
    return v > 0 ? XB_MATE + moves : -XB_MATE - moves;
}

static void xb_info(void *ctx, const SearchInfo *i)
{
    Session *s = ctx;
    pthread_mutex_lock(&s->lock);
    s->cecp.last = *i;
    s->cecp.last.pv = NULL;
    pthread_mutex_unlock(&s->lock);
    if (!atomic_load(&s->cecp.post) || i->bound != BOUND_EXACT || i->multipv != 1)
        return;
    out_begin(&s->out);
    out_text(&s->out, "%d %d %" PRId64 " %" PRIu64, i->depth, xb_score(i->score), i->time_ms / 10, i->nodes);
    print_moves(s, &s->search_board, i->pv, i->pv_len);
    out_end(&s->out);
}

static const SearchReporter reporter_proto = { .info = xb_info };

/* The game's end by the rules the engine knows, for the side now to move; false while play goes on. */
static bool game_result(Session *s)
{
    GameEnd e = game_end_of(&s->board);
    /* Between engines XBoard or cutechess judge repetitions and move limits by their own
     * rules (cutechess: the fifth repetition, 100 plies, bare material), and forfeit an
     * engine whose claim they do not share: play goes on until the arbiter ends the game. */
    if (e.kind == END_NONE || (s->cecp.computer && e.kind != END_MATE && e.kind != END_STALEMATE))
        return false;
    const char *result = e.winner < 0 ? "1/2-1/2" : e.winner == RED ? "1-0" : "0-1";
    const char *winner = e.winner == RED ? "Red" : "Black", *loser = e.winner == RED ? "Black" : "Red";
    switch (e.kind) {
    case END_MATE: out_line(&s->out, "%s {%s mates}", result, winner); break;
    case END_STALEMATE: out_line(&s->out, "%s {%s is stalemated}", result, loser); break;
    case END_PERPETUAL: out_line(&s->out, "%s {%s checked or chased perpetually}", result, loser); break;
    case END_REPETITION: out_line(&s->out, "1/2-1/2 {Draw by repetition}"); break;
    case END_NATURAL: out_line(&s->out, "1/2-1/2 {Draw by the %d-ply rule}", natural_limit(s->board.rules)); break;
    case END_DEAD: out_line(&s->out, "1/2-1/2 {Draw: neither side can mate}"); break;
    case END_NONE: break;
    }
    return true;
}

static SearchLimits move_limits(const Session *s, int side)
{
    SearchLimits l = { .depth = s->cecp.sd };
    if (s->cecp.st_ms) {
        l.movetime = s->cecp.st_ms;
        return l;
    }
    l.use_clock = true;
    l.time[side] = s->cecp.time_ms >= 0 ? s->cecp.time_ms : s->cecp.base_ms;
    l.time[side ^ 1] = s->cecp.otim_ms >= 0 ? s->cecp.otim_ms : s->cecp.base_ms;
    l.inc[RED] = l.inc[BLACK] = s->cecp.inc_ms;
    if (s->cecp.mps)
        l.movestogo = s->cecp.mps - (s->board.fullmove - 1) % s->cecp.mps;
    return l;
}

/*
 * The engine's move, found: resign, or play it (and say so), then perhaps
 * ponder on the reply it expects, a follow-up search in the same thread.
 */
static bool xb_finish(Session *s, const SearchResult *r)
{
    if (s->discard || s->cecp.analyzing)
        return false;
    if (!r->best) {
        s->cecp.game_over = game_result(s);
        return false;
    }
    s->cecp.last_score = r->score;
    outlook_count(&s->outlook, r->score);
    if (outlook_resigns(&s->outlook, r->score)) {
        out_line(&s->out, "resign");
        s->cecp.game_over = true;
        return false;
    }
    char m[MOVE_STR_MAX];
    format_move(s, r->best, m);
    /* The board first: XBoard answers the move at once, and that answer reads the board. */
    make_game_move(&s->board, r->best);
    out_line(&s->out, "move %s", m);
    s->cecp.game_over = game_result(s);
    if (s->cecp.game_over || !s->ponder || !r->ponder || !move_is_legal(&s->board, r->ponder))
        return false;
    s->cecp.pondered = r->ponder;
    board_copy(&s->search_board, &s->board);
    make_move(&s->search_board, r->ponder);
    s->limits = move_limits(s, s->board.side ^ 1);
    s->limits.ponder = true;
    return true;
}

/* Stops a search whose answer is no longer wanted. */
static void drop_search(Session *s)
{
    s->discard = true;
    session_stop(s);
    s->cecp.pondered = MOVE_NONE;
}

/* Analysis, or the engine's own move when it is its turn and not in force mode: a search of the position. */
static void search_if_due(Session *s)
{
    SearchReporter r = reporter_proto;
    r.ctx = s;
    if (s->cecp.analyzing) {
        SearchLimits l = { .infinite = true };
        session_go(s, &l, &r, xb_finish);
    } else if (!s->cecp.force && !s->cecp.game_over && s->board.side == s->cecp.engine_side) {
        SearchLimits l = move_limits(s, s->cecp.engine_side);
        session_go(s, &l, &r, xb_finish);
    }
}

/* The opponent's move: into a running ponder search when it was the expected one, else a new search. */
static void user_move(Session *s, const char *text)
{
    pthread_mutex_lock(&s->lock);
    Move pondered = session_searching(s) ? s->cecp.pondered : MOVE_NONE;
    pthread_mutex_unlock(&s->lock);
    Move m = move_parse(text, 0);
    Board *b = &s->board;
    if (pondered && m == pondered) {
        make_game_move(&s->board, m);
        if (!(s->cecp.game_over = game_result(s))) {
            session_ponderhit(s);
            return;
        }
    }
    drop_search(s);
    if (!m) {
        out_line(&s->out, "Illegal move (not a move): %s", text);
        return;
    }
    if (!move_is_legal(b, m)) {
        out_line(&s->out, "Illegal move (%s): %s", b->checked ? "the general is in check" : "not legal here", text);
        return;
    }
    make_game_move(&s->board, m);
    s->cecp.game_over = game_result(s);
    search_if_due(s);
}

static void new_game(Session *s)
{
    drop_search(s);
    board_set_fen(&s->board, START_FEN, NULL, 0);
    engine_clear(s->engine);
    s->cecp.force = s->cecp.analyzing = s->cecp.game_over = s->cecp.computer = false;
    s->cecp.engine_side = BLACK;
    s->cecp.sd = 0;
    s->cecp.st_ms = 0;
    s->cecp.time_ms = s->cecp.otim_ms = -1;
    outlook_clear(&s->outlook);
}

static void features(Session *s)
{
    out_line(&s->out, "feature myname=\"Chuhan " CHUHAN_VERSION "\" variants=\"xiangqi\" setboard=1 usermove=1 ping=1 "
             "sigint=0 sigterm=0 analyze=1 colors=0 san=0 time=1 draw=1 memory=1 smp=1 reuse=1 debug=1 name=1 "
             "egt=\"xiangqi\"");
    options_print(&s->out, DIALECT_CECP);
    out_line(&s->out, "feature done=1");
}

/* level MPS BASE INC: BASE in minutes or minutes:seconds, INC in seconds. */
static bool parse_level(Session *s, char **args, int n)
{
    if (n < 3)
        return false;
    char *end;
    long mps = strtol(args[0], &end, 10);
    if (*end || mps < 0)
        return false;
    double min = strtod(args[1], &end), sec = 0;
    if (*end == ':')
        sec = strtod(end + 1, &end);
    if (*end || min < 0 || sec < 0)
        return false;
    double inc = strtod(args[2], &end);
    if (*end || inc < 0)
        return false;
    s->cecp.mps = (int)mps;
    s->cecp.base_ms = (int64_t)((min * 60 + sec) * 1000);
    s->cecp.inc_ms = (int64_t)(inc * 1000);
    s->cecp.st_ms = 0;
    return true;
}

static void take_back(Session *s, int plies)
{
    drop_search(s);
    if (s->board.hply < plies) {
        report_error(s, "no move to take back");
        return;
    }
    while (plies--)
        unmake_move(&s->board);
    s->cecp.game_over = false;
    if (s->cecp.analyzing) /* otherwise XBoard takes moves back in force mode, and says when to go on */
        search_if_due(s);
}

/* An option by its UCI name, its error in CECP's form. */
static void set_option(Session *s, const char *name, const char *value)
{
    char err[256];
    if (!options_set(s, name, value, err, sizeof err))
        report_error(s, "%s", err);
}

/* option NAME[=VALUE]: the search's answer is no longer wanted. */
static void xb_option(Session *s, char **args, int n)
{
    char text[256], name[256];
    join_tokens(args, n, text, sizeof text);
    const char *eq = strchr(text, '=');
    size_t len = eq ? (size_t)(eq - text) : strlen(text);
    snprintf(name, sizeof name, "%.*s", (int)len, text);
    drop_search(s);
    set_option(s, name, eq ? eq + 1 : NULL);
}

/* egtpath xiangqi FOLDER */
static void xb_egtpath(Session *s, char **args, int n)
{
    char folder[4096];
    if (n < 2 || strcasecmp(args[0], "xiangqi")) {
        report_error(s, "egtpath needs the type xiangqi and a folder");
        return;
    }
    join_tokens(args + 1, n - 1, folder, sizeof folder);
    set_option(s, "EGTBPath", folder);
}

/* The one whole number from lo to hi that a clock, limit or resource command takes; false after the error. */
static bool whole_number(Session *s, char **args, int n, long long lo, long long hi, long long *v)
{
    if (n > 0 && parse_number(args[0], lo, hi, true, v))
        return true;
    report_error(s, "needs a whole number from %lld to %lld", lo, hi);
    return false;
}

/* time and otim: the clocks, in centiseconds. */
static void xb_time(Session *s, char **args, int n)
{
    long long v;
    if (whole_number(s, args, n, INT64_MIN, TIME_MAX / 10, &v))
        s->cecp.time_ms = v > 0 ? v * 10 : 0;
}

static void xb_otim(Session *s, char **args, int n)
{
    long long v;
    if (whole_number(s, args, n, INT64_MIN, TIME_MAX / 10, &v))
        s->cecp.otim_ms = v > 0 ? v * 10 : 0;
}

static void xb_sd(Session *s, char **args, int n)
{
    long long v;
    if (whole_number(s, args, n, 1, MAX_PLY - 8, &v))
        s->cecp.sd = (int)v;
}

static void xb_st(Session *s, char **args, int n)
{
    long long v;
    if (whole_number(s, args, n, 1, TIME_MAX / 1000, &v))
        s->cecp.st_ms = v * 1000;
}

/* memory and cores: the Hash and Threads options, whose search runs on to its answer first. */
static void set_number_option(Session *s, const char *name, long long v)
{
    char value[32];
    snprintf(value, sizeof value, "%lld", v);
    set_option(s, name, value);
}

static void xb_memory(Session *s, char **args, int n)
{
    long long v;
    if (whole_number(s, args, n, 1, TT_MAX_MB, &v))
        set_number_option(s, "Hash", v);
}

static void xb_cores(Session *s, char **args, int n)
{
    long long v;
    if (whole_number(s, args, n, 1, MAX_THREADS, &v))
        set_number_option(s, "Threads", v);
}

static void xb_setboard(Session *s, char **args, int n)
{
    char fen[FEN_MAX + 2], err[256];
    join_tokens(args, n, fen, sizeof fen);
    drop_search(s);
    if (!board_set_fen(&s->board, fen, err, sizeof err))
        report_error(s, "bad FEN: %s", err);
    s->cecp.game_over = false;
    if (s->cecp.analyzing)
        search_if_due(s);
}

static void xb_usermove(Session *s, char **args, int n)
{
    if (n < 1)
        report_error(s, "usermove needs a move");
    else
        user_move(s, args[0]);
}

/* go: the engine plays the side to move, from now on. */
static void xb_go(Session *s)
{
    drop_search(s);
    s->cecp.force = false;
    s->cecp.engine_side = s->board.side;
    search_if_due(s);
}

static void xb_playother(Session *s)
{
    drop_search(s);
    s->cecp.force = false;
    s->cecp.engine_side = s->board.side ^ 1;
}

static void xb_force(Session *s)
{
    drop_search(s);
    s->cecp.force = true;
}

/* Protocol 1's white and black: the engine plays the other colour. */
static void plays(Session *s, int side)
{
    drop_search(s);
    s->cecp.engine_side = side;
}
static void xb_white(Session *s) { plays(s, BLACK); }
static void xb_black(Session *s) { plays(s, RED); }

static void xb_result(Session *s)
{
    drop_search(s);
    s->cecp.game_over = true;
}

static void xb_undo(Session *s) { take_back(s, 1); }
static void xb_remove(Session *s) { take_back(s, 2); }

/* ?: move now, unless analysing or pondering. */
static void xb_move_now(Session *s)
{
    if (session_searching(s) && !s->cecp.analyzing && !seen_by_search(s).pondered)
        engine_stop(s->engine);
}

static void xb_draw(Session *s)
{
    SearchSeen seen = seen_by_search(s);
    if (!seen.game_over && outlook_accepts_draw(seen.last_score))
        out_line(&s->out, "offer draw");
}

/* Under the session's lock: a search ending in its own thread reads it to decide whether to ponder. */
static void set_ponder(Session *s, bool on)
{
    pthread_mutex_lock(&s->lock);
    s->ponder = on;
    pthread_mutex_unlock(&s->lock);
}

static void xb_hard(Session *s) { set_ponder(s, true); }

static void xb_easy(Session *s)
{
    set_ponder(s, false);
    if (s->cecp.pondered)
        drop_search(s);
}

static void xb_post(Session *s) { atomic_store(&s->cecp.post, true); }
static void xb_nopost(Session *s) { atomic_store(&s->cecp.post, false); }

static void xb_level(Session *s, char **args, int n)
{
    if (!parse_level(s, args, n))
        report_error(s, "level takes MOVES BASE INCREMENT, as 40 5 0 or 0 2:30 1");
}

static void xb_analyze(Session *s)
{
    drop_search(s);
    s->cecp.analyzing = true;
    atomic_store(&s->cecp.post, true);
    search_if_due(s);
}

static void xb_exit(Session *s)
{
    drop_search(s);
    s->cecp.analyzing = false;
}

/* .: how far the analysis has come. */
static void xb_stat(Session *s)
{
    SearchInfo last = seen_by_search(s).last;
    if (s->cecp.analyzing)
        out_line(&s->out, "stat01: %" PRId64 " %" PRIu64 " %d 0 0", last.time_ms / 10, last.nodes, last.depth);
}

static void xb_computer(Session *s) { s->cecp.computer = true; }

static void xb_variant(Session *s, char **args, int n)
{
    if (n < 1 || strcasecmp(args[0], "xiangqi"))
        report_error(s, "only xiangqi is played");
}

static void xb_ping(Session *s, char **args, int n) { out_line(&s->out, "pong %s", n > 0 ? args[0] : ""); }

/* A move from the opponent keeps a ponder search on it going; any other drops the search. */
static LineTiming move_timing(const Session *s, const char *text)
{
    Move m = move_parse(text, 0);
    return session_searching(s) && s->cecp.pondered && m == s->cecp.pondered ? ANSWER_AT_ONCE : AFTER_A_DROP;
}

static LineTiming usermove_timing(const Session *s, char **args, int n)
{
    return n > 0 ? move_timing(s, args[0]) : ANSWER_AT_ONCE;
}

static LineTiming easy_timing(const Session *s, char **args, int n)
{
    (void)args, (void)n;
    return s->cecp.pondered ? AFTER_A_DROP : ANSWER_AT_ONCE;
}

/* Commands XBoard sends that need no answer and change nothing here. */
static void ignore(Session *s) { (void)s; }

/* What ends a search ends it by drop_search(), unless it waits for the answer (session_stop(), which lets it move). */
static const Command cecp_commands[] = {
    { "quit", .act = drop_search, .timing = AFTER_A_DROP, .quits = true },
    { "time", .run = xb_time },
    { "otim", .run = xb_otim },
    { "sd", .run = xb_sd },
    { "st", .run = xb_st },
    { "memory", .run = xb_memory, .timing = AFTER_THE_ANSWER },
    { "cores", .run = xb_cores, .timing = AFTER_THE_ANSWER },
    { "accepted", .act = ignore }, { "rejected", .act = ignore }, { "random", .act = ignore },
    { "name", .act = ignore },     { "rating", .act = ignore },   { "ics", .act = ignore },
    { "bk", .act = ignore },
    { "new", .act = new_game, .timing = AFTER_A_DROP },
    { "setboard", .run = xb_setboard, .timing = AFTER_A_DROP },
    { "usermove", .run = xb_usermove, .timing_of = usermove_timing },
    { "go", .act = xb_go, .timing = AFTER_A_DROP },
    { "playother", .act = xb_playother, .timing = AFTER_A_DROP },
    { "force", .act = xb_force, .timing = AFTER_A_DROP },
    { "white", .act = xb_white, .timing = AFTER_A_DROP },
    { "black", .act = xb_black, .timing = AFTER_A_DROP },
    { "result", .act = xb_result, .timing = AFTER_A_DROP },
    { "undo", .act = xb_undo, .timing = AFTER_A_DROP },
    { "remove", .act = xb_remove, .timing = AFTER_A_DROP },
    { "?", .act = xb_move_now },
    { "draw", .act = xb_draw },
    { "hard", .act = xb_hard },
    { "easy", .act = xb_easy, .timing_of = easy_timing },
    { "post", .act = xb_post },
    { "nopost", .act = xb_nopost },
    { "level", .run = xb_level },
    { "analyze", .act = xb_analyze, .timing = AFTER_A_DROP },
    { "exit", .act = xb_exit, .timing = AFTER_A_DROP },
    { ".", .act = xb_stat },
    { "protover", .act = features },
    { "computer", .act = xb_computer },
    { "variant", .run = xb_variant },
    { "ping", .run = xb_ping },
    { "egtpath", .run = xb_egtpath, .timing = AFTER_A_DROP },
    { "option", .run = xb_option, .timing = AFTER_A_DROP },
    { .word = NULL },
};

/* A bare move, as XBoard sends without usermove=1; anything else is unknown. */
static void other_line(Session *s, char **tok, int n)
{
    (void)n;
    if (move_parse(tok[0], 0))
        user_move(s, tok[0]);
    else
        report_error(s, "unknown command");
}

static LineTiming other_timing(const Session *s, char **tok, int n)
{
    (void)n;
    return move_parse(tok[0], 0) ? move_timing(s, tok[0]) : ANSWER_AT_ONCE;
}

/* XBoard sends "xboard" and then "protover 2", which gets the features. */
static void cecp_handshake(Session *s)
{
    out_line(&s->out, "%s", "");
    atomic_store(&s->cecp.post, false);
    s->cecp.mps = 0;
    s->cecp.base_ms = 5 * 60 * 1000;
    s->cecp.inc_ms = 0;
    new_game(s);
}

const DialectOps cecp_dialect = { "xboard", DIALECT_CECP, cecp_handshake, cecp_commands, other_line, other_timing };
