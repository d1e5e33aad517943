#include <stdlib.h>
#include <string.h>

#include "../probe/egtb.h"
#include "../board/movegen.h"
#include "../notation/notation.h"
#include "../text/words.h"
#include "build.h"
#include "census.h"
#include "compress_cmd.h"
#include "egtb_cmd.h"
#include "verify.h"

static void help(FILE *out)
{
    fprintf(out,
            "usage:\n"
            "  chuhan egtb build DIR [ENDING...] [--men N] [--rules asian|repetition-draw|both] [--threads N]\n"
            "      retrograde analysis of each ending into DIR, the endings its captures reach first;\n"
            "      an ending is its men, red's upper case then black's lower case, generals included\n"
            "      (KRkaa, KNPkab); --men N adds every ending of up to N men; both rule sets unless\n"
            "      --rules says one; tables already in DIR are kept; --one-byte writes the old\n"
            "      uncompressed format (to measure against; the engine reads it only once compressed)\n"
            "  chuhan egtb probe DIR FEN... [--rules asian|repetition-draw]\n"
            "      a line each FEN: win N, loss N (N moves, as UCI's score mate), draw or none, then\n"
            "      the moves that keep it (each with its N); 'rule' when it stands only by the\n"
            "      perpetual-check rule, 'limit' when the natural limit draws it; 'error' for a FEN\n"
            "      that is not a legal position (the reason on stderr, exit status 2)\n"
            "  chuhan egtb verify DIR [ENDING...] [--rules asian|repetition-draw|both]\n"
            "      derives every position again from its successors, prints each mismatch\n"
            "  chuhan egtb stats DIR ENDING [--rules asian|repetition-draw|both]\n"
            "  chuhan egtb compress DIR [--distance-blocks N]\n"
            "      rewrites each one-byte table of DIR (format 1) compressed, one at a time, each read\n"
            "      back and compared before it replaces the old file; the distances in blocks of 2^N\n"
            "      numbers (14 to 17, 16 by default: larger is smaller, slower to probe cold;\n"
            "      14 writes format 3, which builds before format 4 read too)\n"
            "  chuhan egtb measure DIR ENDING [--rules ...]   the codec's levers on one table, in bytes\n"
            "  chuhan egtb speed DIR ENDING [--positions N] [--rules ...]   probes a second, cold and warm\n"
            "  chuhan egtb census [--men N] FILE...\n"
            "      the endings of the tables' set (up to five men, or N, and the practical ones of\n"
            "      egtb/practical.txt) that the games of PGN files enter: the games entering each, and\n"
            "      entering it first, with their shares of the games counted, most entered first\n"
            "Rules: under repetition-draw every repetition draws; under asian a side that holds\n"
            "only by checking for ever loses. Perpetual chase is not modelled: a position held\n"
            "only by chasing is a draw in the tables. The natural limit (120 plies asian, 100\n"
            "repetition-draw, counted from the capture that entered the ending; checks count as\n"
            "any move) marks wins and losses beyond it. Files: docs/egtb.md.\n");
}

typedef struct {
    int rules; /* RULES_ASIAN, RULES_REPETITION_DRAW, or 2 for both */
    int threads;
    int men;   /* build: every ending of up to this many men too */
    bool one_byte; /* build: the uncompressed format */
    long positions; /* speed */
    int dblock_log2; /* compress: the distances' blocks */
    int argc;  /* what is left: folder and endings or FENs */
    char **argv;
} EgtbArgs;

