/* The win/draw/loss model of UCI_ShowWDL: its numbers, and the info lines that carry them. */
#include <string.h>

#include "../../board/score.h"
#include "../../search/wdl.h"
#include "../common.h"
#include "../engine_pipe.h"

TestSuite(wdl, .init = setup_tables, .timeout = 60);

static void expect_wdl(int score, int men, int w, int d, int l)
{
    int got[3];
    wdl_of(score, men, got);
    cr_assert(got[0] == w && got[1] == d && got[2] == l, "score %d, %d men: %d %d %d, expected %d %d %d", score, men,
              got[0], got[1], got[2], w, d, l);
}

Test(wdl, the_fitted_model_gives_its_numbers)
{
    expect_wdl(0, 32, 391, 218, 391);    /* the start: level, and few draws with every man on the board */
    expect_wdl(100, 32, 458, 214, 328);
    expect_wdl(300, 32, 594, 186, 220);
    expect_wdl(-300, 32, 220, 186, 594); /* the other side's view mirrors it */
    expect_wdl(150, 12, 168, 801, 31);   /* in the endgame an edge draws more often than it wins */
    expect_wdl(0, 3, 15, 970, 15);       /* fewer men than the fit saw count as five */
    expect_wdl(mate_in(3), 10, 1000, 0, 0);
    expect_wdl(mated_in(4), 10, 0, 0, 1000);
}

Test(wdl, the_chances_always_add_up_and_rise_with_the_score)
{
    for (int men = 2; men <= 32; men++) {
        int last[3] = { -1, 0, 1001 };
        for (int score = -2000; score <= 2000; score += 25) {
            int got[3];
            wdl_of(score, men, got);
            cr_assert_eq(got[0] + got[1] + got[2], 1000);
            cr_assert(got[1] >= 0 && got[0] >= last[0] && got[2] <= last[2], "score %d, %d men", score, men);
            memcpy(last, got, sizeof last);
        }
    }
}

Test(wdl, info_lines_carry_wdl_only_when_asked)
{
    Engine e;
    static char line[8192];
    engine_start(&e, "uci");
    engine_send(&e, "position startpos");
    engine_send(&e, "go depth 3");
    while (engine_line(&e, line, sizeof line, 5000) && strncmp(line, "bestmove", 8))
        cr_assert_null(strstr(line, " wdl "), "%s", line);
    engine_send(&e, "setoption name UCI_ShowWDL value true");
    engine_send(&e, "position fen 3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1");
    engine_send(&e, "go depth 3");
    cr_assert(engine_expect(&e, "info depth 3 ", line, sizeof line, 5000));
    cr_assert(strstr(line, " score mate 1 wdl 1000 0 0 nodes "), "%s", line);
    engine_send(&e, "quit");
    engine_close(&e, 3000);
}
