/* Training data as chains of games: the compact form, its readers and writers, shards and manifests. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "../../datagen/datagen.h"
#include "../../datagen/writer.h"
#include "../common.h"

TestSuite(chains, .init = setup_tables, .timeout = 120);

enum { MAX_RECORDS = 20000 };

/* A fresh empty file's path in path (of "/tmp/chuhan-chains-XXXXXX"). */
static void fresh(char path[static 27])
{
    strcpy(path, "/tmp/chuhan-chains-XXXXXX");
    close(mkstemp(path));
}

static void remove_data(const char *path)
{
    char manifest[64];
    snprintf(manifest, sizeof manifest, "%s.manifest", path);
    unlink(path);
    unlink(manifest);
}

/* Every record of a data file, of either form, into out; how many. */
static int read_all(const char *path, Record *out, uint64_t *damaged)
{
    RecordReader in;
    cr_assert(reader_open(&in, path, "test"));
    int n = 0, got;
    while (n < MAX_RECORDS && (got = reader_next(&in, &out[n])) > 0)
        n++;
    cr_assert_eq(got, 0, "the data ends cleanly");
    if (damaged)
        *damaged = in.damaged;
    reader_close(&in);
    return n;
}

static long file_size(const char *path)
{
    FILE *f = fopen(path, "rb");
    cr_assert(f);
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fclose(f);
    return size;
}

/* Self-play games at a small budget into path, in form. */
static void play(const char *path, DataForm form, uint64_t games, int shard, int shards, uint64_t seed)
{
    DatagenOptions opt = { .positions = UINT64_MAX / 2, .games = games, .nodes = 200, .workers = 1,
                           .random_plies = 6, .hash_mb = 1, .seed = seed, .shard = shard, .shards = shards,
                           .form = (int)form, .out = path };
    cr_assert_eq(datagen_run(&opt), 0);
}

/* A fresh file at path of self-play games, read back into out unless it is NULL; how many records. */
static int played(char path[static 27], DataForm form, uint64_t games, int shard, int shards, uint64_t seed,
                  Record *out)
{
    fresh(path);
    play(path, form, games, shard, shards, seed);
    return out ? read_all(path, out, NULL) : 0;
}

static Record a[MAX_RECORDS], b[MAX_RECORDS];

Test(chains, games_written_as_chains_read_back_as_the_same_records_in_under_four_bytes_a_position)
{
    char records[32], chains[32];
    int n = played(records, FORM_RECORDS, 12, 1, 1, 21, a), m = played(chains, FORM_CHAINS, 12, 1, 1, 21, b);
    cr_assert_eq(m, n);
    cr_assert_eq(memcmp(a, b, sizeof *a * (size_t)n), 0, "the same records, field for field");
    cr_assert_eq(file_size(records), 40L * n);
    cr_assert_lt(file_size(chains), 4L * n, "%ld bytes for %d positions", file_size(chains), n);
    remove_data(records);
    remove_data(chains);
}

Test(chains, converting_to_chains_and_back_gives_the_records_byte_for_byte)
{
    char records[32], chains[32], back[32];
    played(records, FORM_RECORDS, 8, 1, 1, 22, NULL);
    fresh(chains);
    fresh(back);
    DatagenOptions to = { .convert = records, .out = chains, .form = FORM_CHAINS };
    cr_assert_eq(datagen_run(&to), 0);
    DatagenOptions from = { .convert = chains, .out = back, .form = FORM_RECORDS };
    cr_assert_eq(datagen_run(&from), 0);
    cr_assert(same_files(records, back));
    remove_data(records);
    remove_data(chains);
    remove_data(back);
}

Test(chains, a_file_cut_inside_a_game_reads_its_whole_games_and_the_next_run_cuts_the_rest_off)
{
    char path[32];
    int whole = played(path, FORM_CHAINS, 6, 1, 1, 23, a);
    long size = file_size(path);
    cr_assert_eq(truncate(path, size - 5), 0);
    int cut = read_all(path, b, NULL);
    cr_assert(cut < whole && cut > 0, "the torn last game is left out (%d of %d)", cut, whole);
    cr_assert_eq(memcmp(a, b, sizeof *a * (size_t)cut), 0);

    play(path, FORM_CHAINS, 2, 1, 1, 24);
    int after = read_all(path, b, NULL);
    cr_assert_gt(after, cut, "new games follow the whole ones");
    cr_assert_eq(memcmp(a, b, sizeof *a * (size_t)cut), 0);
    remove_data(path);
}

Test(chains, a_game_whose_bytes_changed_is_skipped_and_the_games_after_it_are_read)
{
    char path[32];
    int n = played(path, FORM_CHAINS, 4, 1, 1, 25, a);
    int fd = open(path, O_RDWR);
    uint8_t byte;
    cr_assert_eq(pread(fd, &byte, 1, CHAIN_HEADER + 40), 1);
    byte ^= 0x10;
    cr_assert_eq(pwrite(fd, &byte, 1, CHAIN_HEADER + 40), 1);
    close(fd);
    uint64_t damaged;
    int m = read_all(path, b, &damaged);
    cr_assert_eq(damaged, 1);
    cr_assert(m < n && m > 0);
    cr_assert_eq(memcmp(a + (n - m), b, sizeof *a * (size_t)m), 0, "the games after the first, unchanged");
    remove_data(path);
}

