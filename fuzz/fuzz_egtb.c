/*
 * libFuzzer target for the table reader: the input is written as a table
 * file, read whole under both rule sets, and probed through a table set. A
 * damaged file must be refused with a reason, never read outside its
 * buffers or crash.
 */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../notation/notation.h"
#include "../probe/egtb.h"

static char path[96], dir[64];

static bool write_input(const uint8_t *data, size_t size)
{
    if (!dir[0]) {
        snprintf(dir, sizeof dir, "/tmp/chuhan-fuzz-egtb-%d", (int)getpid());
        mkdir(dir, 0700);
        snprintf(path, sizeof path, "%s/KNk.asian.egtb", dir);
    }
    FILE *f = fopen(path, "wb");
    if (!f)
        return false;
    bool ok = fwrite(data, 1, size, f) == size;
    return !fclose(f) && ok;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!write_input(data, size))
        return 0;
    char err[512];
    for (int r = 0; r < 2; r++) {
        TbTable t;
        if (tb_file_read_positions(&t, path, NULL, (RuleSet)r, err, sizeof err))
            tb_file_free(&t);
    }
    static Board *b;
    if (!b && (b = board_new()) && !board_set_fen(b, "4k4/9/9/9/9/9/9/9/9/3K1N3 w - - 0 1", err, sizeof err))
        __builtin_trap();
    TbSet *s = tb_set_new();
    TbResult res;
    if (s && tb_set_paths(s, dir, err, sizeof err)) {
        tb_set_memory(s, 0);
        tb_probe(s, b, &res);
        tb_set_error(s, err, sizeof err);
    }
    tb_set_free(s);
    return 0;
}
