/* The evaluation's weight trace and the tuner built on it. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../../datagen/datagen.h"
#include "../../datagen/record.h"
#include "../../eval/evaluate.h"
#include "../../search/engine.h"
#include "../../eval/weights.h"
#include "../../tune/tune.h"
#include "../../tune/weights_file.h"
#include "../common.h"

TestSuite(tune, .init = setup_tables, .timeout = 180);

/*
 * The evaluation from the counts alone: each weight times red's count less
 * black's, the endgame half scaled for the side ahead in it, the tempo apart,
 * blended as the engine does.
 */
static int evaluate_from_counts(const Board *b, const EvalCoeffs *c)
{
    const Score *w = (const Score *)&W;
    int mg = 0, eg = 0;
    for (int i = 0; i < WEIGHT_NB; i++) {
        int n = i == WEIGHT_INDEX(tempo) ? 0 : c->count[RED][i] - c->count[BLACK][i];
        mg += n * score_mg(w[i]);
        eg += n * score_eg(w[i]);
    }
    int drawish = c->drawish[eg >= 0 ? RED : BLACK];
    eg = eg * (drawish < DRAWISH_NB ? drawish_scale[drawish] : SCALE_ONE) / SCALE_ONE;
    int blended = (mg * c->phase + eg * (PHASE_MAX - c->phase)) / PHASE_MAX;
    int tempo = (score_mg(W.tempo) * c->phase + score_eg(W.tempo) * (PHASE_MAX - c->phase)) / PHASE_MAX;
    cr_assert_eq(c->count[b->side][WEIGHT_INDEX(tempo)], 1);
    return (b->side == RED ? blended : -blended) + tempo;
}

Test(tune, the_counts_times_the_weights_are_the_evaluation)
{
    static Board b;
    static EvalCoeffs c;
    uint64_t rng = 2024;
    int positions = 0, sides[2] = { 0 };
    for (int game = 0; game < 40; game++) {
        set_fen(&b, START_FEN);
        for (int ply = 0; ply < 160; ply++) {
            int v = hand_evaluate(&b);
            cr_assert_eq(evaluate_coefficients(&b, &c), v);
            cr_assert_eq(evaluate_from_counts(&b, &c), v, "game %d ply %d: counts give %d, the evaluation %d", game, ply,
                         evaluate_from_counts(&b, &c), v);
            positions++;
            sides[b.side]++;
            Move list[MAX_MOVES];
            int n = gen_legal(&b, list);
            if (!n)
                break;
            make_move(&b, list[test_random(&rng) % (uint64_t)n]);
        }
    }
    cr_assert_geq(positions, 3000);
    cr_assert_gt(sides[RED], 1000);
    cr_assert_gt(sides[BLACK], 1000);
}

Test(tune, the_eval_table_adds_up_to_the_evaluation)
{
    static Board b;
    set_fen(&b, "2bak4/9/3a5/p2Np3p/3n1P3/3pc3P/P4r1c1/B2CC2R1/4A4/3AK1B2 b - - 0 1");
    EvalTrace t;
    evaluate_trace(&b, &t);
    Score sum = 0;
    for (int term = 0; term < TERM_TEMPO; term++)
        sum += t.term[term][RED] - t.term[term][BLACK];
    cr_assert_eq(t.scale, SCALE_ONE);
    cr_assert_eq(t.blended, (score_mg(sum) * t.phase + score_eg(sum) * (PHASE_MAX - t.phase)) / PHASE_MAX);
    cr_assert_eq(t.total, fade_to_limit(&b, hand_evaluate(&b)));
    Score tempo = t.term[TERM_TEMPO][BLACK];
    cr_assert_eq(t.term[TERM_TEMPO][RED], 0);
    cr_assert_eq(t.total, -t.blended + (score_mg(tempo) * t.phase + score_eg(tempo) * (PHASE_MAX - t.phase)) / PHASE_MAX);
}

/* A file's whole text (malloc'd). */
static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    cr_assert(f, "cannot open %s", path);
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    rewind(f);
    char *text = malloc((size_t)size + 1);
    cr_assert_eq(fread(text, 1, (size_t)size, f), (size_t)size);
    text[size] = 0;
    fclose(f);
    return text;
}

