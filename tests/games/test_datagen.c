/* Training records and self-play data generation. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "../../datagen/datagen.h"
#include "../../datagen/record.h"
#include "../../search/engine.h"
#include "../common.h"

TestSuite(datagen, .init = setup_tables, .timeout = 120);

/* Move of a record, in board terms. */
static Move record_move(const Record *r)
{
    return move_of(point_sq(r->move / POINT_NB), point_sq(r->move % POINT_NB));
}

Test(datagen, a_record_round_trips_its_position_and_move)
{
    static Board b, back;
    uint64_t rng = 99;
    set_fen(&b, START_FEN);
    for (int ply = 0; ply < 200; ply++) {
        Move list[MAX_MOVES];
        int n = gen_legal(&b, list);
        if (!n)
            break;
        Move m = list[test_random(&rng) % (uint64_t)n];
        Record r, u;
        uint8_t bytes[RECORD_BYTES];
        record_from_board(&b, -1234, m, &r);
        r.result = RESULT_RED_WON;
        record_pack(&r, bytes);
        record_unpack(bytes, &u);
        cr_assert_eq(memcmp(&r, &u, sizeof r), 0);
        record_to_board(&u, &back);
        cr_assert_eq(back.key, b.key);
        cr_assert_eq(back.rule60, b.rule60 < 255 ? b.rule60 : 255);
        cr_assert_eq(back.checked, b.checked);
        cr_assert_eq(record_move(&u), m);
        cr_assert_eq(u.score, -1234);
        cr_assert_eq(!!(u.flags & RECORD_CAPTURE), b.sq[move_to(m)] != EMPTY);
        make_move(&b, m);
    }
}

static uint8_t *read_file(const char *path, size_t *size);

/* Runs datagen into a fresh file; returns its bytes (malloc'd) and size. */
static uint8_t *generate(DatagenOptions opt, size_t *size)
{
    char path[] = "/tmp/chuhan-datagen-XXXXXX";
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    close(fd);
    opt.out = path;
    cr_assert_eq(datagen_run(&opt), 0);
    return read_file(path, size);
}

/* Removes a data file and the manifest datagen wrote beside it. */
static void remove_data(const char *path)
{
    char manifest[64];
    snprintf(manifest, sizeof manifest, "%s.manifest", path);
    unlink(path);
    unlink(manifest);
}

/* The file's bytes (malloc'd) and size; the file is removed. */
static uint8_t *read_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    cr_assert(f);
    fseek(f, 0, SEEK_END);
    *size = (size_t)ftell(f);
    rewind(f);
    uint8_t *data = malloc(*size + 1);
    cr_assert_eq(fread(data, 1, *size, f), *size);
    fclose(f);
    remove_data(path);
    return data;
}

Test(datagen, games_give_legal_positions_moves_and_results)
{
    DatagenOptions opt = { .positions = 300, .nodes = 400, .workers = 2, .random_plies = 6, .hash_mb = 1, .seed = 7 };
    size_t size;
    uint8_t *data = generate(opt, &size);
    cr_assert_eq(size % RECORD_BYTES, 0);
    cr_assert_geq(size / RECORD_BYTES, 300);
    int results[3] = { 0 };
    for (size_t i = 0; i < size / RECORD_BYTES; i++) {
        static Board b;
        Record r;
        record_unpack(data + i * RECORD_BYTES, &r);
        record_to_board(&r, &b);
        Move m = record_move(&r);
        cr_assert(move_is_legal(&b, m), "record %zu: illegal move", i);
        cr_assert_leq(r.result, RESULT_RED_WON);
        cr_assert_eq(!!(r.flags & RECORD_IN_CHECK), b.checked);
        cr_assert_eq(!!(r.flags & RECORD_CAPTURE), b.sq[move_to(m)] != EMPTY);
        results[r.result]++;
    }
    cr_assert(results[0] + results[2] > 0, "some games are decided");
    free(data);
}

Test(datagen, the_same_seed_replays_the_same_games)
{
    DatagenOptions opt = { .positions = 150, .nodes = 300, .workers = 1, .random_plies = 4, .hash_mb = 1, .seed = 3 };
    size_t n1, n2;
    uint8_t *a = generate(opt, &n1), *b = generate(opt, &n2);
    cr_assert_eq(n1, n2);
    cr_assert_eq(memcmp(a, b, n1), 0);
    opt.seed = 4;
    uint8_t *c = generate(opt, &n2);
    cr_assert(n1 != n2 || memcmp(a, c, n1), "another seed, other games");
    free(a);
    free(b);
    free(c);
}