Test(chains, data_of_the_other_form_or_of_no_form_is_refused_with_a_message)
{
    char path[32];
    played(path, FORM_RECORDS, 1, 1, 1, 26, NULL);
    int form = FORM_CHAINS;
    cr_assert_eq(data_open_append(path, &form, "test"), -1, "chains are not appended to records");
    FILE *f = fopen(path, "wb");
    fputs("\310\002 not a game of this version", f);
    fclose(f);
    RecordReader in;
    Record r;
    cr_assert(reader_open(&in, path, "test"));
    cr_assert_eq(reader_next(&in, &r), -1);
    reader_close(&in);
    remove_data(path);
}

/* The checksums of a chain file's games, sorted, into sums (at most 64); how many. */
static int game_set(const char *path, uint32_t sums[static 64])
{
    static uint8_t data[1 << 20];
    FILE *f = fopen(path, "rb");
    size_t size = fread(data, 1, sizeof data, f), n = 0;
    fclose(f);
    for (size_t i = 0; i + CHAIN_HEADER <= size && n < 64; i += CHAIN_HEADER + chain_body_length(data + i))
        sums[n++] = (uint32_t)data[i + 4] | (uint32_t)data[i + 5] << 8 | (uint32_t)data[i + 6] << 16
                  | (uint32_t)data[i + 7] << 24;
    for (size_t i = 1; i < n; i++) /* insertion sort: a handful of games */
        for (size_t j = i; j > 0 && sums[j - 1] > sums[j]; j--) {
            uint32_t t = sums[j];
            sums[j] = sums[j - 1];
            sums[j - 1] = t;
        }
    return (int)n;
}

Test(chains, the_shards_of_a_seed_share_no_game_and_together_are_its_games)
{
    char all[32], merged[32];
    played(all, FORM_CHAINS, 6, 1, 1, 27, NULL);
    played(merged, FORM_CHAINS, 3, 1, 2, 27, NULL);
    uint32_t first[64], whole[64], both[64];
    cr_assert_eq(game_set(merged, first), 3);
    play(merged, FORM_CHAINS, 3, 2, 2, 27); /* appending is concatenating */
    cr_assert_eq(game_set(all, whole), 6);
    cr_assert_eq(game_set(merged, both), 6);
    cr_assert_eq(memcmp(whole, both, sizeof whole[0] * 6), 0, "shards 1/2 and 2/2 together are the six games of 1/1");
    remove_data(all);
    remove_data(merged);
}

Test(chains, the_manifest_names_every_option_the_build_and_what_each_run_wrote)
{
    char path[32], manifest[64], text[2048];
    played(path, FORM_CHAINS, 2, 2, 3, 28, NULL);
    play(path, FORM_CHAINS, 1, 3, 3, 28);
    snprintf(manifest, sizeof manifest, "%s.manifest", path);
    FILE *f = fopen(manifest, "r");
    cr_assert(f);
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = 0;
    cr_assert(strstr(text, "datagen seed=28 shard=2/3 games=2 "), "%s", text);
    cr_assert(strstr(text, "nodes=200 depth=0 random-plies=6 hash=1 threads=1 book=- egtb=- rescore=- form=chains"));
    cr_assert(strstr(text, "build=\"0.1, "));
    cr_assert(strstr(text, "| wrote games=2 positions="));
    cr_assert(strstr(text, "\ndatagen seed=28 shard=3/3 games=1 "), "a line for each run");
    cr_assert(strstr(text, "| wrote games=1 positions="));
    remove_data(path);
}

Test(chains, files_put_together_after_a_torn_game_read_every_whole_game_of_both)
{
    char first[32], second[32];
    int n1 = played(first, FORM_CHAINS, 3, 1, 2, 29, a), n2 = played(second, FORM_CHAINS, 3, 2, 2, 29, b);
    cr_assert_eq(truncate(first, file_size(first) - 3), 0);
    int kept = read_all(first, a, NULL);
    char cmd[96], out[8];
    snprintf(cmd, sizeof cmd, "cat %s >> %s", second, first);
    cr_assert_eq(run_shell(cmd, out, sizeof out), 0);
    static Record all[MAX_RECORDS];
    cr_assert_eq(read_all(first, all, NULL), kept + n2, "all but the torn game (%d of %d, then %d)", kept, n1, n2);
    cr_assert_eq(memcmp(all, a, sizeof *a * (size_t)kept), 0);
    cr_assert_eq(memcmp(all + kept, b, sizeof *b * (size_t)n2), 0);
    remove_data(first);
    remove_data(second);
}
