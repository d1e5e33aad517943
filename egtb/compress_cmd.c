#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../board/attack.h"
#include "../probe/egtb.h"
#include "../probe/egtb_cache.h"
#include "compress_cmd.h"
#include "tb_compress.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static long long file_bytes(const char *path)
{
    FILE *f = fopen(path, "rb");
    long long n = -1;
    if (f && !fseek(f, 0, SEEK_END))
        n = ftell(f);
    if (f)
        fclose(f);
    return n;
}

/* One file: its one-byte table read, written compressed over it; false and said where it fails. */
static bool compress_one(const char *path, const char *name, const TbCodecOptions *o, long long *before, long long *after, FILE *out)
{
    TbTable t;
    char err[4400];
    RuleSet r = strstr(name, ".asian.") ? RULES_ASIAN : RULES_REPETITION_DRAW;
    long long b = file_bytes(path);
    bool ok = tb_onebyte_read(&t, path, NULL, r, err, sizeof err) && tb_write_with(path, &t, NULL, o, err, sizeof err);
    if (t.block)
        tb_file_free(&t);
    long long a = file_bytes(path);
    if (ok) {
        fprintf(out, "%s: %lld -> %lld bytes (%.1fx)\n", name, b, a, a > 0 ? (double)b / a : 0.0);
        *before += b, *after += a;
    } else {
        fprintf(out, "%s: not converted: %s\n", name, err);
    }
    fflush(out);
    return ok;
}

int tb_compress_folder(const char *dir, unsigned dblock_log2, FILE *out)
{
    TbCodecOptions o = tb_codec_default;
    o.dblock_log2 = dblock_log2;
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "chuhan egtb: cannot read the folder %s\n", dir);
        return 2;
    }
    int failed = 0, done = 0;
    long long before = 0, after = 0;
    for (struct dirent *f; (f = readdir(d));) {
        size_t len = strlen(f->d_name);
        char path[4200];
        if (len < 6 || strcmp(f->d_name + len - 5, ".egtb"))
            continue;
        if (snprintf(path, sizeof path, "%s/%s", dir, f->d_name) >= (int)sizeof path || !tb_file_is_one_byte(path))
            continue;
        if (compress_one(path, f->d_name, &o, &before, &after, out))
            done++;
        else
            failed++;
    }
    closedir(d);
    fprintf(out, "%d tables compressed, %lld -> %lld bytes (%.1fx)%s\n", done, before, after,
            after ? (double)before / after : 0.0, failed ? ", some failed" : "");
    return failed ? 1 : 0;
}

static bool table_path(const char *dir, const Ending *e, RuleSet r, char *path, size_t len)
{
    Ending c = ending_is_canonical(e) ? *e : ending_swap(e);
    char name[64];
    tb_file_name(&c, r, name, sizeof name);
    return (size_t)snprintf(path, len, "%s/%s", dir, name) < len;
}

/* The bytes a set of levers gives: header and index, the search part and the distances. */
static void measure_one(const TbTable *t, const char *what, const TbCodecOptions *o, uint64_t legal, FILE *out)
{
    TbImage im;
    if (!tb_image_make(&im, t, NULL, o)) {
        fprintf(out, "  %s: not enough memory\n", what);
        return;
    }
    size_t total = TB_CHEADER_BYTES + im.index_bytes + im.prior_bytes + im.part_bytes[0] + im.part_bytes[1];
    fprintf(out, "  %-34s %10zu bytes (search %zu, distances %zu, index %zu, priors %zu); %.4f bytes a position, search %.4f\n",
            what, total, im.part_bytes[0], im.part_bytes[1], im.index_bytes, im.prior_bytes, (double)total / legal,
            (double)(im.part_bytes[0] + im.prior_part[0]) / legal);
    tb_image_free(&im);
}

int tb_measure(const char *dir, const Ending *e, RuleSet r, FILE *out)
{
    char path[4200], err[4400];
    TbTable t;
    if (!table_path(dir, e, r, path, sizeof path) || !tb_file_read(&t, path, NULL, r, err, sizeof err)) {
        fprintf(stderr, "chuhan egtb: %s\n", err);
        return 1;
    }
    uint64_t numbers = 2 * t.layout.size, legal = numbers - t.stats.none[0] - t.stats.none[1];
    fprintf(out, "%s %s: %llu numbers, %llu positions; one byte a number: %llu bytes, %.4f bytes a position\n", t.name,
            tb_rules_name(r), (unsigned long long)numbers, (unsigned long long)legal,
            (unsigned long long)(numbers + TB_HEADER_BYTES), (double)(numbers + TB_HEADER_BYTES) / legal);
    TbCodecOptions o = tb_codec_default;
    measure_one(&t, "every lever (the files)", &o, legal, out);
    o.remap = false;
    measure_one(&t, "no remapping", &o, legal, out);
    o = tb_codec_default, o.above = false;
    measure_one(&t, "no second neighbour in the contexts", &o, legal, out);
    o = tb_codec_default, o.fill = false;
    measure_one(&t, "no-positions kept, not filled", &o, legal, out);
    for (unsigned b = 10; b <= 16; b += 2) {
        char what[64];
        snprintf(what, sizeof what, "blocks of 2^%u numbers", b);
        o = tb_codec_default, o.block_log2 = b, o.dblock_log2 = b;
        measure_one(&t, what, &o, legal, out);
    }
    for (unsigned b = 14; b <= TB_DBLOCK_LOG2_MAX; b++) {
        char what[64];
        snprintf(what, sizeof what, "distance blocks of 2^%u numbers", b);
        o = tb_codec_default, o.dblock_log2 = b;
        measure_one(&t, what, &o, legal, out);
    }
    tb_file_free(&t);
    return 0;
}