Test(datagen, a_torn_record_left_by_a_killed_run_is_cut_before_games_are_added)
{
    char path[] = "/tmp/chuhan-datagen-XXXXXX";
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    static const uint8_t torn[RECORD_BYTES + 17] = { 1, 2, 3 };
    cr_assert_eq(write(fd, torn, sizeof torn), (ssize_t)sizeof torn);
    close(fd);
    DatagenOptions opt = { .positions = 50, .nodes = 200, .workers = 1, .random_plies = 4, .hash_mb = 1, .seed = 5,
                           .out = path };
    cr_assert_eq(datagen_run(&opt), 0);
    FILE *f = fopen(path, "rb");
    static uint8_t data[1 << 16];
    size_t size = fread(data, 1, sizeof data, f);
    fclose(f);
    remove_data(path);
    cr_assert_eq(size % RECORD_BYTES, 0, "%zu bytes", size);
    cr_assert_eq(memcmp(data, torn, RECORD_BYTES), 0, "the whole record before it is kept");
    cr_assert_gt(size, RECORD_BYTES);
}

/* Sorted so that files written by different numbers of workers compare. */
static int record_order(const void *a, const void *b) { return memcmp(a, b, RECORD_BYTES); }

Test(datagen, rescoring_searches_each_position_again_and_keeps_its_move_result_and_flags)
{
    DatagenOptions opt = { .positions = 1500, .nodes = 200, .workers = 1, .random_plies = 4, .hash_mb = 1, .seed = 8 };
    size_t size, size1, size2;
    uint8_t *games = generate(opt, &size);
    char in[] = "/tmp/chuhan-datagen-XXXXXX";
    int fd = mkstemp(in);
    cr_assert_eq(write(fd, games, size), (ssize_t)size);
    close(fd);

    DatagenOptions again = { .positions = 1000000, .nodes = 500, .workers = 1, .hash_mb = 1, .rescore = in };
    uint8_t *one = generate(again, &size1);
    again.workers = 2;
    uint8_t *two = generate(again, &size2);
    unlink(in);

    cr_assert_eq(size1, size, "every record is searched again");
    size_t changed = 0;
    for (size_t i = 0; i < size; i += RECORD_BYTES) {
        Record old, now;
        record_unpack(games + i, &old);
        record_unpack(one + i, &now);
        changed += now.score != old.score;
        now.score = old.score;
        cr_assert_eq(memcmp(&old, &now, sizeof old), 0, "record %zu: only the score changes", i / RECORD_BYTES);
    }
    cr_assert_gt(changed, size / RECORD_BYTES / 2, "a deeper search scores most positions otherwise");
    cr_assert_eq(size2, size1);
    qsort(one, size1 / RECORD_BYTES, RECORD_BYTES, record_order);
    qsort(two, size2 / RECORD_BYTES, RECORD_BYTES, record_order);
    cr_assert_eq(memcmp(one, two, size1), 0, "the same scores whatever the number of workers");
    free(games);
    free(one);
    free(two);
}

Test(datagen, rescoring_refuses_a_missing_input_and_its_own_output)
{
    DatagenOptions opt = { .positions = 10, .nodes = 100, .workers = 1, .hash_mb = 1,
                           .rescore = "/nonexistent/records.bin", .out = "/tmp/chuhan-datagen-unused.bin" };
    cr_assert_eq(datagen_run(&opt), 2);
    opt.rescore = opt.out;
    cr_assert_eq(datagen_run(&opt), 2);
    cr_assert_eq(access(opt.out, F_OK), -1, "nothing written");
}

Test(datagen, a_game_that_enters_the_endgame_tables_takes_their_result)
{
    char dir[] = "/tmp/chuhan-datagen-tb-XXXXXX", book[64], out[256], cmd[160];
    cr_assert_not_null(mkdtemp(dir));
    snprintf(cmd, sizeof cmd, "./chuhan egtb build %s KAk >/dev/null 2>&1", dir);
    cr_assert_eq(run_shell(cmd, out, sizeof out), 0, "%s", out);
    snprintf(book, sizeof book, "%s/book.epd", dir);
    FILE *f = fopen(book, "w");
    fputs("4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1\n3k5/9/9/9/9/9/9/5A3/9/3K5 b - - 0 1\n", f);
    fclose(f);
    DatagenOptions opt = { .positions = UINT64_MAX / 2, .games = 3, .nodes = 200, .workers = 1, .random_plies = 2,
                           .hash_mb = 1, .seed = 6, .book = book, .egtb = dir };
    char path[] = "/tmp/chuhan-datagen-XXXXXX", manifest[64], text[1024] = "";
    close(mkstemp(path));
    opt.out = path;
    cr_assert_eq(datagen_run(&opt), 0);
    snprintf(manifest, sizeof manifest, "%s.manifest", path);
    f = fopen(manifest, "r");
    text[fread(text, 1, sizeof text - 1, f)] = 0;
    fclose(f);
    cr_assert(strstr(text, "| wrote games=3 positions="), "%s", text);
    cr_assert(strstr(text, " by-tables=3 "), "every game starts inside the tables: %s", text);
    size_t size;
    uint8_t *data = read_file(path, &size);
    for (size_t i = 0; i < size / RECORD_BYTES; i++) {
        Record r;
        record_unpack(data + i * RECORD_BYTES, &r);
        cr_assert_eq(r.result, RESULT_DRAW, "the tables' draw, whatever the play");
    }
    free(data);
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    run_shell(cmd, out, sizeof out);
}
