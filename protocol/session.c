#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../bench/bench.h"
#include "../engine/evaluate.h"
#include "../engine/movegen.h"
#include "../engine/nnue.h"
#include "../engine/rules.h"
#include "../engine/tables.h"
#include "../perft/perft_cmd.h"
#include "io.h"
#include "session.h"

bool session_init(Session *s)
{
    s->engine = engine_new();
    if (!s->engine)
        return false;
    s->dialect = DIALECT_UCI;
    board_set_fen(&s->board, START_FEN, NULL, 0);
    s->nban = 0;
    s->variant_set = false;
    s->thread_live = false;
    s->stopping = false;
    pthread_mutex_init(&s->lock, NULL);
    atomic_init(&s->active, false);
    atomic_init(&s->draw_offered, false);
    s->hopeless_moves = s->level_moves = 0;
    session_update_settings(s);
    return true;
}

void session_free(Session *s)
{
    session_stop(s);
    engine_free(s->engine);
    s->engine = NULL;
    pthread_mutex_destroy(&s->lock);
}

void session_update_settings(Session *s)
{
    if (s->dialect == DIALECT_UCCI)
        s->rank_base = 0;
    else
        s->rank_base = s->rank_choice >= 0 ? s->rank_choice : s->variant_set;
    /* UCI_Variant is set by cutechess and the managers of its family, which draw every repetition. */
    RuleSet rules = s->rules_choice >= 0 ? (RuleSet)s->rules_choice
                  : s->variant_set      ? RULES_REPETITION_DRAW
                                        : RULES_ASIAN;
    s->board.rules = (uint8_t)rules; /* the search in progress keeps its own copy's */
}

void report_error(const Session *s, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (s->dialect == DIALECT_CECP)
        out_line("Error (%s): %s", msg, s->command);
    else
        out_line("info string error: %s", msg);
}

int split_tokens(char *line, char ***tokens)
{
    static char **arr;
    static size_t cap;
    size_t n = 0;
    char *p = line;
    for (;;) {
        while (*p && (unsigned char)*p <= ' ')
            p++;
        if (!*p)
            break;
        if (n == cap) {
            size_t grown = cap ? cap * 2 : 64;
            char **fresh = realloc(arr, grown * sizeof *arr);
            if (!fresh)
                break;
            arr = fresh;
            cap = grown;
        }
        arr[n++] = p;
        while (*p && (unsigned char)*p > ' ')
            p++;
        if (*p)
            *p++ = 0;
    }
    *tokens = arr;
    return (int)n;
}

bool parse_number(const char *s, long long lo, long long hi, bool clamp, long long *out)
{
    const char *p = s;
    bool neg = *p == '-';
    if (*p == '-' || *p == '+')
        p++;
    if (!isdigit((unsigned char)*p))
        return false;
    long long v = 0;
    bool huge = false;
    for (; isdigit((unsigned char)*p); p++) {
        if (v > (INT64_MAX - 9) / 10)
            huge = true;
        else
            v = v * 10 + (*p - '0');
    }
    if (*p)
        return false;
    if (neg)
        v = -v;
    if (huge)
        v = neg ? INT64_MIN : INT64_MAX;
    if (v < lo || (v > hi && !clamp))
        return false;
    if (v > hi)
        v = hi;
    *out = v;
    return true;
}

Move parse_legal_move(Session *s, Board *b, const char *tok)
{
    Move m = move_parse(tok, s->rank_base);
    return m && move_is_legal(b, m) ? m : MOVE_NONE;
}

void format_move(const Session *s, Move m, char out[MOVE_STR_MAX]) { move_to_str(m, s->rank_base, out); }

void print_moves(const Session *s, const Board *b, const Move *moves, int n)
{
    /* Names depend on the position each move is played in: replay the line on a copy. */
    Board *copy = s->notation == NOTATION_ICCS ? NULL : malloc(sizeof *copy);
    if (copy) {
        copy->nn = NULL;
        board_copy(copy, b);
    }
    for (int i = 0; i < n; i++) {
        char text[MOVE_NAME_MAX];
        if (copy && move_is_legal(copy, moves[i])) {
            move_name(copy, moves[i], s->notation, text);
            make_move(copy, moves[i]);
        } else {
            format_move(s, moves[i], text);
        }
        out_text(" %s", text);
    }
    free(copy);
}

