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
static bool parse_level(Session *s, char **tok, int n)
{
    if (n < 4)
        return false;
    char *end;
    long mps = strtol(tok[1], &end, 10);
    if (*end || mps < 0)
        return false;
    double min = strtod(tok[2], &end), sec = 0;
    if (*end == ':')
        sec = strtod(end + 1, &end);
    if (*end || min < 0 || sec < 0)
        return false;
    double inc = strtod(tok[3], &end);
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

static void set_option(Session *s, const char *text)
{
    char name[256], err[256];
    const char *eq = strchr(text, '=');
    size_t len = eq ? (size_t)(eq - text) : strlen(text);
    snprintf(name, sizeof name, "%.*s", (int)(len < sizeof name - 1 ? len : sizeof name - 1), text);
    drop_search(s);
    if (!options_set(s, name, eq ? eq + 1 : NULL, err, sizeof err))
        report_error(s, "%s", err);
}

/* Clocks, limits and resources: a command word and one whole number; false if tok[0] is none of them. */
static bool numeric_command(Session *s, char **tok, int n)
{
    static const struct {
        const char *word;
        long long lo, hi;
    } words[] = {
        { "time", INT64_MIN, TIME_MAX / 10 }, { "otim", INT64_MIN, TIME_MAX / 10 }, { "sd", 1, MAX_PLY - 8 },
        { "st", 1, TIME_MAX / 1000 },         { "memory", 1, TT_MAX_MB },            { "cores", 1, MAX_THREADS },
    };
    size_t k = 0;
    while (k < sizeof words / sizeof *words && strcasecmp(tok[0], words[k].word))
        k++;
    if (k == sizeof words / sizeof *words)
        return false;
    long long v;
    if (n < 2 || !parse_number(tok[1], words[k].lo, words[k].hi, true, &v)) {
        report_error(s, "needs a whole number from %lld to %lld", words[k].lo, words[k].hi);
        return true;
    }
    char value[32], err[256];
    snprintf(value, sizeof value, "%lld", v);
    switch (k) {
    case 0: s->cecp.time_ms = v > 0 ? v * 10 : 0; break; /* centiseconds */
    case 1: s->cecp.otim_ms = v > 0 ? v * 10 : 0; break;
    case 2: s->cecp.sd = (int)v; break;
    case 3: s->cecp.st_ms = v * 1000; break;
    default:
        if (!options_set(s, k == 4 ? "Hash" : "Threads", value, err, sizeof err))
            report_error(s, "%s", err);
    }
    return true;
}

/* Commands XBoard sends that need no answer and change nothing here. */
static bool ignored(const char *cmd)
{
    static const char *const words[] = { "accepted", "rejected", "random", "name", "rating", "ics", "bk" };
    for (size_t k = 0; k < sizeof words / sizeof *words; k++)
        if (!strcasecmp(cmd, words[k]))
            return true;
    return false;
}

/* The game: its position, who plays which side, and moves taken back; false if tok[0] is none of these. */
static bool game_command(Session *s, char **tok, int n)
{
    const char *cmd = tok[0];
    char fen[FEN_MAX + 2], err[256];
    if (!strcasecmp(cmd, "new")) {
        new_game(s);
    } else if (!strcasecmp(cmd, "setboard")) {
        join_tokens(tok + 1, n - 1, fen, sizeof fen);
        drop_search(s);
        if (!board_set_fen(&s->board, fen, err, sizeof err))
            report_error(s, "bad FEN: %s", err);
        s->cecp.game_over = false;
        if (s->cecp.analyzing)
            search_if_due(s);
    } else if (!strcasecmp(cmd, "usermove")) {
        if (n < 2)
            report_error(s, "usermove needs a move");
        else
            user_move(s, tok[1]);
    } else if (!strcasecmp(cmd, "go")) {
        drop_search(s);
        s->cecp.force = false;
        s->cecp.engine_side = s->board.side;
        search_if_due(s);
    } else if (!strcasecmp(cmd, "playother")) {
        drop_search(s);
        s->cecp.force = false;
        s->cecp.engine_side = s->board.side ^ 1;
    } else if (!strcasecmp(cmd, "force")) {
        drop_search(s);
        s->cecp.force = true;
    } else if (!strcasecmp(cmd, "white") || !strcasecmp(cmd, "black")) {
        drop_search(s); /* protocol 1: the engine plays the other colour */
        s->cecp.engine_side = cmd[0] == 'w' || cmd[0] == 'W' ? BLACK : RED;
    } else if (!strcasecmp(cmd, "result")) {
        drop_search(s);
        s->cecp.game_over = true;
    } else if (!strcasecmp(cmd, "undo") || !strcasecmp(cmd, "remove")) {
        take_back(s, cmd[0] == 'u' || cmd[0] == 'U' ? 1 : 2);
    } else {
        return false;
    }
    return true;
}

/* How the engine thinks and shows it, and what it is asked while it thinks; false if tok[0] is none of these. */
static bool thinking_command(Session *s, char **tok, int n)
{
    const char *cmd = tok[0];
    if (!strcasecmp(cmd, "?")) {
        if (session_searching(s) && !s->cecp.analyzing && !seen_by_search(s).pondered)
            engine_stop(s->engine);
    } else if (!strcasecmp(cmd, "draw")) {
        SearchSeen seen = seen_by_search(s);
        if (!seen.game_over && outlook_accepts_draw(seen.last_score))
            out_line(&s->out, "offer draw");
    } else if (!strcasecmp(cmd, "hard") || !strcasecmp(cmd, "easy")) {
        s->ponder = cmd[0] == 'h' || cmd[0] == 'H';
        if (!s->ponder && s->cecp.pondered)
            drop_search(s);
    } else if (!strcasecmp(cmd, "post") || !strcasecmp(cmd, "nopost")) {
        atomic_store(&s->cecp.post, cmd[0] == 'p' || cmd[0] == 'P');
    } else if (!strcasecmp(cmd, "level")) {
        if (!parse_level(s, tok, n))
            report_error(s, "level takes MOVES BASE INCREMENT, as 40 5 0 or 0 2:30 1");
    } else if (!strcasecmp(cmd, "analyze")) {
        drop_search(s);
        s->cecp.analyzing = true;
        atomic_store(&s->cecp.post, true);
        search_if_due(s);
    } else if (!strcasecmp(cmd, "exit")) {
        drop_search(s);
        s->cecp.analyzing = false;
    } else if (!strcasecmp(cmd, ".")) {
        SearchInfo last = seen_by_search(s).last;
        if (s->cecp.analyzing)
            out_line(&s->out, "stat01: %" PRId64 " %" PRIu64 " %d 0 0", last.time_ms / 10, last.nodes, last.depth);
    } else {
        return false;
    }
    return true;
}

static bool cecp_command(Session *s, char **tok, int n)
{
    const char *cmd = tok[0];
    if (!strcasecmp(cmd, "quit")) {
        drop_search(s);
        return false;
    }
    if (numeric_command(s, tok, n) || ignored(cmd) || game_command(s, tok, n) || thinking_command(s, tok, n))
        return true;
    if (!strcasecmp(cmd, "protover")) {
        features(s);
    } else if (!strcasecmp(cmd, "computer")) {
        s->cecp.computer = true;
    } else if (!strcasecmp(cmd, "variant")) {
        if (n < 2 || strcasecmp(tok[1], "xiangqi"))
            report_error(s, "only xiangqi is played");
    } else if (!strcasecmp(cmd, "ping")) {
        out_line(&s->out, "pong %s", n > 1 ? tok[1] : "");
    } else if (!strcasecmp(cmd, "egtpath")) {
        char text[4096], err[512];
        if (n < 3 || strcasecmp(tok[1], "xiangqi")) {
            report_error(s, "egtpath needs the type xiangqi and a folder");
        } else {
            join_tokens(tok + 2, n - 2, text, sizeof text);
            if (!options_set(s, "EGTBPath", text, err, sizeof err))
                report_error(s, "%s", err);
        }
    } else if (!strcasecmp(cmd, "option")) {
        char text[256];
        join_tokens(tok + 1, n - 1, text, sizeof text);
        set_option(s, text);
    } else if (!strcasecmp(cmd, "d") || !strcasecmp(cmd, "eval") || !strcasecmp(cmd, "bench")
               || !strcasecmp(cmd, "pgn")) {
        common_command(s, tok, n);
    } else if (move_parse(cmd, 0)) {
        user_move(s, cmd); /* a bare move, as XBoard sends without usermove=1 */
    } else {
        report_error(s, "unknown command");
    }
    return true;
}

/* A move from the opponent keeps a ponder search on it going; any other drops the search. */
static LineTiming move_timing(const Session *s, const char *text)
{
    Move m = move_parse(text, 0);
    return session_searching(s) && s->cecp.pondered && m == s->cecp.pondered ? ANSWER_AT_ONCE : AFTER_A_DROP;
}

static LineTiming cecp_timing(const Session *s, char **tok, int n)
{
    /* The first end the search by drop_search(), the others by session_stop(), which lets it move. */
    static const char *const dropping[] = { "quit",  "new",    "setboard", "go",   "playother", "force",  "white",
                                            "black", "result", "undo",     "remove", "analyze", "exit", "option", "egtpath" };
    static const char *const waiting[] = { "memory", "cores", "bench" };
    const char *cmd = tok[0];
    if (word_in(cmd, dropping, sizeof dropping / sizeof *dropping))
        return AFTER_A_DROP;
    if (word_in(cmd, waiting, sizeof waiting / sizeof *waiting))
        return AFTER_THE_ANSWER;
    if (!strcasecmp(cmd, "easy"))
        return s->cecp.pondered ? AFTER_A_DROP : ANSWER_AT_ONCE;
    if (!strcasecmp(cmd, "usermove"))
        return n > 1 ? move_timing(s, tok[1]) : ANSWER_AT_ONCE;
    if (move_parse(cmd, 0)) /* a bare move: no command word is one */
        return move_timing(s, cmd);
    return ANSWER_AT_ONCE;
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

const DialectOps cecp_dialect = { "xboard", DIALECT_CECP, cecp_handshake, cecp_command, cecp_timing };
