/* The egtb commands about the compressed files: converting one-byte tables, measuring the codec, timing probes. */
#ifndef CHUHAN_EGTB_COMPRESS_CMD_H
#define CHUHAN_EGTB_COMPRESS_CMD_H

#include <stdio.h>

#include "../probe/egtb_index.h"
#include "../board/rules.h"

/*
 * Every one-byte table in dir rewritten compressed, each checked and put in
 * place alone, the distances in blocks of 2^dblock_log2 numbers; 0, or 1
 * where one failed.
 */
int tb_compress_folder(const char *dir, unsigned dblock_log2, FILE *out);
/* The bytes of one table under the codec's levers, each turned off in turn, beside the one-byte file's. */
int tb_measure(const char *dir, const Ending *e, RuleSet r, FILE *out);
/*
 * Probes a second of random legal positions of a table, with every block
 * read (cold) and with the blocks cached (warm): all of them, then the draws
 * (the search part alone) and the won or lost (their distances too) apart.
 */
int tb_speed(const char *dir, const Ending *e, RuleSet r, long positions, FILE *out);

#endif