bool parse_position(Session *s, char **tok, int n, Board *scratch, char *err, size_t errlen)
{
    char fen[FEN_MAX + 2] = "";
    int i = 0;
    if (i < n && !strcasecmp(tok[i], "startpos")) {
        strcpy(fen, START_FEN);
        i++;
    } else if (i < n && !strcasecmp(tok[i], "fen")) {
        size_t len = 0;
        for (i++; i < n && strcasecmp(tok[i], "moves"); i++) {
            size_t t = strlen(tok[i]);
            if (len + t + 1 > FEN_MAX) {
                snprintf(err, errlen, "FEN longer than %d characters; position unchanged", FEN_MAX);
                return false;
            }
            if (len)
                fen[len++] = ' ';
            memcpy(fen + len, tok[i], t + 1);
            len += t;
        }
    } else {
        snprintf(err, errlen, "position needs 'startpos' or 'fen', not '%.32s'", i < n ? tok[i] : "");
        return false;
    }

    char why[128];
    if (!board_set_fen(scratch, fen, why, sizeof why)) {
        snprintf(err, errlen, "bad FEN (%s); position unchanged", why);
        return false;
    }
    if (i < n) {
        if (strcasecmp(tok[i], "moves")) {
            snprintf(err, errlen, "unexpected '%.32s' after the position; position unchanged", tok[i]);
            return false;
        }
        int first = ++i;
        for (; i < n; i++) {
            Move m = parse_legal_move(s, scratch, tok[i]);
            if (!m) {
                snprintf(err, errlen, "illegal move '%.16s' (move %d of the list); position unchanged", tok[i],
                         i - first + 1);
                return false;
            }
            make_game_move(scratch, m);
        }
    }
    return true;
}

bool session_position(Session *s, char **tok, int n, char *err, size_t errlen)
{
    static Board scratch;
    if (!parse_position(s, tok, n, &scratch, err, errlen))
        return false;
    session_stop(s);
    scratch.rules = s->board.rules;
    memcpy(&s->board, &scratch, sizeof scratch);
    s->nban = 0;
    return true;
}

/* Fuzzing builds cap the work one search can cause, so that every input runs in milliseconds. */
static void cap_for_fuzzing(SearchLimits *l)
{
#ifdef CHUHAN_FUZZ
    l->depth = l->depth ? FUZZ_CAP(l->depth, 3) : 3;
    l->infinite = l->ponder = false;
#else
    (void)l;
#endif
}

static void *search_main(void *arg)
{
    Session *s = arg;
    for (bool again = true; again;) {
        SearchResult r;
        search_run(s->engine, &s->search_board, &s->limits, &s->reporter, &r);
        pthread_mutex_lock(&s->lock);
        again = s->finish(s, &r) && !s->stopping;
        if (again) {
            cap_for_fuzzing(&s->limits);
            search_prepare(s->engine, &s->limits);
        }
        pthread_mutex_unlock(&s->lock);
    }
    atomic_store(&s->active, false);
    return NULL;
}

static void join_finished(Session *s)
{
    if (s->thread_live) {
        pthread_join(s->thread, NULL);
        s->thread_live = false;
    }
}

void session_stop(Session *s)
{
    if (s->thread_live && atomic_load(&s->active)) {
        pthread_mutex_lock(&s->lock);
        s->stopping = true;
        search_stop(s->engine);
        pthread_mutex_unlock(&s->lock);
    }
    join_finished(s);
    s->stopping = false;
}

void session_end(Session *s)
{
    pthread_mutex_lock(&s->lock);
    s->stopping = true; /* no follow-up search after this one */
    if (s->thread_live && atomic_load(&s->active) && (s->limits.infinite || s->limits.ponder))
        search_stop(s->engine);
    pthread_mutex_unlock(&s->lock);
    join_finished(s);
    s->stopping = false;
}

void session_ponderhit(Session *s)
{
    pthread_mutex_lock(&s->lock);
    if (atomic_load(&s->active))
        search_ponderhit(s->engine);
    pthread_mutex_unlock(&s->lock);
}

void session_wait(Session *s) { join_finished(s); }

void session_go(Session *s, const SearchLimits *limits, const SearchReporter *reporter, SearchFinish finish)
{
    session_stop(s);
    s->reporter = *reporter;
    s->finish = finish;
    memcpy(&s->search_board, &s->board, sizeof s->board);
    s->limits = *limits;
    cap_for_fuzzing(&s->limits);
    search_prepare(s->engine, &s->limits);
    atomic_store(&s->active, true);
    if (pthread_create(&s->thread, NULL, search_main, s) == 0) {
        s->thread_live = true;
    } else {
        /* No thread to be had: search here and now, still answering. */
        search_main(s);
    }
    if (s->batch)
        session_wait(s);
}

