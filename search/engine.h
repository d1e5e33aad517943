/*
 * An engine: a transposition table, threads, options, a network, endgame
 * tables and opening books, and the search they run. Several can live in
 * one process.
 * The caller hands in limits and receives reports through callbacks
 * (search_types.h); nothing here reads or writes text.
 */
#ifndef CHUHAN_ENGINE_H
#define CHUHAN_ENGINE_H

#include "../board/board.h"
#include "../probe/book.h"
#include "../probe/egtb.h"
#include "../eval/nnue.h"
#include "search_types.h"
#include "tt.h"

typedef struct Engine Engine;


/* One thread, a table of TT_DEFAULT_MB, the network; NULL if memory is short. */
Engine *engine_new(void);
void engine_free(Engine *e);
/* Resizes and clears the table; false, the table kept, if the memory is not there. Not during a search. */
bool engine_set_hash(Engine *e, size_t mb);
size_t engine_hash_mb(const Engine *e);
/* What the table holds for a position (its move may be illegal there: check it). */
bool engine_probe(Engine *e, uint64_t key, TTHit *hit);

/* Seeds the generator that levels, variety and the books' choice draw from (engine_new seeds it from the clock). */
void engine_seed(Engine *e, uint64_t seed);
/* Applies options (resizing the thread pool); false if the threads cannot be had (WASI: more than one). Not during a search. */
bool engine_set_options(Engine *e, const SearchOptions *opt);
const SearchOptions *engine_options(const Engine *e);
/* The network it evaluates with: the built-in one until it loads its own. */
const Network *engine_network(const Engine *e);
/*
 * Reads a network file for this engine alone (path NULL: back to the
 * built-in network) and clears the table; false, the network kept, with the
 * reason in err. Not during a search.
 */
bool engine_load_network(Engine *e, const char *path, char *err, size_t errlen);
/*
 * Endgame tables from these folders (egtb.h; "" for none), read as positions
 * of their endings come up, within `mb` megabytes; false, with the reason,
 * when a folder cannot be read (the others are used). Not during a search.
 * In the search a position inside the tables is valued by them; at the root
 * only the moves that keep the table's best result are searched.
 */
bool engine_set_tablebases(Engine *e, const char *paths, char *err, size_t errlen);
void engine_set_tablebase_memory(Engine *e, size_t mb);
/* The tables' value of a position, where they hold it (reading its table first if need be). */
bool engine_probe_tables(Engine *e, const Board *b, TbResult *r);
/* The tables' block lookups since they were set: found in the cache, and read and decoded. */
void engine_tablebase_counts(Engine *e, uint64_t *found, uint64_t *read);
/* A table that could not be read during the last search, and why, once. */
bool engine_tablebase_error(Engine *e, char *out, size_t len);
/*
 * Opening books from these files (probe/book.h), separated by ';' ("" for
 * none), consulted in order. A file that cannot be used is left out: false
 * with the first one's reason in err, the others kept. Not during a search.
 */
bool engine_set_books(Engine *e, const char *files, char *err, size_t errlen);
int engine_books(const Engine *e);
/*
 * The books' move for b as book_choose() finds it, drawn from the engine's
 * generator, and the reply they expect; MOVE_NONE out of book or with none.
 * Not during a search.
 */
Move engine_book_move(Engine *e, Board *b, BookChoice how, const BookFilter *filter, Move *reply);

/* Forgets everything learnt: hash and histories. */
void engine_clear(Engine *e);

/*
 * Arms a search: clears an earlier stop and sets the ponder state. Called
 * before engine_search(), in the thread that will later call engine_stop() or
 * engine_ponderhit(), so that neither can arrive before it and be lost.
 */
void engine_prepare(Engine *e, const SearchLimits *limits);

/*
 * Searches until a limit is hit or engine_stop() is called, then returns the
 * move of the best thread. In infinite and ponder mode it does not return
 * before engine_stop() (or, for ponder, engine_ponderhit() and the time
 * running out), even when the search itself is finished.
 */
void engine_search(Engine *e, const Board *root, const SearchLimits *limits, const SearchReporter *rep, SearchResult *out);
void engine_stop(Engine *e);
void engine_ponderhit(Engine *e);

#endif
