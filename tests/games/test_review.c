/*
 * Game review: the marks' thresholds and the [%eval] form; `chuhan review` on
 * a game with a mate missed (a blunder), read back by the PGN reader and by
 * `chuhan pgn`; graphs, one or numbered; the input's notation kept; and the
 * bad inputs: a move that cannot be played, a bad FEN, an empty file, text
 * that is no game, a missing file and bad arguments. Small depths, one thread:
 * the same output every run.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../board/score.h"
#include "../../review/review.h"
#include "../common.h"

TestSuite(review, .init = setup_tables, .timeout = 60);

static const char blunder_file[] = "tests/data/review_blunder.pgn";
/*
 * The depth that marks that game as its tests expect: its first move keeps a
 * mate in 4, seven plies deep, which depth 8 sees whatever the network, so
 * only the second move is the blunder.
 */
#define BLUNDER_DEPTH "8"


static PositionEval position(int side, int score, int played)
{
    return (PositionEval){ .side = side, .men = 32, .score = score, .played = played };
}

Test(review, a_move_is_marked_by_how_far_its_players_expected_score_falls)
{
    cr_assert_float_eq(expected_score(0, 32), 0.5, 0.001);
    cr_assert_float_eq(expected_score(mate_in(3), 10), 1.0, 1e-9);
    PositionEval same = position(RED, 40, 40);
    cr_assert_eq(judge_move(&same).mark, MARK_NONE);
    cr_assert_eq(judge_move(&same).loss, 0);
    PositionEval better = position(BLACK, 40, 90);
    cr_assert_eq(judge_move(&better).loss, 0, "a move that scores above the best is noise, not a gain");
    PositionEval mate_missed = position(RED, mate_in(1), 0);
    MoveVerdict v = judge_move(&mate_missed);
    cr_assert_eq(v.mark, MARK_BLUNDER);
    cr_assert_float_eq(v.loss, 0.5, 0.001);
    cr_assert_eq(v.cp_loss, 1000, "scores are clipped to a thousand");
    /* Walking the played move's score down from an even game passes each threshold in turn. */
    Mark last = MARK_NONE;
    for (int played = 0; played >= -3000; played -= 5) {
        PositionEval p = position(RED, 0, played);
        MoveVerdict w = judge_move(&p);
        Mark want = w.loss >= REVIEW_BLUNDER ? MARK_BLUNDER : w.loss >= REVIEW_MISTAKE ? MARK_MISTAKE
                  : w.loss >= REVIEW_INACCURACY ? MARK_INACCURACY : MARK_NONE;
        cr_assert_eq(w.mark, want, "played %d", played);
        cr_assert_geq(w.mark, last);
        last = w.mark;
    }
    cr_assert_eq(last, MARK_BLUNDER);
    cr_assert_eq(mark_nag(MARK_INACCURACY), 6);
    cr_assert_eq(mark_nag(MARK_MISTAKE), 2);
    cr_assert_eq(mark_nag(MARK_BLUNDER), 4);
}

Test(review, evaluations_are_written_in_pawns_or_moves_to_mate_from_reds_side)
{
    char text[16];
    PositionEval red = position(RED, 0, 0), black = position(BLACK, 0, 0);
    eval_text(&red, 31, text);
    cr_assert_str_eq(text, "0.31");
    eval_text(&black, 120, text);
    cr_assert_str_eq(text, "-1.20");
    eval_text(&red, -7, text);
    cr_assert_str_eq(text, "-0.07");
    eval_text(&red, mate_in(5), text);
    cr_assert_str_eq(text, "#3", "mate in 5 plies is mate in 3 moves");
    eval_text(&black, mate_in(3), text);
    cr_assert_str_eq(text, "#-2", "black mates");
    eval_text(&red, mated_in(4), text);
    cr_assert_str_eq(text, "#-2");
}

static char out[1 << 16];

