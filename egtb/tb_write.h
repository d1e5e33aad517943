/* Writing a table: to a temporary file beside the final one, flushed to disk, checked, then renamed into place. */
#ifndef CHUHAN_TB_WRITE_H
#define CHUHAN_TB_WRITE_H

#include "../probe/egtb_file.h"

/*
 * Writes the pieces one after another to path's temporary file, flushes it,
 * lets `check` (may be NULL) read it back, and only then renames it into
 * place. A build killed part way leaves at most the temporary file, which no
 * reader takes for a table. On failure says why and removes the temporary.
 */
bool tb_write_file(const char *path, const uint8_t *const piece[], const size_t len[], int pieces,
                   bool (*check)(const char *tmp, void *arg, char *err, size_t errlen), void *arg, char *err, size_t errlen);

/*
 * Writes t (name, rules, layout, stats, values) in the one-byte format, with
 * the flags given one byte a position (TB_FLAG_RULE, TB_FLAG_LIMIT), packed
 * only if any is set. Kept to measure against and to test the conversion;
 * tables are written compressed (tb_compress.h).
 */
bool tb_write_onebyte(const char *path, TbTable *t, uint8_t *const flags[2], char *err, size_t errlen);

#endif
