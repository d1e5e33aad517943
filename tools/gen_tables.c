/*
 * gen_tables: writes the engine's build-time tables (tools/gen/tables_make.h)
 * as const C definitions, so the engine links them instead of filling them
 * at start-up.
 *
 *   gen_tables OUT.c
 *
 * The definitions' shapes are checked by the compiler against the engine's
 * own declarations, which OUT.c includes. OUT.c is written under a temporary
 * name and renamed, so an interrupted build never leaves half a file behind.
 */
#include <inttypes.h>
#include <stdio.h>

/* One translation unit, so that one command builds it and one list holds its dependencies. */
#include "gen/geometry.c"
#include "gen/keys.c"
#include "gen/placement.c"
#include "gen/reductions.c"

typedef void PrintFn(FILE *out, const void *elem);

static void print_u8(FILE *out, const void *e) { fprintf(out, "%u", *(const uint8_t *)e); }
static void print_i8(FILE *out, const void *e) { fprintf(out, "%d", *(const int8_t *)e); }
static void print_int(FILE *out, const void *e) { fprintf(out, "%d", *(const int *)e); }
static void print_i32(FILE *out, const void *e) { fprintf(out, "%" PRId32, *(const int32_t *)e); }
static void print_u64(FILE *out, const void *e) { fprintf(out, "0x%016" PRIx64 "ull", *(const uint64_t *)e); }
static void print_slide(FILE *out, const void *e)
{
    const Slide *s = e;
    fprintf(out, "{{%u,%u},{%u,%u},%u}", s->rook[0], s->rook[1], s->cannon[0], s->cannon[1], s->empty);
}

/* The initializer of an array of n dimensions, braced at every level; a row a line. */
static void print_array(FILE *out, const char *p, const size_t *dims, int n, size_t size, PrintFn *print)
{
    if (n == 0) {
        print(out, p);
        return;
    }
    size_t stride = size;
    for (int i = 1; i < n; i++)
        stride *= dims[i];
    fputc('{', out);
    for (size_t i = 0; i < dims[0]; i++) {
        if (i)
            fputs(n > 1 || i % 16 == 0 ? ",\n" : ",", out);
        print_array(out, p + i * stride, dims + 1, n - 1, size, print);
    }
    fputc('}', out);
}

/* const TYPE NAME[dims...] = {...}; dims end at 0, none for a single value. */
static void define(FILE *out, const char *type, const char *name, const void *data, size_t size, PrintFn *print,
                   const size_t *dims)
{
    int n = 0;
    fprintf(out, "\nconst %s %s", type, name);
    for (; dims[n]; n++)
        fprintf(out, "[%zu]", dims[n]);
    fputs(" =\n", out);
    print_array(out, data, dims, n, size, print);
    fputs(";\n", out);
}

#define DIMS(...) (const size_t[]){ __VA_ARGS__, 0 }

static void write_geometry(FILE *out, const Geometry *g)
{
    define(out, "uint8_t", "in_board", g->in_board, 1, print_u8, DIMS(SQUARE_NB));
    define(out, "uint8_t", "in_palace", g->in_palace, 1, print_u8, DIMS(SQUARE_NB));
    define(out, "uint8_t", "own_half", g->own_half, 1, print_u8, DIMS(2, SQUARE_NB));
    define(out, "uint8_t", "sq90", g->sq90, 1, print_u8, DIMS(SQUARE_NB));
    define(out, "uint8_t", "king_steps", g->king_steps, 1, print_u8, DIMS(SQUARE_NB, 5));
    define(out, "uint8_t", "advisor_steps", g->advisor_steps, 1, print_u8, DIMS(SQUARE_NB, 5));
    define(out, "uint8_t", "bishop_steps", g->bishop_steps, 1, print_u8, DIMS(2, SQUARE_NB, 5));
    define(out, "uint8_t", "bishop_eyes", g->bishop_eyes, 1, print_u8, DIMS(2, SQUARE_NB, 4));
    define(out, "uint8_t", "knight_steps", g->knight_steps, 1, print_u8, DIMS(SQUARE_NB, 9));
    define(out, "uint8_t", "knight_legs", g->knight_legs, 1, print_u8, DIMS(SQUARE_NB, 8));
    define(out, "uint8_t", "pawn_steps", g->pawn_steps, 1, print_u8, DIMS(2, SQUARE_NB, 4));
    define(out, "int8_t", "knight_leg_delta", g->knight_leg_delta, 1, print_i8, DIMS(512));
    define(out, "Slide", "rank_slide", g->rank_slide, sizeof(Slide), print_slide, DIMS(FILE_NB, 1 << FILE_NB));
    define(out, "Slide", "file_slide", g->file_slide, sizeof(Slide), print_slide, DIMS(RANK_NB, 1 << RANK_NB));
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: gen_tables OUT.c\n");
        return 2;
    }
    static Geometry g;
    static uint64_t piece[KIND_NB][SQUARE_NB], side;
    static Score psq[KIND_NB][SQUARE_NB];
    static int lmr[64][64];
    make_geometry(&g);
    make_keys(piece, &side);
    make_placement(&g, psq);
    make_reductions(lmr);

    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", argv[1]);
    FILE *out = fopen(tmp, "w");
    if (!out) {
        perror(tmp);
        return 1;
    }
    fputs("/* Made by tools/gen_tables from tools/gen/. */\n"
          "#include \"../../board/board.h\"\n#include \"../../board/psqt.h\"\n#include \"../../search/reductions.h\"\n#include \"../../board/tables.h\"\n",
          out);
    write_geometry(out, &g);
    define(out, "uint64_t", "zobrist_piece", piece, sizeof piece[0][0], print_u64, DIMS(KIND_NB, SQUARE_NB));
    define(out, "uint64_t", "zobrist_side", &side, sizeof side, print_u64, DIMS(0)); /* a single value */
    define(out, "Score", "psq_table", psq, sizeof psq[0][0], print_i32, DIMS(KIND_NB, SQUARE_NB));
    define(out, "int", "lmr_table", lmr, sizeof lmr[0][0], print_int, DIMS(64, 64));
    int failed = ferror(out);
    failed |= fclose(out) != 0;
    if (failed || rename(tmp, argv[1])) {
        fprintf(stderr, "gen_tables: cannot write %s\n", argv[1]);
        remove(tmp);
        return 1;
    }
    return 0;
}