Test(review, the_mate_missed_is_a_blunder_with_the_better_line)
{
    cr_assert_eq(run_shell("./chuhan review --depth " BLUNDER_DEPTH " tests/data/review_blunder.pgn 2>/dev/null", out, sizeof out), 0);
    cr_assert(strstr(out, "[Annotator \"Chuhan "), "%s", out);
    cr_assert(strstr(out, "[Format \"WXF\"]\n"), "written in the input's notation");
    cr_assert(strstr(out, "\n1. R9+8 { [%eval "), "%s", out);
    cr_assert(strstr(out, "\n1... R1+1 { [%eval #"), "red mates after the capture: %s", out);
    cr_assert(strstr(out, "\n2. K5+1 $4 { [%eval "), "%s", out);
    cr_assert(strstr(out, " blunder (-"), "%s", out);
    cr_assert(strstr(out, "R1+9 was best } (2. R1+9 { [%eval #"), "the variation starts with the best move: %s", out);
    cr_assert(strstr(out, "Red (Red player): 2 moves, average loss "), "%s", out);
    cr_assert(strstr(out, "0 inaccuracies, 0 mistakes, 1 blunder. Black (Black player): 1 move"), "%s", out);
    cr_assert(strstr(out, "}\n*\n"), "the result stands last");
}

static bool keep_game(void *ctx, PgnGame *g)
{
    *(PgnGame *)ctx = *g;
    return true;
}

Test(review, the_reviewed_game_reads_back_with_the_same_moves)
{
    static PgnGame original, reviewed;
    char err[256];
    cr_assert_eq(pgn_read_file(blunder_file, keep_game, &original, err, sizeof err), 1);
    cr_assert_eq(run_shell("./chuhan review --depth " BLUNDER_DEPTH " tests/data/review_blunder.pgn 2>/dev/null", out, sizeof out), 0);
    cr_assert_eq(pgn_read_text(out, keep_game, &reviewed), 1);
    cr_assert_str_empty(reviewed.error);
    cr_assert_eq(reviewed.nmoves, 3);
    cr_assert_eq(memcmp(reviewed.moves, original.moves, sizeof(Move) * 3), 0);
    cr_assert_str_eq(reviewed.fen, original.fen);
    cr_assert_eq(reviewed.notation, NOTATION_WXF);
    /* And `chuhan pgn` writes the same game from both, but for the reviewer's tag. */
    static char direct[1 << 12];
    cr_assert_eq(run_shell("./chuhan pgn tests/data/review_blunder.pgn", direct, sizeof direct), 0);
    cr_assert_eq(run_shell("./chuhan review --depth " BLUNDER_DEPTH " tests/data/review_blunder.pgn 2>/dev/null | ./chuhan pgn /dev/stdin | grep -v '^\\[Annotator '",
                     out, sizeof out),
                 0);
    cr_assert_str_eq(out, direct);
}

Test(review, each_game_is_written_in_its_own_notation)
{
    cr_assert_eq(run_shell("./chuhan review --depth 2 tests/data/games_iccs.pgn 2>/dev/null", out, sizeof out), 0);
    cr_assert(strstr(out, "[Format \"ICCS\"]\n\n1. H2-E2 { [%eval "), "%s", out);
    cr_assert_eq(run_shell("./chuhan review --depth 2 tests/data/games_chinese.pgn 2>/dev/null", out, sizeof out), 0);
    cr_assert(strstr(out, "[Format \"Chinese\"]\n\n1. 炮二平五 { [%eval "), "%s", out);
    /* Every move has its evaluation, not counting the better lines' own: 20 and 1 moves; the mating one has its verdict. */
    int evals = 0, variation = 0;
    bool comment = false;
    for (const char *p = out; *p; p++) {
        if (*p == '{' || *p == '}')
            comment = *p == '{';
        else if (!comment && (*p == '(' || *p == ')'))
            variation += *p == '(' ? 1 : -1;
        else if (comment && !variation && !strncmp(p, "[%eval ", 7))
            evals++;
    }
    cr_assert_eq(evals, 21, "%s", out);
    cr_assert(strstr(out, "2. 前车平六 { black has no legal move: red wins }"), "%s", out);
}

