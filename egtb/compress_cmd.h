/* The egtb commands about the compressed files: converting one-byte tables, measuring the codec, timing probes. */
#ifndef CHUHAN_EGTB_COMPRESS_CMD_H
#define CHUHAN_EGTB_COMPRESS_CMD_H

#include <stdio.h>

#include "../probe/egtb_index.h"
#include "../board/rules.h"

/* Every one-byte table in dir rewritten compressed, each checked and put in place alone; 0, or 1 where one failed. */
int tb_compress_folder(const char *dir, FILE *out);
/* The bytes of one table under the codec's levers, each turned off in turn, beside the one-byte file's. */
int tb_measure(const char *dir, const Ending *e, RuleSet r, FILE *out);
/* Probes a second of random legal positions of a table, with every block read (cold) and with the blocks cached (warm). */
int tb_speed(const char *dir, const Ending *e, RuleSet r, long positions, FILE *out);

#endif
