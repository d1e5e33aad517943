/* Writing a table: to a temporary file beside the final one, flushed to disk, then renamed into place. */
#ifndef CHUHAN_TB_WRITE_H
#define CHUHAN_TB_WRITE_H

#include "../probe/egtb_file.h"

/*
 * Writes t (name, rules, layout, stats, values) with the flags given one byte
 * a position (TB_FLAG_RULE, TB_FLAG_LIMIT), packed only if any is set. A
 * build killed part way leaves at most the temporary file, which no reader
 * takes for a table. On failure says why.
 */
bool tb_write(const char *path, TbTable *t, uint8_t *const flags[2], char *err, size_t errlen);

#endif