/* A random legal position of the layout's ending on b, side to move random too. */
static void random_position(const TbLayout *l, RuleSet r, uint64_t *seed, Board *b)
{
    for (;;) {
        *seed ^= *seed << 13, *seed ^= *seed >> 7, *seed ^= *seed << 17;
        TbPos p;
        tb_position(l, (*seed >> 1) % l->size, &p);
        bool ok = (uint64_t)tb_index(l, &p) == (*seed >> 1) % l->size;
        for (int a = 0; ok && a < l->men; a++)
            for (int c = a + 1; c < l->men; c++)
                ok = ok && p.sq[a] != p.sq[c];
        p.side = (int)(*seed & 1);
        if (!ok)
            continue;
        tb_to_board(l, &p, b);
        b->rules = (uint8_t)r;
        if (!king_attacked(b, !p.side))
            return;
    }
}

/* Probes of the positions, timed; how many found a value. */
static long timed_probes(TbSet *s, Board **pos, long n, double *secs)
{
    long found = 0;
    double t0 = now();
    for (long i = 0; i < n; i++) {
        TbResult res;
        found += tb_probe(s, pos[i], &res);
    }
    *secs = now() - t0;
    return found;
}

/* Cold and warm probes a second of these positions, on the least cache then on one that holds every block. */
static void speed_of(TbSet *s, Board **pos, long n, const char *what, FILE *out)
{
    double cold, warm;
    uint64_t hits0, misses0, hits, misses;
    tb_set_memory(s, 0); /* the least, 1 MB: nearly every probe of random positions in a large table reads its block */
    tb_set_counts(s, &hits0, &misses0);
    long found = timed_probes(s, pos, n, &cold);
    tb_set_counts(s, &hits, &misses);
    fprintf(out, "  %s: %ld positions, %ld found; cold (a cache of %d MB): %.0f probes/s, %llu block reads", what, n, found,
            TB_CACHE_LEAST >> 20, n / cold, (unsigned long long)(misses - misses0));
    tb_set_memory(s, (size_t)1 << 30);
    timed_probes(s, pos, n, &warm);
    timed_probes(s, pos, n, &warm);
    fprintf(out, "; warm (every block cached): %.0f probes/s\n", n / warm);
}

/* The positions split into those the search part alone answers (draws) and those that need their distance too. */
static void speed_by_part(TbSet *s, Board **pos, long n, FILE *out)
{
    Board **part[2] = { calloc((size_t)n + 1, sizeof **part), calloc((size_t)n + 1, sizeof **part) };
    long count[2] = { 0, 0 };
    for (long i = 0; part[0] && part[1] && i < n; i++) {
        TbResult r;
        if (tb_probe(s, pos[i], &r)) {
            int decided = tb_decided(r.value) ? 1 : 0;
            part[decided][count[decided]++] = pos[i];
        }
    }
    if (count[0])
        speed_of(s, part[0], count[0], "draws (the search part alone)", out);
    if (count[1])
        speed_of(s, part[1], count[1], "won or lost (the search part and the distances)", out);
    free(part[0]);
    free(part[1]);
}

int tb_speed(const char *dir, const Ending *e, RuleSet r, long positions, FILE *out)
{
    char path[4200], err[4400];
    TbFile f;
    if (!table_path(dir, e, r, path, sizeof path) || !tbf_open(&f, path, NULL, r, err, sizeof err)) {
        fprintf(stderr, "chuhan egtb: %s\n", err);
        return 1;
    }
    Board **pos = calloc((size_t)positions, sizeof *pos);
    uint64_t seed = 0x9E3779B97F4A7C15ull;
    for (long i = 0; pos && i < positions; i++)
        if ((pos[i] = board_new()))
            random_position(&f.head.layout, r, &seed, pos[i]);
    TbSet *s = tb_set_new();
    int status = s && pos && tb_set_paths(s, dir, err, sizeof err) ? 0 : 1;
    if (!status) {
        fprintf(out, "%s: %ld random positions\n", path, positions);
        speed_of(s, pos, positions, "all", out);
        speed_by_part(s, pos, positions, out);
    }
    for (long i = 0; pos && i < positions; i++)
        board_free(pos[i]);
    free(pos);
    tb_set_free(s);
    tbf_close(&f);
    return status;
}
