/* The commands for people at the console, the same in every dialect: d, eval, perft, bench. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "../bench/bench.h"
#include "../eval/evaluate.h"
#include "../board/movegen.h"
#include "../eval/nnue.h"
#include "../board/rules.h"
#include "../board/tables.h"
#include "../perft/perft_cmd.h"
#include "fuzz_caps.h"
#include "io.h"
#include "session.h"
#include "search_thread.h"
#include "moves.h"
#include "debug.h"

/* The moves since the last `position`, from the position they were played in. */
static void display_moves(Session *s)
{
    Board *start = &s->scratch;
    Move moves[UNDO_MAX];
    int n = 0;
    board_copy(start, &s->board);
    while (start->hply && start->hist[start->hply - 1].move != NULL_MOVE) {
        moves[n++] = start->hist[start->hply - 1].move;
        unmake_move(start);
    }
    for (int i = 0; i < n / 2; i++) {
        Move t = moves[i];
        moves[i] = moves[n - 1 - i];
        moves[n - 1 - i] = t;
    }
    out_begin(&s->out);
    out_text(&s->out, "Moves:");
    print_moves(s, start, moves, n);
    out_end(&s->out);
}

/* The legal moves (ICCS in the session's ranks) and how the game stands by the rules, for GUIs that know no xiangqi. */
static void display_legal_and_result(Session *s)
{
    static const char *const ends[] = { "", "mate", "stalemate", "perpetual", "repetition", "natural limit", "no mating material" };
    Board *b = &s->board;
    Move list[MAX_MOVES];
    int n = gen_legal(b, list);
    out_begin(&s->out);
    out_text(&s->out, "Legal:");
    for (int i = 0; i < n; i++) {
        char m[MOVE_STR_MAX];
        format_move(s, list[i], m);
        out_text(&s->out, " %s", m);
    }
    out_end(&s->out);
    GameEnd e = game_end_of(b);
    if (e.kind == END_NONE)
        out_line(&s->out, "Result: *");
    else if (e.kind == END_PERPETUAL)
        out_line(&s->out, "Result: %s perpetual %s", e.winner == RED ? "1-0" : "0-1", e.by_check ? "check" : "chase");
    else
        out_line(&s->out, "Result: %s %s", e.winner < 0 ? "1/2-1/2" : e.winner == RED ? "1-0" : "0-1", ends[e.kind]);
}

/* What the endgame tables hold of the position, as `chuhan egtb probe` says it; nothing where none is loaded that holds it. */
static void display_tables(Session *s)
{
    TbResult r;
    char text[32];
    bool known = engine_probe_tables(s->engine, &s->board, &r);
    session_table_errors(s);
    if (!known)
        return;
    tb_result_text(&r, text, sizeof text);
    out_line(&s->out, "Tables: %s", text);
}

void cmd_display(Session *s)
{
    const Board *b = &s->board;
    for (int r = RANK_NB - 1; r >= 0; r--) {
        out_line(&s->out, " +---+---+---+---+---+---+---+---+---+");
        out_begin(&s->out);
        for (int f = 0; f < FILE_NB; f++) {
            int p = b->sq[make_sq(f, r)];
            out_text(&s->out, " | %c", p ? piece_char(p) : ' ');
        }
        out_text(&s->out, " | %d", r + s->rank_base);
        out_end(&s->out);
    }
    out_line(&s->out, " +---+---+---+---+---+---+---+---+---+");
    out_line(&s->out, "   a   b   c   d   e   f   g   h   i");
    out_line(&s->out, "%s", "");
    char fen[FEN_MAX];
    board_get_fen(b, fen);
    out_line(&s->out, "Fen: %s", fen);
    out_line(&s->out, "Key: %016" PRIX64, b->key);
    uint8_t chk[16];
    int n = checkers(b, chk);
    out_begin(&s->out);
    out_text(&s->out, "Checkers:");
    for (int i = 0; i < n; i++)
        out_text(&s->out, " %c%d", 'a' + sq_file(chk[i]), sq_rank(chk[i]) + s->rank_base);
    out_end(&s->out);
    display_moves(s);
    display_tables(s); /* before the Result line, which pages read as the end of the display */
    display_legal_and_result(s);
}

void cmd_eval(Session *s)
{
    EvalTrace t;
    evaluate_trace(&s->board, &t);
    out_line(&s->out, "      Term     |    Red (mg  eg)   |   Black (mg  eg)  |   Total (mg  eg)");
    out_line(&s->out, "---------------+-------------------+-------------------+------------------");
    Score sum = 0;
    for (int i = 0; i < TERM_NB; i++) {
        Score r = t.term[i][RED], bl = t.term[i][BLACK], d = r - bl;
        sum += d;
        out_line(&s->out, " %13s | %7d %7d   | %7d %7d   | %7d %7d", eval_term_names[i], score_mg(r), score_eg(r),
                 score_mg(bl), score_eg(bl), score_mg(d), score_eg(d));
    }
    out_line(&s->out, "---------------+-------------------+-------------------+------------------");
    out_line(&s->out, " %13s |                   |                   | %7d %7d", "Total", score_mg(sum), score_eg(sum));
    out_line(&s->out, "%s", "");
    out_line(&s->out, "Phase: %d of %d (middlegame share)", t.phase, PHASE_MAX);
    if (t.scale != SCALE_ONE)
        out_line(&s->out, "Endgame scale: %d of %d (known drawish material)", t.scale, SCALE_ONE);
    if (in_check(&s->board)) {
        out_line(&s->out, "Final evaluation: none (in check)");
        return;
    }
    const Network *network = engine_network(s->engine);
    int red = s->board.side == RED ? 1 : -1, net = evaluate_with(&s->board, network);
    out_line(&s->out, "Hand-written: %+.2f (red side), %d cp for the side to move", red * t.total / 100.0, t.total);
    out_line(&s->out, "Network (%s): %+.2f (red side), %d cp for the side to move", nnue_name(network),
             red * net / 100.0, net);
    bool by_net = !engine_options(s->engine)->hand_eval;
    out_line(&s->out, "Final evaluation: %s, %d cp for the side to move", by_net ? "the network" : "hand-written",
             by_net ? net : t.total);
}

void cmd_perft(Session *s, int depth)
{
    depth = FUZZ_CAP(depth, FUZZ_PERFT_DEPTH);
    board_copy(&s->scratch, &s->board);
    out_begin(&s->out);
    perft_divide(&s->scratch, depth, s->rank_base, out_stream(&s->out));
    out_end(&s->out);
}

void cmd_bench(Session *s, char **tok, int n)
{
    long long depth = BENCH_DEFAULT_DEPTH;
    if (n > 0 && !parse_number(tok[0], 1, MAX_PLY - 8, false, &depth)) {
        report_error(s, "bench takes a depth from 1 to %d, not '%.16s'", MAX_PLY - 8, tok[0]);
        return;
    }
    session_stop(s);
    out_begin(&s->out);
    bench_run((int)FUZZ_CAP(depth, FUZZ_BENCH_DEPTH), 1, out_stream(&s->out));
    out_end(&s->out);
}
