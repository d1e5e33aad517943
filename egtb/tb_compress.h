/* Writing a table in the compressed format (probe/egtb_cfile.h), and what each lever of its codec is worth. */
#ifndef CHUHAN_TB_COMPRESS_H
#define CHUHAN_TB_COMPRESS_H

#include "../probe/egtb_cfile.h"

/* The codec's levers, all on for the files written; off one at a time to measure them. */
typedef struct {
    bool remap;          /* symbols and distances ranked by frequency per table */
    bool above;          /* the second neighbour in the contexts */
    bool fill;           /* numbers that are no position take their neighbour's value, where that codes the table smaller */
    bool prior;          /* blocks start from probabilities learnt over the table, where that pays */
    unsigned block_log2;  /* numbers a block of the search part, as a power of two */
    unsigned dblock_log2; /* of the distances, no fewer */
} TbCodecOptions;

extern const TbCodecOptions tb_codec_default;

/* A table coded: the header, the index, the priors and each part's blocks, as they go into the file. */
typedef struct {
    uint8_t header[TB_CHEADER_BYTES];
    uint8_t *index;
    size_t index_bytes;
    uint8_t *prior; /* the search part's prior, then the distances' (either may be empty) */
    size_t prior_bytes, prior_part[2];
    uint8_t *part[2];
    size_t part_bytes[2], part_cap[2];
} TbImage;

/*
 * Codes t with the flags given one byte a position (or NULL: t's own packed
 * flags). False where memory runs out.
 */
bool tb_image_make(TbImage *im, const TbTable *t, uint8_t *const flags[2], const TbCodecOptions *o);
void tb_image_free(TbImage *im);

/*
 * Writes t compressed (setting t->has_flags), reads the file back and
 * compares every position's value and flags before it takes its place. On
 * failure says why.
 */
bool tb_write(const char *path, TbTable *t, uint8_t *const flags[2], char *err, size_t errlen);
/* The same with these levers (the distances' block size, say) instead of the default's. */
bool tb_write_with(const char *path, TbTable *t, uint8_t *const flags[2], const TbCodecOptions *o, char *err, size_t errlen);

#endif