Test(tune, the_built_in_weights_write_back_as_weights_h_itself)
{
    char path[] = "/tmp/chuhan-weights-XXXXXX";
    close(mkstemp(path));
    cr_assert(weights_write(path, &W, drawish_scale));
    char *written = slurp(path), *tree = slurp("eval/weights.h");
    cr_assert_str_eq(written, tree, "the writer's layout and eval/weights.h have drifted apart");
    free(written);
    free(tree);
    unlink(path);
}

/* Reads back the Scores of W from a weights.h, in order, a placement row that names its index at that row and the
   rows left out 0; returns the index after the last Score read. */
static int parse_weights(const char *text, Score *out, int max)
{
    const char *p = strstr(text, "static const EvalWeights W = {"), *end = p ? strstr(p, "\n};") : NULL;
    cr_assert(p && end);
    const char *tables = strstr(p, ".placement = {"), *tables_end = tables ? strstr(tables, "\n    },") : NULL;
    cr_assert(tables && tables_end);
    memset(out, 0, sizeof *out * (size_t)max);
    int n = 0, type = -1, row, mg, eg;
    for (; p < end; p++) {
        if (p == tables_end) {
            n = WEIGHT_INDEX(placement) + (int)(sizeof W.placement / sizeof(Score));
        } else if (*p == '[' && p > tables && p < tables_end) {
            if (sscanf(p, "[%d]", &row) != 1) { /* [KING] and the others: a type's first row */
                type++;
                row = 0;
            }
            n = WEIGHT_INDEX(placement[type][row][0]);
        } else if (!strncmp(p, "S(", 2)) {
            cr_assert(sscanf(p, "S(%d, %d)", &mg, &eg) == 2);
            if (n < max)
                out[n] = S(mg, eg);
            n++;
        }
    }
    return n;
}

Test(tune, a_fit_lowers_the_loss_and_writes_a_whole_weights_file)
{
    char data[] = "/tmp/chuhan-tune-data-XXXXXX", out[] = "/tmp/chuhan-tune-out-XXXXXX";
    close(mkstemp(data));
    close(mkstemp(out));
    DatagenOptions gen = { .positions = 600, .nodes = 300, .workers = 2, .random_plies = 6, .hash_mb = 1, .seed = 11,
                           .out = data };
    cr_assert_eq(datagen_run(&gen), 0);
    TuneOptions opt = { .out = out, .epochs = 12, .threads = 2, .batch = 64, .lr = 2, .lambda = 0.1,
                        .validation = 0.1, .seed = 1 };
    char *files[] = { data };
    TuneReport report;
    cr_assert_eq(tune_run(&opt, files, 1, &report), 0);
    cr_assert_geq(report.records, 600);
    cr_assert_gt(report.training, 300);
    cr_assert_gt(report.k, 10);
    cr_assert_lt(report.loss[1], report.loss[0] * 0.97, "training loss %f -> %f", report.loss[0], report.loss[1]);

    char *text = slurp(out);
    const char *names[] = { "piece_value", "placement", "rook_mobility", "knight_mobility", "cannon_mobility_per_point",
                            "missing_advisor", "missing_elephant", "hollow_cannon", "screened_cannon", "bottom_cannon",
                            "linked_pawns", "phase_weight", "ROOK_ATTACK_UNITS", "drawish_scale", "tempo", "NATURAL_FADE_PLIES" };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        cr_assert(strstr(text, names[i]), "%s missing", names[i]);
    static Score tuned[WEIGHT_NB];
    cr_assert_eq(parse_weights(text, tuned, WEIGHT_NB), WEIGHT_NB);
    cr_assert_eq(tuned[WEIGHT_INDEX(piece_value[KING])], 0, "the generals' value never counts");
    cr_assert_eq(tuned[WEIGHT_INDEX(placement[KING][0][0])], 0, "nor a point outside the palace");
    cr_assert(memcmp(tuned, &W, sizeof tuned), "the fit moved the weights");
    for (int t = 0; t < PIECE_TYPE_NB; t++)
        for (int r = 0; r < RANK_NB; r++)
            for (int f = 0; f < FILE_NB; f++)
                cr_assert_eq(tuned[WEIGHT_INDEX(placement[t][r][f])], tuned[WEIGHT_INDEX(placement[t][r][8 - f])],
                             "placement stays mirror-symmetric");
    free(text);
    unlink(data);
    unlink(out);
}

