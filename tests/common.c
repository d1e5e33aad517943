#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

#include "../eval/nnue.h"
#include "common.h"

void setup_tables(void) { nnue_init(); }

/*
 * A test's board gets an undo stack the first time a FEN is set on it, from a
 * pool as long-lived as the test's process (tests keep their boards static).
 */
enum { TEST_BOARDS = 16 };
static UndoStack pool[TEST_BOARDS];
static const Board *owner[TEST_BOARDS];

static void give_undo_stack(Board *b)
{
    for (int i = 0; i < TEST_BOARDS; i++)
        if (owner[i] == b || !owner[i]) {
            owner[i] = b;
            board_attach(b, &pool[i]);
            return;
        }
    cr_assert_fail("more than %d test boards", TEST_BOARDS);
}

void set_fen(Board *b, const char *fen)
{
    char err[128] = "";
    give_undo_stack(b);
    cr_assert(board_set_fen(b, fen, err, sizeof err), "FEN rejected (%s): %s", err, fen);
}

uint64_t test_random(uint64_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return *state;
}

bool has_move(const Move *list, int n, Move m)
{
    for (int i = 0; i < n; i++)
        if (list[i] == m)
            return true;
    return false;
}

bool legal_after(const char *fen, const char *moves, int rank_base, const char *move)
{
    static Board b;
    set_fen(&b, fen);
    char copy[2048];
    snprintf(copy, sizeof copy, "%s", moves);
    for (char *t = strtok(copy, " "); t; t = strtok(NULL, " ")) {
        Move m = move_parse(t, rank_base);
        cr_assert(m && move_is_legal(&b, m), "illegal '%s' in the line", t);
        make_move(&b, m);
    }
    Move m = move_parse(move, rank_base);
    return m && move_is_legal(&b, m);
}

int run_shell(const char *command, char *out, size_t cap)
{
    FILE *p = popen(command, "r");
    cr_assert(p, "cannot run %s", command);
    size_t n = fread(out, 1, cap - 1, p);
    out[n] = 0;
    int status = pclose(p);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

bool same_files(const char *a, const char *b)
{
    char cmd[512], out[8];
    snprintf(cmd, sizeof cmd, "cmp -s '%s' '%s'", a, b);
    return run_shell(cmd, out, sizeof out) == 0;
}
