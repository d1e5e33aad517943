/*
 * Endgame tables as an engine uses them: the folders to look in, each table
 * opened (header and index read) when a position of its ending is first
 * asked about, its blocks read and decoded as probes need them into one
 * cache of a set size (egtb_cache.h), and a position's value under the rules
 * its board plays by. Any number of threads may probe one set at once;
 * setting the folders or the memory may not run beside a probe.
 */
#ifndef CHUHAN_EGTB_H
#define CHUHAN_EGTB_H

#include "egtb_cfile.h"

typedef struct TbSet TbSet;

TbSet *tb_set_new(void);
void tb_set_free(TbSet *s);
/*
 * Looks in these folders (separated by ';', or by ':' where it is no drive
 * letter's) for tables, forgetting those read before. An empty string leaves
 * none. A folder that cannot be read: false and why, the others kept.
 */
bool tb_set_paths(TbSet *s, const char *paths, char *err, size_t errlen);
/* The most bytes of decoded blocks kept (64 MB to begin with). */
void tb_set_memory(TbSet *s, size_t bytes);
/* Probes' block lookups that found their block in memory, and those that read it. */
void tb_set_counts(TbSet *s, uint64_t *hits, uint64_t *misses);
/* The most men of any table found, 0 for none. */
int tb_set_men(const TbSet *s);
/* Tables found, by rule set. */
int tb_set_count(const TbSet *s, RuleSet r);

typedef struct {
    uint8_t value; /* for the side to move, as egtb_file.h */
    uint8_t flags; /* TB_FLAG_RULE, TB_FLAG_LIMIT */
} TbResult;

/*
 * The value of the board's position by its rules, reading the block that
 * holds it if it is not in memory (one read and one block's decoding). False
 * where no table holds it, or its table could not be opened or a block of it
 * read (tb_set_error says why; that table is not probed again).
 */
bool tb_probe(TbSet *s, const Board *b, TbResult *r);
/* A position's result from the search part alone: no distance is read (egtb_cfile.h keeps the parts apart). */
typedef struct {
    int8_t wdl;      /* for the side to move: 1 a win, 0 a draw, -1 a loss */
    uint8_t flags;   /* as TbResult's */
    uint8_t longest; /* the table's longest distance in plies, which no position's passes */
} TbWdl;

bool tb_probe_wdl(TbSet *s, const Board *b, TbWdl *r);
/* "win N", "loss N" (N moves, as UCI's score mate) or "draw", then " rule" and " limit" as the flags say. */
void tb_result_text(const TbResult *r, char *out, size_t len);
/* The same: a probe never waits for more than one block, so a search may make it too. */
bool tb_probe_nowait(TbSet *s, const Board *b, TbResult *r);
/* A search begins; nothing is kept per search now (tables are never read whole). */
void tb_set_next_search(TbSet *s);
/*
 * The result after move m in b, as a position whose result stands without
 * the perpetual-check rule (rule false) or by it (true) sees it: where the
 * position's does not need the rule, a successor that does counts as a draw.
 * False where no table holds it.
 */
bool tb_probe_after(TbSet *s, Board *b, Move m, bool rule, TbResult *r);
/*
 * A line the tables continue: from the board, after the moves already in
 * `line`, while the position is a decided one of the tables, the move that
 * keeps its result at the best distance (a result that stands without the
 * perpetual-check rule by a move that does too). Returns the new length, at
 * most max.
 */
int tb_extend_line(TbSet *s, const Board *root, Move *line, int len, int max);
/* The last table that failed to load and why, once; NULL when none has since the last call. */
bool tb_set_error(TbSet *s, char *out, size_t len);

#endif
