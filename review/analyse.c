/* One position of a game searched: its score, the best move and the line the engine expects. */
#include <string.h>

#include "../board/movegen.h"
#include "../board/score.h"
#include "review.h"

/* The line of the last complete iteration: the reporter's moves are valid only during the call. */
typedef struct {
    int len;
    Move pv[REVIEW_PV_MAX];
} Line;

static void keep_line(void *ctx, const SearchInfo *info)
{
    Line *line = ctx;
    if (info->multipv != 1 || info->bound != BOUND_EXACT || !info->pv_len)
        return;
    line->len = info->pv_len < REVIEW_PV_MAX ? info->pv_len : REVIEW_PV_MAX;
    memcpy(line->pv, info->pv, (size_t)line->len * sizeof(Move));
}

/*
 * The game's move searched alone to the depth the whole search completed:
 * with the same node budget it would go deeper than the moves it is weighed
 * against, and deeper searches score differently.
 */
static int search_move(Engine *e, const Board *b, int depth, Move played)
{
    static const SearchReporter quiet = { 0 };
    SearchLimits alone = { .depth = depth > 0 ? depth : 1, .nsearchmoves = 1, .searchmoves = { played } };
    SearchResult r;
    engine_prepare(e, &alone);
    engine_search(e, b, &alone, &quiet, &r);
    return r.score;
}

void analyse_position(Engine *e, Board *b, const SearchLimits *limits, Move played, PositionEval *out)
{
    memset(out, 0, sizeof *out);
    out->side = b->side;
    out->men = board_men(b);
    if (!has_legal_move(b)) {
        out->final = true;
        out->score = out->played = mated_in(0);
        return;
    }
    Line line = { 0 };
    const SearchReporter rep = { .info = keep_line, .ctx = &line };
    SearchResult r;
    engine_prepare(e, limits);
    engine_search(e, b, limits, &rep, &r);
    out->score = out->played = r.score;
    out->depth = r.depth;
    out->nodes = r.nodes;
    if (line.len && line.pv[0] == r.best) {
        out->pv_len = line.len;
        memcpy(out->pv, line.pv, (size_t)line.len * sizeof(Move));
    } else { /* an unfinished iteration changed its mind: its move, and the reply it expects */
        out->pv[out->pv_len++] = r.best;
        if (r.ponder)
            out->pv[out->pv_len++] = r.ponder;
    }
    if (played && played != r.best)
        out->played = search_move(e, b, r.depth, played);
}