/* The moves since the last `position`, from the position they were played in. */
static void display_moves(const Session *s)
{
    static Board start;
    Move moves[UNDO_MAX];
    int n = 0;
    memcpy(&start, &s->board, sizeof start);
    start.nn = NULL;
    while (start.hply && start.hist[start.hply - 1].move != NULL_MOVE) {
        moves[n++] = start.hist[start.hply - 1].move;
        unmake_move(&start);
    }
    for (int i = 0; i < n / 2; i++) {
        Move t = moves[i];
        moves[i] = moves[n - 1 - i];
        moves[n - 1 - i] = t;
    }
    out_begin();
    out_text("Moves:");
    print_moves(s, &start, moves, n);
    out_end();
}

void cmd_display(Session *s)
{
    const Board *b = &s->board;
    for (int r = RANK_NB - 1; r >= 0; r--) {
        out_line(" +---+---+---+---+---+---+---+---+---+");
        out_begin();
        for (int f = 0; f < FILE_NB; f++) {
            int p = b->sq[make_sq(f, r)];
            out_text(" | %c", p ? piece_char(p) : ' ');
        }
        out_text(" | %d", r + s->rank_base);
        out_end();
    }
    out_line(" +---+---+---+---+---+---+---+---+---+");
    out_line("   a   b   c   d   e   f   g   h   i");
    out_line("%s", "");
    char fen[FEN_MAX];
    board_get_fen(b, fen);
    out_line("Fen: %s", fen);
    out_line("Key: %016" PRIX64, b->key);
    uint8_t chk[16];
    int n = checkers(b, chk);
    out_begin();
    out_text("Checkers:");
    for (int i = 0; i < n; i++)
        out_text(" %c%d", 'a' + sq_file(chk[i]), sq_rank(chk[i]) + s->rank_base);
    out_end();
    display_moves(s);
}

void cmd_eval(Session *s)
{
    EvalTrace t;
    evaluate_trace(&s->board, &t);
    out_line("      Term     |    Red (mg  eg)   |   Black (mg  eg)  |   Total (mg  eg)");
    out_line("---------------+-------------------+-------------------+------------------");
    Score sum = 0;
    for (int i = 0; i < TERM_NB; i++) {
        Score r = t.term[i][RED], bl = t.term[i][BLACK], d = r - bl;
        sum += d;
        out_line(" %13s | %7d %7d   | %7d %7d   | %7d %7d", eval_term_names[i], score_mg(r), score_eg(r),
                 score_mg(bl), score_eg(bl), score_mg(d), score_eg(d));
    }
    out_line("---------------+-------------------+-------------------+------------------");
    out_line(" %13s |                   |                   | %7d %7d", "Total", score_mg(sum), score_eg(sum));
    out_line("%s", "");
    out_line("Phase: %d of %d (middlegame share)", t.phase, PHASE_MAX);
    if (t.scale != SCALE_ONE)
        out_line("Endgame scale: %d of %d (known drawish material)", t.scale, SCALE_ONE);
    if (in_check(&s->board)) {
        out_line("Final evaluation: none (in check)");
        return;
    }
    int red = s->board.side == RED ? 1 : -1, net = fade_to_limit(&s->board, nnue_evaluate(&s->board));
    out_line("Hand-written: %+.2f (red side), %d cp for the side to move", red * t.total / 100.0, t.total);
    out_line("Network (%s): %+.2f (red side), %d cp for the side to move", nnue_source(), red * net / 100.0, net);
    bool network = !search_options(s->engine)->hand_eval;
    out_line("Final evaluation: %s, %d cp for the side to move", network ? "the network" : "hand-written",
             network ? net : t.total);
}

void cmd_perft(Session *s, int depth)
{
    static Board b;
    depth = FUZZ_CAP(depth, 2);
    memcpy(&b, &s->board, sizeof b);
    out_begin();
    perft_divide(&b, depth, s->rank_base, out_stream());
    out_end();
}

void cmd_bench(Session *s, char **tok, int n)
{
    long long depth = BENCH_DEFAULT_DEPTH;
    if (n > 0 && !parse_number(tok[0], 1, MAX_PLY - 8, false, &depth)) {
        report_error(s, "bench takes a depth from 1 to %d, not '%.16s'", MAX_PLY - 8, tok[0]);
        return;
    }
    session_stop(s);
    out_begin();
    bench_run((int)FUZZ_CAP(depth, 1), 1, out_stream());
    out_end();
}