static bool parse(int argc, char **argv, EgtbArgs *a, bool both_allowed)
{
    a->rules = both_allowed ? 2 : RULES_ASIAN;
    a->threads = 1;
    a->men = 0;
    a->one_byte = false;
    a->positions = 100000;
    a->dblock_log2 = TB_DBLOCK_LOG2;
    a->argc = 0;
    a->argv = argv;
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--rules") && i + 1 < argc) {
            RuleSet r;
            if (both_allowed && !strcmp(argv[i + 1], "both"))
                a->rules = 2;
            else if (tb_rules_parse(argv[i + 1], &r))
                a->rules = (int)r;
            else {
                fprintf(stderr, "chuhan egtb: unknown rules '%s' (asian, repetition-draw%s)\n", argv[i + 1], both_allowed ? ", both" : "");
                return false;
            }
            i++;
        } else if (!strcmp(argv[i], "--threads") && i + 1 < argc) {
            long long v;
            if (!parse_number(argv[i + 1], 1, 64, false, &v)) {
                fprintf(stderr, "chuhan egtb: --threads takes 1 to 64\n");
                return false;
            }
            a->threads = (int)v;
            i++;
        } else if (!strcmp(argv[i], "--men") && i + 1 < argc) {
            long long v;
            if (!parse_number(argv[i + 1], 2, 6, false, &v)) {
                fprintf(stderr, "chuhan egtb: --men takes 2 to 6\n");
                return false;
            }
            a->men = (int)v;
            i++;
        } else if (!strcmp(argv[i], "--one-byte")) {
            a->one_byte = true;
        } else if (!strcmp(argv[i], "--positions") && i + 1 < argc) {
            long long v;
            if (!parse_number(argv[i + 1], 1, 100000000, false, &v)) {
                fprintf(stderr, "chuhan egtb: --positions takes 1 to 100000000\n");
                return false;
            }
            a->positions = (long)v;
            i++;
        } else if (!strcmp(argv[i], "--distance-blocks") && i + 1 < argc) {
            long long v;
            if (!parse_number(argv[i + 1], TB_BLOCK_LOG2, TB_DBLOCK_LOG2_MAX, false, &v)) {
                fprintf(stderr, "chuhan egtb: --distance-blocks takes %d to %d\n", TB_BLOCK_LOG2, TB_DBLOCK_LOG2_MAX);
                return false;
            }
            a->dblock_log2 = (int)v;
            i++;
        } else if (argv[i][0] == '-' && argv[i][1] == '-') {
            fprintf(stderr, "chuhan egtb: unknown option %s\n", argv[i]);
            return false;
        } else {
            a->argv[a->argc++] = argv[i];
        }
    }
    return true;
}

static bool each_rule(int rules, int r) { return rules == 2 || rules == r; }

/* Every ending of exactly `men` men, each once (in the colouring it is stored as), appended to out. */
static int endings_of(int men, Ending *cur, int kind, int left, Ending *out, int n, int max)
{
    if (kind == 2 * (PIECE_TYPE_NB - 1)) {
        if (!left && ending_is_canonical(cur) && n < max)
            out[n++] = *cur;
        return n;
    }
    int side = kind / (PIECE_TYPE_NB - 1), type = ADVISOR + kind % (PIECE_TYPE_NB - 1);
    int most = type == PAWN ? 5 : 2;
    for (int k = 0; k <= most && k <= left; k++) {
        cur->count[side][type] = (uint8_t)k;
        n = endings_of(men, cur, kind + 1, left - k, out, n, max);
    }
    cur->count[side][type] = 0;
    return n;
}

enum { ENDINGS_MAX = 4096 };

static int cmd_build(EgtbArgs *a)
{
    if (a->argc < 1 || (a->argc < 2 && !a->men)) {
        help(stderr);
        return 2;
    }
    static Ending e[ENDINGS_MAX];
    int n = 0;
    char err[512];
    for (int men = 2; men <= a->men; men++) {
        Ending cur = { .count = { [RED][KING] = 1, [BLACK][KING] = 1 } };
        n = endings_of(men, &cur, 0, men - 2, e, n, ENDINGS_MAX);
    }
    for (int i = 1; i < a->argc && n < ENDINGS_MAX; i++)
        if (!ending_parse(a->argv[i], &e[n++], err, sizeof err)) {
            fprintf(stderr, "chuhan egtb: %s\n", err);
            return 2;
        }
    /* An ending that fails is said and skipped; the others are built. */
    TbBuildOptions opt = { .threads = a->threads, .progress = stderr, .one_byte = a->one_byte };
    static Ending seen[2][ENDINGS_MAX];
    int nseen[2] = { 0, 0 };
    for (int i = 0; i < n; i++)
        for (int r = 0; r < 2; r++)
            if (each_rule(a->rules, r))
                opt.to_build += tb_build_missing(a->argv[0], &e[i], (RuleSet)r, seen[r], &nseen[r], ENDINGS_MAX);
    int failed = 0;
    for (int i = 0; i < n; i++)
        for (int r = 0; r < 2; r++)
            if (each_rule(a->rules, r) && !tb_build(a->argv[0], &e[i], (RuleSet)r, &opt, err, sizeof err)) {
                fprintf(stderr, "chuhan egtb: %s\n", err);
                failed++;
            }
    return failed ? 1 : 0;
}

