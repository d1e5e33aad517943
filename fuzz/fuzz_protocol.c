/*
 * libFuzzer target for the text the engine reads: the first line of the
 * input is tried as a FEN (a parsed FEN must survive a round trip), then the
 * whole input is fed to the protocol loop as a GUI session.
 */
#include <stdio.h>
#include <string.h>

#include "../board/board.h"
#include "../eval/evaluate.h"
#include "../notation/notation.h"
#include "../search/engine.h"
#include "../protocol/io.h"
#include "../protocol/protocol.h"

static void check_fen(const uint8_t *data, size_t size)
{
    static Board a, b; /* FEN in and out only: no undo stack needed */
    char fen[FEN_MAX * 2], again[FEN_MAX], twice[FEN_MAX];
    size_t n = size < sizeof fen - 1 ? size : sizeof fen - 1;
    memcpy(fen, data, n);
    fen[n] = 0;
    char *nl = strchr(fen, '\n');
    if (nl)
        *nl = 0;
    if (!board_set_fen(&a, fen, NULL, 0))
        return;
    board_get_fen(&a, again);
    if (!board_set_fen(&b, again, NULL, 0))
        __builtin_trap();
    board_get_fen(&b, twice);
    if (strcmp(again, twice) || a.key != b.key || a.key != board_compute_key(&a) || a.psq != board_compute_psq(&a))
        __builtin_trap();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static bool ready;
    static FILE *nowhere;
    if (!ready) {
        nnue_init();
        nowhere = fopen("/dev/null", "w");
        ready = true;
    }
    check_fen(data, size);
    if (!size)
        return 0;
    FILE *in = fmemopen((void *)data, size, "r");
    if (in) {
        protocol_loop(in, nowhere ? nowhere : stdout);
        fclose(in);
    }
    return 0;
}
