/*
 * Building endgame tables by retrograde analysis: every position of an
 * ending valued from its mates outwards, captures valued by the tables of the
 * endings they lead to (built first when missing). docs/egtb.md tells the
 * method; egtb_file.h the values.
 */
#ifndef CHUHAN_EGTB_BUILD_H
#define CHUHAN_EGTB_BUILD_H

#include <stdio.h>

#include "../engine/egtb_file.h"

typedef struct {
    int threads;
    FILE *progress; /* a line per step of each ending, or NULL */
} TbBuildOptions;

/*
 * Makes sure dir holds the table of an ending (any colouring) under a rule
 * set, building it and, first, the endings its captures lead to, where they
 * are missing. On failure says why.
 */
bool tb_build(const char *dir, const Ending *e, RuleSet rules, const TbBuildOptions *opt, char *err, size_t errlen);

#endif
