/*
 * Building endgame tables by retrograde analysis: every position of an
 * ending valued from its mates outwards, captures valued by the tables of the
 * endings they lead to (built first when missing). docs/egtb.md tells the
 * method; egtb_file.h the values.
 */
#ifndef CHUHAN_EGTB_BUILD_H
#define CHUHAN_EGTB_BUILD_H

#include <stdio.h>

#include "../probe/egtb_cfile.h"

typedef struct {
    int threads;
    FILE *progress;    /* a line per step of each ending, or NULL */
    int built, to_build; /* tables built so far of those missing at the start (0: not counted) */
    bool one_byte;       /* write the uncompressed format (egtb_file.h) */
} TbBuildOptions;

/*
 * How many tables building the ending under the rule set would write: its own
 * and those of the endings its captures lead to, each counted once (seen
 * holds the endings met so far, n of them, at most max; it grows).
 */
int tb_build_missing(const char *dir, const Ending *e, RuleSet rules, Ending *seen, int *n, int max);

/*
 * Makes sure dir holds the table of an ending (any colouring) under a rule
 * set, building it and, first, the endings its captures lead to, where they
 * are missing. On failure says why.
 */
bool tb_build(const char *dir, const Ending *e, RuleSet rules, TbBuildOptions *opt, char *err, size_t errlen);

#endif