static TbSet *open_set(const char *dir)
{
    TbSet *s = tb_set_new();
    char err[512];
    if (s && !tb_set_paths(s, dir, err, sizeof err)) {
        fprintf(stderr, "chuhan egtb: %s\n", err);
        tb_set_free(s);
        return NULL;
    }
    if (s)
        tb_set_memory(s, (size_t)256 << 20);
    return s;
}

/* "win 3", "loss 2", "draw" for the side to move, N in moves. */
typedef struct {
    Move move;
    uint8_t value; /* for the mover after it */
} Scored;

/*
 * The mover's value after each legal move, best first: shortest wins, then
 * draws, then longest losses. Where the position's result stands without the
 * perpetual-check rule, a successor that needs the rule counts as a draw.
 */
static int scored_moves(TbSet *s, Board *b, bool rule, Scored out[MAX_MOVES])
{
    Move list[MAX_MOVES];
    int n = gen_legal(b, list), k = 0;
    for (int i = 0; i < n; i++) {
        TbResult r;
        if (!tb_probe_after(s, b, list[i], rule, &r))
            continue;
        uint8_t v = tb_decided(r.value) ? tb_value(tb_plies(r.value) + 1) : TB_DRAW; /* one ply further, for the mover */
        int j = k++;
        /* rank: wins by distance, then draws, then losses by distance, longest first */
        int key = tb_win(v) ? tb_plies(v) : tb_loss(v) ? 2000 - tb_plies(v) : 1000;
        for (; j > 0; j--) {
            int o = out[j - 1].value, okey = tb_win(o) ? tb_plies(o) : tb_loss(o) ? 2000 - tb_plies(o) : 1000;
            if (okey <= key)
                break;
            out[j] = out[j - 1];
        }
        out[j] = (Scored){ list[i], v };
    }
    return k;
}

static void probe_one(TbSet *s, Board *b, FILE *out)
{
    TbResult r;
    if (!tb_probe(s, b, &r)) {
        fprintf(out, "none\n");
        return;
    }
    char text[32];
    tb_result_text(&r, text, sizeof text);
    fprintf(out, "%s", text);
    Scored moves[MAX_MOVES];
    int n = scored_moves(s, b, r.flags & TB_FLAG_RULE, moves);
    for (int i = 0; i < n; i++) {
        bool keeps = tb_win(r.value) ? tb_win(moves[i].value) : tb_loss(r.value) ? true : moves[i].value == TB_DRAW;
        if (!keeps)
            continue;
        char m[MOVE_STR_MAX];
        move_to_str(moves[i].move, 0, m);
        if (tb_decided(moves[i].value))
            fprintf(out, " %s:%d", m, tb_win(moves[i].value) ? (tb_plies(moves[i].value) + 1) / 2 : tb_plies(moves[i].value) / 2);
        else
            fprintf(out, " %s", m);
    }
    fprintf(out, "\n");
}

static int cmd_probe(EgtbArgs *a)
{
    if (a->argc < 2) {
        help(stderr);
        return 2;
    }
    TbSet *s = open_set(a->argv[0]);
    Board *b = board_new();
    if (!s || !b) {
        tb_set_free(s);
        board_free(b);
        return 2;
    }
    int status = 0;
    for (int i = 1; i < a->argc; i++) {
        char err[256];
        if (!board_set_fen(b, a->argv[i], err, sizeof err)) {
            /* A line each FEN all the same, so that a caller's lines stay in step with its FENs. */
            printf("error\n");
            fflush(stdout);
            fprintf(stderr, "chuhan egtb: %s: %s\n", a->argv[i], err);
            status = 2;
            continue;
        }
        b->rules = (uint8_t)a->rules;
        probe_one(s, b, stdout);
        if (tb_set_error(s, err, sizeof err)) {
            fprintf(stderr, "chuhan egtb: %s\n", err);
            status = 1;
        }
    }
    board_free(b);
    tb_set_free(s);
    return status;
}

