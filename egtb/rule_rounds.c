#include "first_pass.h"
#include "levels.h"
#include "retro.h"
#include "rule_rounds.h"

void take_up_rule_captures(Solver *s)
{
    s->escape = B_ESCAPE_ALL;
    for (int side = RED; side <= BLACK; side++)
        for (uint64_t i = 0; i < s->n; i++) {
            if (s->val[side][i] != 0)
                continue;
            s->longest_loss[side][i] = umax(s->longest_loss[side][i], s->capture_loss[side][i]);
            if (!s->unwon[side][i] && !(s->bits[side][i] & B_ESCAPE_ALL) && s->longest_loss[side][i])
                decide(s, side, i, tb_plies(s->longest_loss[side][i]));
            else if (s->capture_win[side][i])
                bucket_push(s, &s->capture[tb_plies(s->capture_win[side][i])], i, side);
            if (s->capture_win[side][i])
                raise_level(s, tb_plies(s->capture_win[side][i]));
        }
    solve(s, s->capture_win);
}

/*
 * The positions decided without the rule and the losses by it at distance 0
 * keep their values. Where they far outnumber the positions solved again,
 * those take them up from their side at once (a walk forward from each);
 * otherwise every decided position is walked back from again.
 */
void resolve_rule_distances(Solver *s)
{
    uint64_t kept = 0, again = 0;
    for (int side = RED; side <= BLACK; side++)
        for (uint64_t i = 0; i < s->n; i++) {
            uint8_t *bits = &s->bits[side][i];
            *bits &= (uint8_t)~B_FRONTIER;
            /* Undecided positions count their successors afresh too: each is decided once more. */
            if (s->val[side][i] == 0 || ((*bits & B_BY_RULE) && s->val[side][i] != tb_value(0))) {
                s->val[side][i] = 0;
                s->unwon[side][i] = s->successors[side][i];
                s->longest_loss[side][i] = s->capture_loss[side][i];
                again++;
            } else
                kept += tb_decided(s->val[side][i]);
        }
    s->max_level = 0;
    if (2 * again >= kept) {
        queue_decided(s, s->capture_win);
        solve(s, s->capture_win);
        return;
    }
    take_up_kept_successors(s);
    for (int side = RED; side <= BLACK; side++)
        for (uint64_t i = 0; i < s->n; i++) {
            uint8_t win = s->dtm[side][i];
            if (s->val[side][i] != 0)
                continue;
            /* As when the last successor's walk back brought the count to nothing. */
            if (s->successors[side][i] && !s->unwon[side][i] && !(s->bits[side][i] & s->escape))
                decide(s, side, i, tb_plies(s->longest_loss[side][i]));
            else if (win) {
                bucket_push(s, &s->capture[tb_plies(win)], i, side);
                raise_level(s, tb_plies(win));
            }
        }
    solve(s, s->dtm);
}
