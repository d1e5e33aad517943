/*
 * Endgame tables, the codec: how one block of a table's positions is coded
 * (egtb_cfile.h puts the blocks in a file).
 *
 * A table is kept in two parts. The search's part has one symbol a position:
 * its class (draw, win, loss, no position) and its flags (rule, limit),
 * class | flags << 2. The root's part has the distance in plies of each won
 * or lost position only: which positions have one follows from the search's
 * part, so draws and no-positions cost the distance part nothing.
 *
 * Symbols are remapped per table (search symbols the most frequent first,
 * distances in use in their order) and coded in as few binary decisions as
 * the table's symbols need (none where it has one), by an adaptive range
 * coder (tb_range.h). A search symbol's decisions go by the symbols of the
 * positions 1, `above` and `above2` numbers before it; a distance's by its
 * class, the distance `dabove` numbers before (or the last of its class in
 * the block) and the last of its class. The writer picks each table's
 * neighbours among the strides of its index's groups, whichever codes it
 * smallest.
 */
#ifndef CHUHAN_EGTB_CODEC_H
#define CHUHAN_EGTB_CODEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { TB_CLASS_DRAW = 0, TB_CLASS_WIN = 1, TB_CLASS_LOSS = 2, TB_CLASS_NONE = 3 };
enum { TB_WSYMS = 16, TB_DSYMS = 256 };
enum { TB_PART_SEARCH = 0, TB_PART_DISTANCE = 1 };
/* A distance's context tells apart the first TB_DCTX ranks of each rank it goes by. */
enum { TB_DCTX = 16 };

static inline int tb_sym_class(uint8_t sym) { return sym & 3; }
static inline int tb_sym_flags(uint8_t sym) { return sym >> 2; }

/* A table's remapping and context: what the coder of each of its blocks must know. */
typedef struct {
    uint8_t wsyms;                 /* search symbols in use */
    uint8_t wsym[TB_WSYMS];        /* the symbol of each rank */
    uint8_t wrank[TB_WSYMS];       /* the rank of each symbol */
    uint16_t dsyms[2];             /* distances in use for wins [0] and losses [1] */
    uint8_t dist[2][TB_DSYMS];     /* the distance of each rank */
    uint8_t drank[2][TB_DSYMS];    /* the rank of each distance */
    uint32_t above, above2;        /* the second and third neighbours of the search symbols' context, 0 for none */
    uint32_t dabove;               /* the neighbour of the distances' context, 0 for none (the last of the class) */
    const uint8_t *prior[2];       /* each part's starting probabilities (tb_prior_bytes of them), NULL for even odds */
} TbModel;

/* Symbol and distance counts over a table, then the model that ranks them. */
typedef struct {
    uint64_t wcount[TB_WSYMS];
    uint64_t dcount[2][TB_DSYMS];
} TbCounts;

void tb_counts_add(TbCounts *c, const uint8_t *wsym, const uint8_t *plies, size_t n);
/* The ranks, no neighbours (the writer tries them); remap false: symbols keep their own numbers (to measure what the remapping is worth). */
void tb_model_make(TbModel *m, const TbCounts *c, bool remap);
/* Fills the ranks from the symbols and distances in use (a model as a file holds it); false where they repeat or overflow. */
bool tb_model_complete(TbModel *m);

/*
 * Each block's coder starts from the table's prior: a probability a context
 * and tree node, one byte each (q stands for (16q + 8) / 4096), learnt over
 * the whole table, so that no block pays to learn what every block shares.
 * Bytes of a part's prior; the counts behind it, one pair (zeros, ones) a
 * byte, added to by the training functions, which walk the blocks as the
 * encoders do.
 */
size_t tb_prior_bytes(const TbModel *m, int part);
void tb_train_search(const TbModel *m, const uint8_t *wsym, size_t n, uint32_t (*count)[2]);
void tb_train_distance(const TbModel *m, const uint8_t *wsym, uint8_t *plies, size_t n, uint32_t (*count)[2]);
void tb_prior_make(const uint32_t (*count)[2], size_t len, uint8_t *prior);

/* The most bytes a coded block of n positions may take; a block that would take more is never written. */
static inline size_t tb_block_bound(size_t n) { return 2 * n + 64; }

enum { TB_CODE_FAILED = -1 };
/* Codes n search symbols (or distances of the won and lost among wsym) into out; the length, TB_CODE_FAILED where out is too small. */
long tb_encode_search(const TbModel *m, const uint8_t *wsym, size_t n, uint8_t *out, size_t cap);
/* A distance of TB_PLIES_ANY (a number that is no position) is set to whatever codes cheapest. */
enum { TB_PLIES_ANY = 0xFF };
long tb_encode_distance(const TbModel *m, const uint8_t *wsym, uint8_t *plies, size_t n, uint8_t *out, size_t cap);
/* The reverse; plies of positions neither won nor lost are 0. False where the data cannot be the model's. */
bool tb_decode_search(const TbModel *m, const uint8_t *in, size_t len, uint8_t *wsym, size_t n);
bool tb_decode_distance(const TbModel *m, const uint8_t *in, size_t len, const uint8_t *wsym, uint8_t *plies, size_t n);

#endif
