/* `chuhan datagen`: its options, read from the command line into a run of datagen.c. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../search/search_types.h"
#include "datagen.h"
#include "reader.h"

static void usage(FILE *out)
{
    fprintf(out,
            "usage: chuhan datagen [options]\n"
            "  --out FILE          append the data here (default chuhan-data.chg), what made it to FILE.manifest\n"
            "  --format F          chains (a game a block, about 3 bytes a position, datagen/chain.h: the default\n"
            "                      for a new file) or records (40 bytes each, datagen/record.h); a file keeps its own\n"
            "  --positions N       stop after N positions (default 1000000; no limit with --games alone)\n"
            "  --games N           stop after N games of this shard\n"
            "  --shard K/N         play games K, K + N, K + 2N, ... of the seed's games (default 1/1): shards\n"
            "                      of one seed share no game, and their files concatenate into one set\n"
            "  --nodes N           search budget per move (default 4000)\n"
            "  --depth N           a fixed depth per move instead\n"
            "  --threads N         games at once, one process each (default 2)\n"
            "  --random-plies N    random legal moves before the engine plays (default 8)\n"
            "  --book FILE         start from a random FEN of FILE (EPD) instead of the start position\n"
            "  --hash MB           table per worker (default 2)\n"
            "  --egtb DIRS         endgame tables for the search, and a game that enters them takes their\n"
            "                      result (folders as for the EGTBPath option)\n"
            "  --seed N            random seed (default 1); equal options and seed replay the same games\n"
            "  --rescore FILE      play no games: search each record of FILE again (--nodes or --depth)\n"
            "                      and append it to --out with the new score, its move and result kept\n"
            "  --convert FILE      play no games: write FILE's data (either form) anew to --out in --format\n");
}

/* A whole number argument in [lo, hi]. */
static bool arg_number(const char *s, uint64_t lo, uint64_t hi, uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (!*s || *end || errno || *s == '-' || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

/* K/N with 1 <= K <= N <= 1,000,000. */
static bool arg_shard(const char *s, int *k, int *n)
{
    char left[16];
    const char *slash = strchr(s, '/');
    uint64_t a, b;
    if (!slash || (size_t)(slash - s) >= sizeof left)
        return false;
    memcpy(left, s, (size_t)(slash - s));
    left[slash - s] = 0;
    if (!arg_number(left, 1, 1000000, &a) || !arg_number(slash + 1, 1, 1000000, &b) || a > b)
        return false;
    *k = (int)a;
    *n = (int)b;
    return true;
}

int datagen_main(int argc, char **argv)
{
    DatagenOptions opt = {
        .positions = 1000000, .nodes = 4000, .workers = 2, .random_plies = 8, .hash_mb = 2, .seed = 1,
        .out = "chuhan-data.chg", .form = -1,
    };
    int positions_given = 0; /* bit 0 --positions, bit 1 --games */
    for (int i = 0; i < argc; i += 2) { /* flag and value pairs */
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        uint64_t n = 0;
        bool ok = true;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        } else if (!v) {
            ok = false;
        } else if (!strcmp(a, "--out")) {
            opt.out = v;
        } else if (!strcmp(a, "--book")) {
            opt.book = v;
        } else if (!strcmp(a, "--egtb")) {
            opt.egtb = v;
        } else if (!strcmp(a, "--convert")) {
            opt.convert = v;
        } else if (!strcmp(a, "--format") && (ok = !strcmp(v, "chains") || !strcmp(v, "records"))) {
            opt.form = !strcmp(v, "chains") ? FORM_CHAINS : FORM_RECORDS;
        } else if (!strcmp(a, "--shard") && (ok = arg_shard(v, &opt.shard, &opt.shards))) {
        } else if (!strcmp(a, "--games") && (ok = arg_number(v, 1, UINT64_MAX / 2, &n))) {
            opt.games = n;
            positions_given |= 2;
        } else if (!strcmp(a, "--rescore")) {
            opt.rescore = v;
        } else if (!strcmp(a, "--positions") && (ok = arg_number(v, 1, UINT64_MAX / 2, &n))) {
            opt.positions = n;
            positions_given |= 1;
        } else if (!strcmp(a, "--nodes") && (ok = arg_number(v, 1, UINT64_MAX / 2, &n))) {
            opt.nodes = n;
        } else if (!strcmp(a, "--depth") && (ok = arg_number(v, 1, MAX_PLY - 8, &n))) {
            opt.depth = (int)n;
        } else if (!strcmp(a, "--threads") && (ok = arg_number(v, 1, 256, &n))) {
            opt.workers = (int)n;
        } else if (!strcmp(a, "--random-plies") && (ok = arg_number(v, 0, 40, &n))) {
            opt.random_plies = (int)n;
        } else if (!strcmp(a, "--hash") && (ok = arg_number(v, 1, 4096, &n))) {
            opt.hash_mb = (int)n;
        } else if (!strcmp(a, "--seed") && (ok = arg_number(v, 0, UINT64_MAX, &n))) {
            opt.seed = n;
        } else {
            ok = false;
        }
        if (!ok) {
            fprintf(stderr, "chuhan datagen: bad argument '%s'%s%s\n", a, v ? " " : "", v ? v : "");
            usage(stderr);
            return 2;
        }
    }
    if (positions_given == 2) /* a number of games, and no cap on positions */
        opt.positions = UINT64_MAX / 2;
    return datagen_run(&opt);
}
