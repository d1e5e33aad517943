#include <dirent.h>
#include <pthread.h>
#include <string.h>

#include "../board/attack.h"
#include "../board/movegen.h"
#include "../notation/notation.h"
#include "../base/parallel.h"
#include "verify.h"

enum { SHOWN_MAX = 10 };

/*
 * What a position's value must be, from its moves: the shortest win through
 * a lost successor, else a draw if any successor is one, else the longest
 * loss. A result that stands without the perpetual-check rule is derived
 * with the successors that need the rule counted as draws (the tables never
 * shorten a mate by a win that needs the rule). A loss now that only the
 * rule gives (all successors won for the other side) stands as it is.
 */
static uint8_t expected(TbSet *s, Board *b, const TbResult *stored)
{
    Move list[MAX_MOVES];
    int n = gen_legal(b, list);
    if (!n)
        return tb_value(0);
    int win = -1, loss = -1;
    bool draw = false;
    for (int i = 0; i < n; i++) {
        TbResult r;
        if (!tb_probe_after(s, b, list[i], stored->flags & TB_FLAG_RULE, &r))
            return TB_NONE; /* a successor no table holds: nothing to derive, a mismatch */
        if (tb_loss(r.value) && (win < 0 || tb_plies(r.value) + 1 < win))
            win = tb_plies(r.value) + 1;
        else if (tb_win(r.value) && tb_plies(r.value) + 1 > loss)
            loss = tb_plies(r.value) + 1;
        else if (r.value == TB_DRAW)
            draw = true;
    }
    if (win >= 0)
        return tb_value(win);
    if (draw)
        return TB_DRAW;
    if (stored->value == tb_value(0) && (stored->flags & TB_FLAG_RULE))
        return tb_value(0);
    return tb_value(loss);
}

typedef struct {
    TbSet *set;
    const TbTable *t;
    int part, parts;
    long mismatches;
    FILE *out;
    pthread_mutex_t *lock;
} Part;

static void show(Part *p, Board *b, uint8_t have, uint8_t want)
{
    char fen[FEN_MAX];
    board_get_fen(b, fen);
    pthread_mutex_lock(p->lock);
    fprintf(p->out, "  mismatch %s: stored %d, derived %d\n", fen, have, want);
    pthread_mutex_unlock(p->lock);
}

static void *verify_part(void *arg)
{
    Part *p = arg;
    const TbTable *t = p->t;
    const TbLayout *l = &t->layout;
    Board *b = board_new();
    uint64_t lo = l->size * (uint64_t)p->part / (uint64_t)p->parts, hi = l->size * (uint64_t)(p->part + 1) / (uint64_t)p->parts;
    for (uint64_t i = lo; b && i < hi; i++) {
        TbPos pos;
        tb_position(l, i, &pos);
        bool valid = (uint64_t)tb_index(l, &pos) == i;
        for (int a = 0; valid && a < l->men; a++)
            for (int c = a + 1; c < l->men; c++)
                valid = valid && pos.sq[a] != pos.sq[c];
        for (int side = RED; side <= BLACK; side++) {
            uint8_t have = t->values[side][i], want = TB_NONE;
            if (valid) {
                pos.side = side;
                tb_to_board(l, &pos, b);
                b->rules = (uint8_t)t->rules;
                if (!king_attacked(b, !side)) {
                    TbResult stored = { have, tb_flags(t, side, i) };
                    want = expected(p->set, b, &stored);
                }
            }
            if (have != want && ++p->mismatches <= SHOWN_MAX)
                show(p, b, have, want);
        }
    }
    board_free(b);
    return NULL;
}

static int verify_table(TbSet *s, const char *dir, const Ending *e, RuleSet r, int threads, long *mismatches, FILE *out)
{
    Ending c = ending_is_canonical(e) ? *e : ending_swap(e);
    char name[64], path[4200], err[512];
    tb_file_name(&c, r, name, sizeof name);
    snprintf(path, sizeof path, "%s/%s", dir, name);
    /* The successors are probed through the engine's reader, which reads compressed tables only:
     * a one-byte folder would count every position a mismatch. */
    if (tb_file_is_one_byte(path)) {
        fprintf(out, "%s: a one-byte table (format 1): verify probes its successors as the engine does, "
                     "from compressed tables; convert the folder first with `chuhan egtb compress DIR`\n", name);
        return 1;
    }
    TbTable t;
    if (!tb_file_read(&t, path, &c, r, err, sizeof err)) {
        fprintf(out, "%s: %s\n", name, err);
        return 1;
    }
    pthread_mutex_t lock;
    pthread_mutex_init(&lock, NULL);
    Part parts[PARALLEL_MAX];
    void *args[PARALLEL_MAX];
    int nt = threads < 1 ? 1 : threads > PARALLEL_MAX ? PARALLEL_MAX : threads;
    for (int i = 0; i < nt; i++)
        parts[i] = (Part){ s, &t, i, nt, 0, out, &lock }, args[i] = &parts[i];
    parallel_run(nt, verify_part, args);
    long found = 0;
    for (int i = 0; i < nt; i++)
        found += parts[i].mismatches;
    fprintf(out, "%s: %llu positions, %ld mismatches\n", name, (unsigned long long)(2 * t.layout.size), found);
    fflush(out); /* a long run shows each table as it ends, and a stopped one keeps what it found */
    *mismatches += found;
    pthread_mutex_destroy(&lock);
    tb_file_free(&t);
    return 0;
}

int tb_verify_folder(TbSet *s, const char *dir, RuleSet r, char **endings, int n, int threads, long *mismatches, FILE *out)
{
    int status = 0;
    char err[256];
    for (int i = 0; i < n; i++) {
        Ending e;
        if (!ending_parse(endings[i], &e, err, sizeof err)) {
            fprintf(stderr, "chuhan egtb: %s\n", err);
            return 2;
        }
    }
    for (int i = 0; i < n; i++) {
        Ending e;
        ending_parse(endings[i], &e, err, sizeof err);
        status |= verify_table(s, dir, &e, r, threads, mismatches, out);
    }
    if (n)
        return status;
    DIR *d = opendir(dir);
    if (!d)
        return 1;
    const char *suffix = r == RULES_ASIAN ? ".asian.egtb" : ".repetition-draw.egtb";
    for (struct dirent *f; (f = readdir(d));) {
        size_t len = strlen(f->d_name), sl = strlen(suffix);
        char name[TB_NAME_MAX + 32];
        Ending e;
        if (len <= sl || len >= sizeof name || strcmp(f->d_name + len - sl, suffix))
            continue;
        memcpy(name, f->d_name, len - sl);
        name[len - sl] = 0;
        if (ending_parse(name, &e, err, sizeof err))
            status |= verify_table(s, dir, &e, r, threads, mismatches, out);
    }
    closedir(d);
    return status;
}

void tb_print_stats(const TbTable *t, FILE *out)
{
    const TbStats *st = &t->stats;
    uint64_t positions = 2 * t->layout.size - st->none[RED] - st->none[BLACK];
    fprintf(out, "%s %s: %llu positions (%llu numbers), longest %u plies, %zu bytes\n", t->name, tb_rules_name(t->rules),
            (unsigned long long)positions, (unsigned long long)(2 * t->layout.size), st->longest, t->bytes);
    for (int side = RED; side <= BLACK; side++)
        fprintf(out, "  %s to move: %llu wins, %llu draws, %llu losses\n", side == RED ? "red" : "black",
                (unsigned long long)st->wins[side], (unsigned long long)st->draws[side], (unsigned long long)st->losses[side]);
}
