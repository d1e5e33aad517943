/* The network trainer, a program of its own: from datagen's records to a network the engine reads. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../datagen/datagen.h"
#include "../../datagen/reader.h"
#include "../../eval/evaluate.h"
#include "../../search/engine.h"
#include "../common.h"

TestSuite(trainer, .init = setup_tables, .timeout = 120);

static char data_path[] = "/tmp/chuhan-train-data-XXXXXX";

/* A small file of self-play records. */
static const char *records(void)
{
    int fd = mkstemp(data_path);
    cr_assert(fd >= 0);
    close(fd);
    DatagenOptions opt = { .positions = 1500, .nodes = 200, .workers = 2, .random_plies = 8, .hash_mb = 1, .seed = 11,
                           .out = data_path };
    cr_assert_eq(datagen_run(&opt), 0);
    char manifest[64]; /* what made the data: not needed here */
    snprintf(manifest, sizeof manifest, "%s.manifest", data_path);
    unlink(manifest);
    return data_path;
}

/* Runs chuhan-train with these arguments, its output thrown away; its exit status. */
static int train(const char *args)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "./chuhan-train %s >/dev/null 2>&1", args);
    int status = system(cmd);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static const char *const fens[] = {
    START_FEN,
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    "3k5/4a4/3a5/9/9/9/9/4B4/3R5/4K4 b - - 0 1",
};

/* Trains with these options on the records into a fresh file at out; an engine that has loaded the result. */
static Engine *trained(const char *options, const char *data, char out[static 29])
{
    strcpy(out, "/tmp/chuhan-train-net-XXXXXX");
    close(mkstemp(out));
    char args[512], err[256];
    snprintf(args, sizeof args, "%s --out %s %s", options, out, data);
    cr_assert_eq(train(args), 0);
    Engine *e = engine_new();
    cr_assert(engine_load_network(e, out, err, sizeof err), "%s", err);
    return e;
}

Test(trainer, the_shipped_network_read_in_and_written_out_unchanged_values_every_position_alike)
{
    const char *data = records();
    char out[29];
    Engine *e = trained("--init nets/chuhan.nnue --epochs 0 --k 400 --threads 1", data, out);
    for (size_t i = 0; i < sizeof fens / sizeof *fens; i++) {
        static Board b;
        set_fen(&b, fens[i]);
        cr_assert_eq(evaluate_with(&b, engine_network(e)), evaluate_with(&b, nnue_builtin()), "%s", fens[i]);
    }
    engine_free(e);
    unlink(out);
    unlink(data);
}

Test(trainer, a_network_trained_from_nothing_is_one_the_engine_reads_and_no_partial_file_is_left)
{
    const char *data = records();
    char out[29], tmp[64];
    engine_free(trained("--epochs 1 --batch 256 --threads 2 --seed 3", data, out));
    snprintf(tmp, sizeof tmp, "%s.tmp", out);
    cr_assert_neq(access(tmp, F_OK), 0, "the network is written whole, then renamed");
    unlink(out);
    unlink(data);
}

Test(trainer, a_command_line_it_does_not_understand_is_refused_with_status_2)
{
    cr_assert_eq(train("--epochs many data.bin"), 2);
    cr_assert_eq(train("--threads 0 data.bin"), 2);
    cr_assert_eq(train("--batch 2.5 data.bin"), 2);
    cr_assert_eq(train("--colour red data.bin"), 2);
    cr_assert_eq(train("--epochs 1"), 2, "no data file");
    cr_assert_eq(train("--epochs 1 /nonexistent/data.bin"), 1, "a file that cannot be read");
}

Test(trainer, chains_train_the_same_network_as_the_records_they_were_converted_from)
{
    const char *data = records();
    char chains[] = "/tmp/chuhan-train-chains-XXXXXX";
    close(mkstemp(chains));
    DatagenOptions to = { .convert = data, .out = chains, .form = FORM_CHAINS };
    cr_assert_eq(datagen_run(&to), 0);
    char from_records[29], from_chains[29];
    engine_free(trained("--epochs 1 --batch 256 --threads 2 --seed 3", data, from_records));
    engine_free(trained("--epochs 1 --batch 256 --threads 2 --seed 3", chains, from_chains));
    cr_assert(same_files(from_records, from_chains), "the same network, byte for byte");
    unlink(from_records);
    unlink(from_chains);
    unlink(chains);
    unlink(data);
}
