#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "../base/clock.h"
#include "../board/movegen.h"
#include "../notation/notation.h"
#include "../board/perft.h"
#include "perft_cmd.h"

static void print_speed(FILE *out, uint64_t nodes, int64_t us)
{
    fprintf(out, "Time (ms): %" PRId64 "\n", us / 1000);
    fprintf(out, "Nodes/second: %" PRIu64 "\n", us > 0 ? nodes * 1000000 / (uint64_t)us : 0);
}

uint64_t perft_divide(Board *b, int depth, int rank_base, FILE *out)
{
    int64_t start = now_us();
    uint64_t total = 0;
    if (depth < 1) {
        total = 1;
    } else {
        Move list[MAX_MOVES];
        int n = gen_legal(b, list);
        for (int i = 0; i < n; i++) {
            make_move(b, list[i]);
            uint64_t count = perft(b, depth - 1);
            unmake_move(b);
            char text[MOVE_STR_MAX];
            move_to_str(list[i], rank_base, text);
            fprintf(out, "%s: %" PRIu64 "\n", text, count);
            total += count;
        }
    }
    fprintf(out, "\nNodes searched: %" PRIu64 "\n", total);
    print_speed(out, total, now_us() - start);
    fflush(out);
    return total;
}

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    char *e = s + strlen(s);
    while (e > s && strchr(" \t\r\n", e[-1]))
        *--e = 0;
    return s;
}

PerftLine perft_parse_line(char *line, PerftCase *c)
{
    char *fen = trim(line);
    if (!*fen || *fen == '#')
        return PERFT_LINE_SKIP;
    char *f_depth = strchr(fen, ';');
    char *f_nodes = f_depth ? strchr(f_depth + 1, ';') : NULL;
    if (!f_nodes)
        return PERFT_LINE_BAD;
    *f_depth++ = 0;
    *f_nodes++ = 0;
    char *f_source = strchr(f_nodes, ';');
    if (f_source)
        *f_source = 0;
    c->fen = trim(fen);
    c->depth = atoi(f_depth);
    c->nodes = strtoull(f_nodes, NULL, 10);
    return PERFT_LINE_CASE;
}

int perft_suite(const char *path, uint64_t max_nodes, FILE *out)
{
    FILE *in = fopen(path, "r");
    if (!in)
        return -1;
    char line[512];
    int cases = 0, failed = 0, skipped = 0;
    uint64_t all_nodes = 0;
    int64_t all_us = 0;
    Board *b = board_new();
    while (b && fgets(line, sizeof line, in)) {
        PerftCase c;
        PerftLine kind = perft_parse_line(line, &c);
        if (kind == PERFT_LINE_SKIP)
            continue;
        if (kind == PERFT_LINE_BAD) {
            fprintf(out, "FAIL malformed line: %s\n", trim(line));
            failed++;
            continue;
        }
        const char *fen = c.fen;
        int depth = c.depth;
        uint64_t expected = c.nodes;
        if (max_nodes && expected > max_nodes) {
            skipped++;
            continue;
        }
        cases++;
        char err[128];
        if (!board_set_fen(b, fen, err, sizeof err)) {
            fprintf(out, "FAIL %3d  bad FEN (%s): %s\n", cases, err, fen);
            failed++;
            continue;
        }
        int64_t start = now_us();
        uint64_t got = perft(b, depth);
        int64_t us = now_us() - start;
        all_nodes += got;
        all_us += us;
        bool ok = got == expected;
        failed += !ok;
        fprintf(out, "%s %3d  depth %d  %12" PRIu64 " nodes  %8.3f s  %7.1f Mnps  %s", ok ? "ok  " : "FAIL", cases,
                depth, got, us / 1e6, us ? (double)got / (double)us : 0.0, fen);
        if (!ok)
            fprintf(out, "  (expected %" PRIu64 ")", expected);
        fputc('\n', out);
        fflush(out);
    }
    fclose(in);
    board_free(b);
    fprintf(out, "\n%d cases, %d passed, %d failed", cases, cases - failed, failed);
    if (skipped)
        fprintf(out, ", %d skipped over %" PRIu64 " nodes", skipped, max_nodes);
    fprintf(out, "\nNodes searched: %" PRIu64 "\n", all_nodes);
    print_speed(out, all_nodes, all_us);
    return failed;
}
