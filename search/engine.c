/* An engine as its owner sees it: made and freed, its table, options, network and tables set, a search armed, stopped or let go on. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/clock.h"
#include "engine.h"
#include "engine_state.h"
#include "history.h"

Engine *engine_new(void)
{
    Engine *e = calloc(1, sizeof *e);
    if (!e)
        return NULL;
    e->opt = (SearchOptions){ .threads = 1, .multipv = 1 };
    pthread_mutex_init(&e->lock, NULL);
    if (!tt_resize(&e->tt, TT_DEFAULT_MB) || !pool_resize(&e->pool, 1, e)) {
        engine_free(e);
        return NULL;
    }
    engine_seed(e, (uint64_t)now_us());
    return e;
}

void engine_free(Engine *e)
{
    if (!e)
        return;
    tt_free(&e->tt);
    pool_free(&e->pool);
    nnue_free(e->own_net);
    tb_set_free(e->tables);
    engine_set_books(e, "", NULL, 0); /* none: those it had are freed */
    pthread_mutex_destroy(&e->lock);
    free(e);
}

bool engine_set_hash(Engine *e, size_t mb) { return tt_resize(&e->tt, mb); }
size_t engine_hash_mb(const Engine *e) { return tt_size_mb(&e->tt); }

bool engine_probe(Engine *e, uint64_t key, TTHit *hit) { return tt_probe(&e->tt, key, 0, hit); }

void engine_seed(Engine *e, uint64_t seed) { e->rng = seed; }

bool engine_set_options(Engine *e, const SearchOptions *opt)
{
    if (opt->threads != e->pool.size && !pool_resize(&e->pool, opt->threads, e))
        return false;
    e->opt = *opt;
    return true;
}
const SearchOptions *engine_options(const Engine *e) { return &e->opt; }
const Network *engine_network(const Engine *e) { return e->own_net ? e->own_net : nnue_builtin(); }

bool engine_load_network(Engine *e, const char *path, char *err, size_t errlen)
{
    Network *n = NULL;
    if (path && !(n = nnue_load(path, err, errlen)))
        return false;
    nnue_free(e->own_net);
    e->own_net = n;
    engine_clear(e); /* the table's static values are the old network's */
    return true;
}

bool engine_set_tablebases(Engine *e, const char *paths, char *err, size_t errlen)
{
    if (!e->tables && !(e->tables = tb_set_new())) {
        snprintf(err, errlen, "not enough memory for endgame tables");
        return false;
    }
    bool ok = tb_set_paths(e->tables, paths, err, errlen);
    e->table_men = tb_set_men(e->tables);
    return ok;
}

void engine_set_tablebase_memory(Engine *e, size_t mb)
{
    if (e->tables || (e->tables = tb_set_new()))
        tb_set_memory(e->tables, mb << 20);
}

bool engine_probe_tables(Engine *e, const Board *b, TbResult *r) { return e->table_men && tb_probe(e->tables, b, r); }

void engine_tablebase_counts(Engine *e, uint64_t *found, uint64_t *read)
{
    *found = *read = 0;
    if (e->tables)
        tb_set_counts(e->tables, found, read);
}

bool engine_tablebase_error(Engine *e, char *out, size_t len) { return e->tables && tb_set_error(e->tables, out, len); }

bool engine_set_books(Engine *e, const char *files, char *err, size_t errlen)
{
    for (int i = 0; i < e->nbooks; i++)
        book_free(e->books[i]);
    e->nbooks = 0;
    bool ok = true;
    for (const char *p = files; *p;) {
        size_t len = strcspn(p, ";");
        char path[512], why[400];
        snprintf(path, sizeof path, "%.*s", (int)(len < sizeof path ? len : sizeof path - 1), p);
        p += len + (p[len] == ';');
        if (!path[0])
            continue;
        Book *bk = NULL;
        if (e->nbooks == ENGINE_BOOKS_MAX)
            snprintf(why, sizeof why, "'%.200s': more than %d books", path, ENGINE_BOOKS_MAX);
        else
            bk = book_open(path, why, sizeof why);
        if (bk)
            e->books[e->nbooks++] = bk;
        else if (ok)
            snprintf(err, errlen, "%s", why);
        ok &= bk != NULL;
    }
    return ok;
}

int engine_books(const Engine *e) { return e->nbooks; }

Move engine_book_move(Engine *e, Board *b, BookChoice how, const BookFilter *filter, Move *reply)
{
    return book_choose(e->books, e->nbooks, b, how, filter, &e->rng, reply);
}

void engine_clear(Engine *e)
{
    tt_clear(&e->tt);
    for (int i = 0; i < e->pool.size; i++)
        history_clear(&e->pool.threads[i].history);
}

void engine_prepare(Engine *e, const SearchLimits *limits)
{
    atomic_store(&e->stop, false);
    atomic_store(&e->pondering, limits->ponder);
}

void engine_stop(Engine *e) { atomic_store(&e->stop, true); }

void engine_ponderhit(Engine *e)
{
    atomic_store(&e->ponderhit_at, now_ms());
    atomic_store(&e->pondering, false);
}