static char *file_text(const char *path)
{
    static char text[1 << 16];
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = 0;
    fclose(f);
    return text;
}

Test(review, the_graph_is_drawn_with_its_marks)
{
    char dir[] = "/tmp/chuhan-review-XXXXXX", command[512], path[256];
    cr_assert(mkdtemp(dir));
    snprintf(command, sizeof command, "./chuhan review --depth " BLUNDER_DEPTH " --graph %s/game.svg %s >/dev/null 2>&1", dir, blunder_file);
    cr_assert_eq(run_shell(command, out, sizeof out), 0);
    snprintf(path, sizeof path, "%s/game.svg", dir);
    const char *svg = file_text(path);
    cr_assert(svg, "no %s", path);
    cr_assert_eq(strncmp(svg, "<svg xmlns=\"http://www.w3.org/2000/svg\"", 39), 0);
    cr_assert(strstr(svg, "Red player – Black player, A mate missed"), "the title");
    cr_assert(strstr(svg, "<polyline"), "the curve");
    cr_assert(strstr(svg, "<title>2. K5+1: blunder (-"), "the blunder's dot: %s", svg);
    cr_assert(strstr(svg, ">50%</text>"), "the axis");
    cr_assert(strstr(svg, "</svg>\n"));
    unlink(path);

    /* Several games: one graph each, numbered. */
    snprintf(command, sizeof command, "./chuhan review --depth 2 --graph %s/game.svg %s %s >/dev/null 2>&1", dir, blunder_file,
             blunder_file);
    cr_assert_eq(run_shell(command, out, sizeof out), 0);
    struct stat st;
    for (int i = 1; i <= 2; i++) {
        snprintf(path, sizeof path, "%s/game-%d.svg", dir, i);
        cr_assert_eq(stat(path, &st), 0, "no %s", path);
        unlink(path);
    }
    snprintf(path, sizeof path, "%s/game.svg", dir);
    cr_assert_neq(stat(path, &st), 0);
    rmdir(dir);
}

Test(review, a_game_is_reviewed_up_to_a_move_that_cannot_be_played)
{
    cr_assert_eq(run_shell("./chuhan review --depth 4 tests/data/bad_moves.pgn 2>/dev/null", out, sizeof out), 1);
    cr_assert(strstr(out, "[Event \"A horse whose leg is blocked\"]"));
    cr_assert(strstr(out, "\n1... 马８进７ { [%eval "), "%s", out);
    cr_assert(strstr(out, "{ The game is reviewed up to here only: move 2 (red) 马八进六: the horse's leg is blocked. Red: 1 move"),
              "%s", out);
    cr_assert(strstr(out, " }\n*\n\n[Game"), "without a result: %s", out);
    cr_assert(strstr(out, "[Event \"Legal throughout\"]"));
    cr_assert(strstr(out, "\n2. 前车平六 { black has no legal move: red wins }\n"), "%s", out);
    cr_assert_null(strstr(out, "A position that cannot be"), "a bad FEN: nothing to review");
    cr_assert_null(strstr(out, "The generals may not face each other"), "no move to review");
    cr_assert_eq(run_shell("./chuhan review --depth 4 tests/data/bad_moves.pgn 2>&1 >/dev/null | grep -v ' reviewed in '", out, sizeof out), 0);
    cr_assert_str_eq(out, "tests/data/bad_moves.pgn: game 1 reviewed up to its bad move only: move 2 (red) 马八进六: the horse's leg is blocked\n"
                          "tests/data/bad_moves.pgn: game 3 not reviewed: bad FEN (rank 0 has more than 9 files)\n"
                          "tests/data/bad_moves.pgn: game 4 not reviewed: move 1 (red) 帅六平五: the generals would face each other\n");
}

