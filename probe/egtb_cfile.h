/*
 * Endgame tables, the compressed file (format 3): a table's positions in
 * blocks of 2^block_log2 numbers, each block coded alone (egtb_codec.h), so
 * that a probe reads and decodes one block and never the file. The search's
 * part (class and flags of every position) comes first, the distances after
 * it, each red to move then black.
 *
 * Layout, all numbers little-endian: a header of TB_CHEADER_BYTES (its first
 * 128 bytes as the one-byte format's, egtb_file.h, then the codec's model),
 * the index (each block's length, each part and side in turn, then each
 * block's checksum in the same order), the priors (the search part's, the distances'),
 * then the blocks. The header's checksum covers the header, the index and
 * the priors; each block has its own, checked when it is read.
 */
#ifndef CHUHAN_EGTB_CFILE_H
#define CHUHAN_EGTB_CFILE_H

#include "egtb_codec.h"
#include "egtb_file.h"

/* Format 2, the first compressed one, had no priors and coarser contexts: it is refused. */
enum { TB_FORMAT_COMPRESSED = 3, TB_FORMAT_COMPRESSED_2 = 2, TB_CHEADER_BYTES = 1024 };
/* The numbers that are no position hold whatever suited the codec (egtb_legal.h tells them). */
enum { TB_FILLED = 2 };
/* Blocks of 16384 numbers by default; a reader takes any size up to the largest. */
enum { TB_BLOCK_LOG2 = 14, TB_BLOCK_LOG2_MIN = 8, TB_BLOCK_LOG2_MAX = 14 };

/* The compressed header's fields beyond the shared ones; CH_FLAGS is the shared flags word, its bit 1 TB_FILLED. */
enum {
    CH_FLAGS = 44,
    CH_BLOCK_LOG2 = 124, CH_CHECKSUM = 128, CH_ABOVE = 136, CH_BLOCKS = 140, CH_WSYMS = 144, CH_WSYM = 145,
    CH_DSYMS = 162, CH_DIST = 166, CH_DABOVE = 678, CH_PRIORS = 682, CH_ABOVE2 = 686,
};

/* A table opened for probing: its header, model and index in memory, its blocks on disk. */
typedef struct {
    TbTable head; /* name, rules, layout, stats; no values */
    TbModel model;
    unsigned block_log2;
    uint32_t blocks;  /* for each side */
    uint64_t *offset; /* [part][side][blocks + 1] */
    uint32_t *sum;    /* [part][side][blocks] */
    uint8_t *prior;   /* both parts' priors, where the model's point */
    bool filled;      /* TB_FILLED: a probe must ask only of positions */
    int fd;
    uint64_t file_bytes;
    char *path;
} TbFile;

/* Bytes of the index for this many blocks a side: each block's length (2 bytes), then each block's checksum (4). */
static inline size_t tb_index_bytes(uint32_t blocks) { return 4 * (size_t)blocks * (2 + 4); }
/* The checksum of block k of a part and side: seeded by its place, so a block moved elsewhere fails too. */
uint32_t tb_block_checksum(int part, int side, uint32_t k, const uint8_t *data, size_t len);

/*
 * Opens a compressed table, checking its header and index; on failure says
 * why (a one-byte table: how to convert it) and returns false.
 */
bool tbf_open(TbFile *f, const char *path, const Ending *expect, RuleSet rules, char *err, size_t errlen);
void tbf_close(TbFile *f);
/* How many numbers block k holds (the last may be short). */
size_t tbf_block_size(const TbFile *f, uint32_t k);
/* Reads, checks and decodes block k of a side's search part, or of its distances (given its search symbols). */
bool tbf_read_search(const TbFile *f, int side, uint32_t k, uint8_t *wsym, char *err, size_t errlen);
bool tbf_read_distance(const TbFile *f, int side, uint32_t k, const uint8_t *wsym, uint8_t *plies, char *err, size_t errlen);

/*
 * Reads a table whole, either format, into the one-byte values, every number
 * that is no position TB_NONE (worked out again where the file filled them).
 */
bool tb_file_read(TbTable *t, const char *path, const Ending *expect, RuleSet rules, char *err, size_t errlen);
/* The same, faster, for a reader that asks only of positions (the builder's captures): other numbers hold anything. */
bool tb_file_read_positions(TbTable *t, const char *path, const Ending *expect, RuleSet rules, char *err, size_t errlen);

#endif