static int cmd_stats(EgtbArgs *a)
{
    Ending e;
    char err[512];
    if (a->argc != 2) {
        help(stderr);
        return 2;
    }
    if (!ending_parse(a->argv[1], &e, err, sizeof err)) {
        fprintf(stderr, "chuhan egtb: %s\n", err);
        return 2;
    }
    Ending c = ending_is_canonical(&e) ? e : ending_swap(&e);
    int status = 0;
    for (int r = 0; r < 2; r++) {
        if (!each_rule(a->rules, r))
            continue;
        char name[64], path[4200];
        tb_file_name(&c, (RuleSet)r, name, sizeof name);
        snprintf(path, sizeof path, "%s/%s", a->argv[0], name);
        TbFile f; /* the header has them: no block is read */
        if (!tbf_open(&f, path, &c, (RuleSet)r, err, sizeof err)) {
            fprintf(stderr, "chuhan egtb: %s\n", err);
            status = 1;
            continue;
        }
        tb_print_stats(&f.head, stdout);
        tbf_close(&f);
    }
    return status;
}

static int cmd_verify(EgtbArgs *a)
{
    if (a->argc < 1) {
        help(stderr);
        return 2;
    }
    TbSet *s = open_set(a->argv[0]);
    if (!s)
        return 2;
    long mismatches = 0;
    int status = 0;
    for (int r = 0; r < 2 && status != 2; r++)
        if (each_rule(a->rules, r))
            status = tb_verify_folder(s, a->argv[0], (RuleSet)r, a->argv + 1, a->argc - 1, a->threads, &mismatches, stdout);
    tb_set_free(s);
    if (status == 0 && mismatches)
        status = 1;
    printf("%ld mismatches\n", mismatches);
    return status;
}

int egtb_main(int argc, char **argv)
{
    if (argc < 1 || !strcmp(argv[0], "--help") || !strcmp(argv[0], "-h")) {
        help(argc < 1 ? stderr : stdout);
        return argc < 1 ? 2 : 0;
    }
    EgtbArgs a;
    const char *cmd = argv[0];
    if (!strcmp(cmd, "census"))
        return tb_census_main(argc - 1, argv + 1);
    bool both = strcmp(cmd, "probe") != 0;
    if (!parse(argc - 1, argv + 1, &a, both))
        return 2;
    if (!strcmp(cmd, "build"))
        return cmd_build(&a);
    if (!strcmp(cmd, "probe"))
        return cmd_probe(&a);
    if (!strcmp(cmd, "stats"))
        return cmd_stats(&a);
    if (!strcmp(cmd, "verify"))
        return cmd_verify(&a);
    if (!strcmp(cmd, "compress") && a.argc == 1)
        return tb_compress_folder(a.argv[0], (unsigned)a.dblock_log2, stdout);
    if ((!strcmp(cmd, "measure") || !strcmp(cmd, "speed")) && a.argc == 2) {
        Ending e;
        char err[512];
        if (!ending_parse(a.argv[1], &e, err, sizeof err)) {
            fprintf(stderr, "chuhan egtb: %s\n", err);
            return 2;
        }
        int status = 0;
        for (int r = 0; r < 2 && status != 2; r++)
            if (each_rule(a.rules, r))
                status |= !strcmp(cmd, "measure") ? tb_measure(a.argv[0], &e, (RuleSet)r, stdout)
                                                  : tb_speed(a.argv[0], &e, (RuleSet)r, a.positions, stdout);
        return status;
    }
    fprintf(stderr, "chuhan egtb: unknown command '%s'\n", cmd);
    help(stderr);
    return 2;
}