Test(review, files_without_games_are_refused_and_nothing_is_written)
{
    cr_assert_eq(run_shell("./chuhan review --depth 2 tests/data/review_empty.pgn 2>&1", out, sizeof out), 1);
    cr_assert_str_eq(out, "chuhan: tests/data/review_empty.pgn holds no game\n");
    cr_assert_eq(run_shell("./chuhan review --depth 2 tests/data/review_not_a_game.txt 2>&1", out, sizeof out), 1);
    cr_assert_str_eq(out, "tests/data/review_not_a_game.txt: game 1 not reviewed: move 1 (red) Notes: not a move: 'Notes'\n");
    cr_assert_eq(run_shell("./chuhan review --depth 2 tests/data/no_such_file.pgn 2>&1", out, sizeof out), 1);
    cr_assert_str_eq(out, "chuhan: cannot read tests/data/no_such_file.pgn: No such file or directory\n");
    /* The good file beside a bad one is still reviewed, and the status still says that one failed. */
    cr_assert_eq(run_shell("./chuhan review --depth 2 tests/data/review_empty.pgn tests/data/review_blunder.pgn 2>/dev/null", out, sizeof out),
                 1);
    cr_assert(strstr(out, "[Event \"A mate missed\"]"));
}

Test(review, bad_arguments_are_refused_with_the_usage)
{
    static const char *const commands[] = {
        "./chuhan review 2>&1",
        "./chuhan review --depth 4 2>&1",
        "./chuhan review --depth 0 tests/data/review_blunder.pgn 2>&1",
        "./chuhan review --depth 4 --nodes 1000 tests/data/review_blunder.pgn 2>&1",
        "./chuhan review --threads two tests/data/review_blunder.pgn 2>&1",
        "./chuhan review --colour red tests/data/review_blunder.pgn 2>&1",
        "./chuhan review --graph 2>&1",
    };
    for (size_t i = 0; i < sizeof commands / sizeof *commands; i++) {
        cr_assert_eq(run_shell(commands[i], out, sizeof out), 2, "%s", commands[i]);
        cr_assert(!strncmp(out, "usage: chuhan review", 20), "%s: %s", commands[i], out);
    }
}

Test(review, the_marks_can_be_counted_against_a_deeper_search)
{
    cr_assert_eq(run_shell("./chuhan review --depth 4 --compare-deeper 2 tests/data/review_blunder.pgn 2>&1 >/dev/null | grep -v ' reviewed in '",
                     out, sizeof out),
                 0);
    cr_assert(strstr(out, "marks against a search 2 plies deeper (3 moves, the review's own depth 4.0 on average):\n"), "%s", out);
    cr_assert(strstr(out, "review\\deeper       none inaccuracy    mistake    blunder\n"), "%s", out);
    cr_assert(strstr(out, "\nthe same mark: "), "%s", out);
    /* The rows add up to the moves judged. */
    int sum = 0;
    for (const char *p = strstr(out, "        none "); p && *p != 't'; p = strchr(p, '\n') + 1) {
        char name[16];
        int a, b, c, d;
        cr_assert_eq(sscanf(p, "%15s %d %d %d %d", name, &a, &b, &c, &d), 5, "%s", p);
        sum += a + b + c + d;
    }
    cr_assert_eq(sum, 3);
}