/* A lone horse against both advisors and elephants, always drawn: the fit brings its endgame scale down. */
Test(tune, drawn_material_loses_its_endgame_scale)
{
    char data[] = "/tmp/chuhan-tune-data-XXXXXX", out[] = "/tmp/chuhan-tune-out-XXXXXX";
    int fd = mkstemp(data);
    close(mkstemp(out));
    static Board b;
    for (int i = 0; i < 400; i++) {
        char fen[80], row[4][8] = { "9", "9", "9", "9" };
        int file = i / 4 % 9;
        snprintf(row[i % 4], sizeof row[0], "%.0d%c%.0d", file, 'N', 8 - file); /* the horse on ranks 1-4 */
        snprintf(fen, sizeof fen, "3ak1b2/4a4/4b4/9/9/%s/%s/%s/%s/4K4 %c - - 0 1", row[3], row[2], row[1], row[0],
                 i % 8 < 4 ? 'w' : 'b');
        set_fen(&b, fen);
        Record r;
        record_from_board(&b, 0, MOVE_NONE, &r);
        r.result = RESULT_DRAW;
        r.flags &= RECORD_IN_CHECK; /* no move played */
        uint8_t bytes[RECORD_BYTES];
        record_pack(&r, bytes);
        cr_assert_eq(write(fd, bytes, sizeof bytes), (ssize_t)sizeof bytes);
    }
    close(fd);
    TuneOptions opt = { .out = out, .epochs = 20, .threads = 1, .batch = 32, .lr = 2, .lambda = 0.5, .k = 400,
                        .validation = 0.1, .seed = 1 };
    char *files[] = { data };
    TuneReport report;
    cr_assert_eq(tune_run(&opt, files, 1, &report), 0);
    cr_assert_lt(report.loss[1], report.loss[0] / 2, "training loss %f -> %f", report.loss[0], report.loss[1]);
    char *text = slurp(out);
    const char *p = strstr(text, "drawish_scale[DRAWISH_NB] = {");
    int scale[DRAWISH_NB];
    cr_assert(p && sscanf(strchr(p, '{'), "{ %d, %d, %d, %d }", &scale[0], &scale[1], &scale[2], &scale[3]) == 4);
    cr_assert_lt(scale[DRAWISH_MINOR], drawish_scale[DRAWISH_MINOR] - 8, "scale %d", scale[DRAWISH_MINOR]);
    cr_assert_eq(scale[DRAWISH_ROOK], drawish_scale[DRAWISH_ROOK], "material not in the data keeps its scale");
    free(text);
    unlink(data);
    unlink(out);
}

Test(tune, help_lists_the_options_and_bad_input_is_refused)
{
    FILE *p = popen("./chuhan tune --help", "r");
    cr_assert(p);
    char text[4096];
    size_t n = fread(text, 1, sizeof text - 1, p);
    text[n] = 0;
    cr_assert_eq(pclose(p), 0);
    const char *flags[] = { "--out", "--epochs", "--batch", "--lr", "--lambda", "--l2", "--k", "--validation", "--threads",
                            "--seed" };
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
        cr_assert(strstr(text, flags[i]), "%s not listed", flags[i]);
    cr_assert_eq(WEXITSTATUS(system("./chuhan tune 2>/dev/null")), 2, "no file");
    cr_assert_eq(WEXITSTATUS(system("./chuhan tune --lambda 2 x.bin 2>/dev/null")), 2, "lambda beyond 1");
    cr_assert_eq(WEXITSTATUS(system("./chuhan tune --epochs 1 /tmp/no-such-chuhan-data.bin 2>/dev/null")), 1, "missing file");
}

Test(tune, known_drawish_material_gets_its_endgame_scale)
{
    static Board b;
    static EvalCoeffs c;
    set_fen(&b, "3ak1b2/4a4/4b4/9/9/9/9/4N4/9/4K4 w - - 0 1"); /* a horse against both advisors and elephants */
    evaluate_coefficients(&b, &c);
    cr_assert_eq(c.drawish[RED], DRAWISH_MINOR);
    cr_assert_eq(c.drawish[BLACK], DRAWISH_NB);
    set_fen(&b, "3ak1b2/4a4/4b4/9/9/9/4P4/4N4/9/4K4 w - - 0 1"); /* and a pawn besides */
    evaluate_coefficients(&b, &c);
    cr_assert_eq(c.drawish[RED], DRAWISH_MINOR_PAWN);
    set_fen(&b, "3ak4/4a4/4b4/9/9/9/9/4N4/9/4K4 w - - 0 1"); /* one elephant short: no scale */
    evaluate_coefficients(&b, &c);
    cr_assert_eq(c.drawish[RED], DRAWISH_NB);
}
