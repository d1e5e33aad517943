/*
 * Endgame tables, the compressed file (format 4): a table's positions in
 * blocks, each block coded alone (egtb_codec.h), so that a probe reads and
 * decodes one block and never the file. The search's part (class and flags
 * of every position, 2^block_log2 numbers a block) comes first, the
 * distances after it (2^dblock_log2 numbers a block, as many or more: a
 * distance block is decoded with the search symbols of its numbers), each
 * red to move then black. Format 3 is format 4 with both block sizes one.
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

/* Format 2, the first compressed one, had no priors and coarser contexts: it is refused. Format 3 is read as 4. */
enum { TB_FORMAT_COMPRESSED = 4, TB_FORMAT_COMPRESSED_3 = 3, TB_FORMAT_COMPRESSED_2 = 2, TB_CHEADER_BYTES = 1024 };
/* The numbers that are no position hold whatever suited the codec (egtb_legal.h tells them). */
enum { TB_FILLED = 2 };
/*
 * The search part's blocks of 16384 numbers by default, the distances' of
 * 65536 (four times as many: smaller files, slower cold probes of a distance,
 * which the search reads only where the natural limit may matter); a reader
 * takes any size up to the largest (the distances' no smaller than the
 * search part's).
 */
enum { TB_BLOCK_LOG2 = 14, TB_BLOCK_LOG2_MIN = 8, TB_BLOCK_LOG2_MAX = 14 };
enum { TB_DBLOCK_LOG2 = 16, TB_DBLOCK_LOG2_MAX = 17 };

/* The compressed header's fields beyond the shared ones; CH_FLAGS is the shared flags word, its bit 1 TB_FILLED. */
enum {
    CH_FLAGS = 44,
    CH_BLOCK_LOG2 = 124, CH_CHECKSUM = 128, CH_ABOVE = 136, CH_BLOCKS = 140, CH_WSYMS = 144, CH_WSYM = 145,
    CH_DSYMS = 162, CH_DIST = 166, CH_DABOVE = 678, CH_PRIORS = 682, CH_ABOVE2 = 686, CH_DBLOCK_LOG2 = 690,
};

/* A table opened for probing: its header, model and index in memory, its blocks on disk. */
typedef struct {
    TbTable head; /* name, rules, layout, stats; no values */
    TbModel model;
    unsigned block_log2, dblock_log2; /* the search part's, the distances' */
    uint32_t blocks, dblocks;         /* for each side: the search part's, the distances' */
    uint64_t *offset;                 /* [part][side][blocks + 1], the part's own count of blocks */
    uint32_t *sum;                    /* [part][side][blocks] */
    uint8_t *prior;   /* both parts' priors, where the model's point */
    size_t memory;    /* bytes of the index and priors held while the table is open */
    bool held;        /* the index is in memory the opener gave (tbf_open_in), not the heap's */
    bool filled;      /* TB_FILLED: a probe must ask only of positions */
    int fd;
    uint64_t file_bytes;
    char *path;
} TbFile;

/*
 * Bytes of a block's length in the index: 2, or 4 where a block of 2^log2
 * numbers may code longer than 2 bytes say.
 */
static inline size_t tb_length_bytes(unsigned log2) { return tb_block_bound((size_t)1 << log2) > 0xFFFF ? 4 : 2; }
/* Bytes of the index for these blocks a side: each block's length, then each block's checksum (4). */
static inline size_t tb_index_bytes(uint32_t blocks, uint32_t dblocks, unsigned dblock_log2)
{
    return 2 * (size_t)blocks * (2 + 4) + 2 * (size_t)dblocks * (tb_length_bytes(dblock_log2) + 4);
}
/* The checksum of block k of a part and side: seeded by its place, so a block moved elsewhere fails too. */
uint32_t tb_block_checksum(int part, int side, uint32_t k, const uint8_t *data, size_t len);

/*
 * Opens a compressed table, checking its header and index; on failure says
 * why (a one-byte table: how to convert it) and returns false.
 */
bool tbf_open(TbFile *f, const char *path, const Ending *expect, RuleSet rules, char *err, size_t errlen);
/* Memory for a table's index, or NULL where there is none. */
typedef void *(*TbHold)(void *arg, size_t bytes);
/* The same, the index in memory from hold (never given back by tbf_close): the tables' cache's, in the engine. */
bool tbf_open_in(TbFile *f, const char *path, const Ending *expect, RuleSet rules, TbHold hold, void *arg, char *err, size_t errlen);
void tbf_close(TbFile *f);
/* How many numbers block k of the search part holds, or of the distances (the last may be short). */
size_t tbf_block_size(const TbFile *f, uint32_t k);
size_t tbf_dblock_size(const TbFile *f, uint32_t k);
/* Reads, checks and decodes block k of a side's search part, or of its distances (given its numbers' search symbols). */
bool tbf_read_search(const TbFile *f, int side, uint32_t k, uint8_t *wsym, char *err, size_t errlen);
bool tbf_read_distance(const TbFile *f, int side, uint32_t k, const uint8_t *wsym, uint8_t *plies, char *err, size_t errlen);
/*
 * The search symbols of distance block k's numbers: each search block it
 * covers, decoded, but for search block `have` (UINT32_MAX for none), whose
 * symbols the caller gives in `had`.
 */
bool tbf_read_search_of(const TbFile *f, int side, uint32_t k, uint32_t have, const uint8_t *had, uint8_t *wsym, char *err,
                        size_t errlen);

/*
 * Reads a table whole, either format, into the one-byte values, every number
 * that is no position TB_NONE (worked out again where the file filled them).
 */
bool tb_file_read(TbTable *t, const char *path, const Ending *expect, RuleSet rules, char *err, size_t errlen);
/* Whether the file at path is a whole one-byte table's header (format 1). */
bool tb_file_is_one_byte(const char *path);
/* The same, faster, for a reader that asks only of positions (the builder's captures): other numbers hold anything. */
bool tb_file_read_positions(TbTable *t, const char *path, const Ending *expect, RuleSet rules, char *err, size_t errlen);

#endif