/* In Chinese: the marks, the better move and each side's record in the words players write, and the same moves read back. */
Test(review, with_lang_zh_the_comments_are_chinese_and_the_moves_the_same)
{
    cr_assert_eq(run_shell("./chuhan review --lang zh --depth " BLUNDER_DEPTH " tests/data/review_blunder.pgn 2>/dev/null", out, sizeof out), 0);
    cr_assert(strstr(out, "\n2. K5+1 $4 { [%eval "), "%s", out);
    cr_assert(strstr(out, " 败着（-"), "%s", out);
    cr_assert(strstr(out, "）；应走R1+9 } (2. R1+9 { [%eval #"), "%s", out);
    cr_assert(strstr(out, "{ 红方（Red player）：2步，平均损失 "), "%s", out);
    cr_assert(strstr(out, "分），缓着 0 步，错着 0 步，败着 1 步。 黑方（Black player）：1步，平均损失 0.0%（0 分），缓着 0 步，错着 0 步，败着 0 步。 }\n*\n"),
              "%s", out);
    cr_assert_null(strstr(out, "blunder"));
    static char direct[1 << 14];
    const char *files[] = { "tests/data/review_blunder.pgn", "tests/data/games_chinese.pgn" };
    for (int i = 0; i < 2; i++) {
        char command[256];
        snprintf(command, sizeof command, "./chuhan pgn %s", files[i]);
        cr_assert_eq(run_shell(command, direct, sizeof direct), 0);
        snprintf(command, sizeof command, "./chuhan review --lang zh --depth 2 %s 2>/dev/null | ./chuhan pgn /dev/stdin | grep -v '^\\[Annotator '",
                 files[i]);
        cr_assert_eq(run_shell(command, out, sizeof out), 0);
        cr_assert_str_eq(out, direct, "%s", files[i]);
    }
    cr_assert_eq(run_shell("./chuhan review --lang zh --depth 4 tests/data/bad_moves.pgn 2>/dev/null", out, sizeof out), 1);
    cr_assert(strstr(out, "{ 这盘棋只复盘到这里：第2回合（红方）马八进六：蹩马腿。红方：1步，"), "%s", out);
}

typedef struct {
    PgnGame game[64];
    int n;
} Games;

static bool keep_games(void *ctx, PgnGame *g)
{
    Games *all = ctx;
    if (all->n < 64)
        all->game[all->n++] = *g;
    return true;
}

/* Each mistake and blunder of a master game's review becomes an exercise: its position, the move played there, and the better line. */
Test(review, the_exercises_are_the_mistakes_and_blunders_from_their_positions)
{
    static Games games, exercises;
    char err[256], path[] = "/tmp/chuhan-exercises-XXXXXX", command[512];
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    close(fd);
    snprintf(command, sizeof command, "./chuhan review --depth 5 --exercises %s docs/review-example.pgn 2>/dev/null", path);
    cr_assert_eq(run_shell(command, out, sizeof out), 0);
    int marked = 0;
    for (const char *p = out; (p = strpbrk(p, "$")); p++)
        marked += (p[1] == '2' || p[1] == '4') && p[2] == ' ';
    cr_assert_eq(pgn_read_file("docs/review-example.pgn", keep_games, &games, err, sizeof err), 1);
    cr_assert_eq(pgn_read_file(path, keep_games, &exercises, err, sizeof err), marked, "%s", err);
    unlink(path);
    cr_assert_gt(marked, 5);
    const PgnGame *g = &games.game[0];
    Board *b = board_new();
    int found = 0;
    pgn_position(g, 0, b);
    for (int ply = 0, k = 0; ply < g->nmoves && k < exercises.n; ply++) {
        const PgnGame *x = &exercises.game[k];
        char fen[FEN_MAX], played[MOVE_NAME_MAX], number[16];
        board_get_fen(b, fen);
        pgn_move_text(b, g->moves[ply], g->notation, played);
        snprintf(number, sizeof number, "%d%s", b->fullmove, b->side == RED ? "." : "...");
        if (!strcmp(fen, x->fen)) {
            cr_assert_str_eq(pgn_tag(x, "Played"), played);
            cr_assert_str_eq(pgn_tag(x, "Move"), number);
            cr_assert(!strcmp(pgn_tag(x, "Mark"), "mistake") || !strcmp(pgn_tag(x, "Mark"), "blunder"));
            cr_assert_str_empty(x->error);
            cr_assert_geq(x->nmoves, 1, "a solution");
            cr_assert_neq(x->moves[0], g->moves[ply], "the better move is another than the game's");
            cr_assert(strstr(pgn_tag(x, "Event"), "Exercise "));
            found++, k++;
        }
        make_move(b, g->moves[ply]);
    }
    board_free(b);
    cr_assert_eq(found, marked, "every exercise stands at a position of the game, in order");
}
