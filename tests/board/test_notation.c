/* Chinese and WXF move names both ways, the reasons given for bad moves, and round trips over random positions. */
#include <string.h>

#include "../common.h"

TestSuite(notation, .init = setup_tables);

static Board board;

/* m (ICCS) is legal here and is named exactly `chinese` and `wxf`, and each name reads back as m. */
static void expect_names(const char *iccs, const char *chinese, const char *wxf)
{
    Move m = move_parse(iccs, 0);
    char got[MOVE_NAME_MAX], err[128] = "";
    cr_assert(m && move_is_legal(&board, m), "%s is not legal here", iccs);
    move_name(&board, m, NOTATION_CHINESE, got);
    cr_assert_str_eq(got, chinese, "Chinese name of %s", iccs);
    move_name(&board, m, NOTATION_WXF, got);
    cr_assert_str_eq(got, wxf, "WXF name of %s", iccs);
    move_name(&board, m, NOTATION_ICCS, got);
    cr_assert_str_eq(got, iccs);
    cr_assert_eq(move_read(&board, chinese, err, sizeof err), m, "%s read as something else (%s)", chinese, err);
    cr_assert_eq(move_read(&board, wxf, err, sizeof err), m, "%s read as something else (%s)", wxf, err);
}

/* A move in ICCS and the names it must have in Chinese and in WXF. */
typedef struct {
    const char *iccs, *chinese, *wxf;
} Names;

/* Text said to the board and what must come of it: the ICCS move it reads as, or the reason it is refused. */
typedef struct {
    const char *text, *outcome;
} Said;

#define COUNT(table) (sizeof table / sizeof *table)

/* Sets fen, or keeps the board where fen is NULL; then every move of the table is named as it says. */
static void expect_all_names(const char *fen, const Names *moves, size_t n)
{
    if (fen)
        set_fen(&board, fen);
    for (size_t i = 0; i < n; i++)
        expect_names(moves[i].iccs, moves[i].chinese, moves[i].wxf);
}

static void play(const char *iccs)
{
    Move m = move_parse(iccs, 0);
    cr_assert(m && move_is_legal(&board, m), "%s is not legal here", iccs);
    make_move(&board, m);
}

Test(notation, opening_of_the_reference_table)
{
    static const Names moves[] = {
        { "h2e2", "炮二平五", "C2.5" }, { "h7e7", "炮８平５", "C8.5" }, { "e2e6", "炮五进四", "C5+4" },
        { "d9e8", "士４进５", "A4+5" }, { "h0g2", "马二进三", "H2+3" }, { "h9g7", "马８进７", "H8+7" },
        { "b2e2", "炮八平五", "C8.5" }, { "b9c7", "马２进３", "H2+3" }, { "e6e4", "前炮退二", "C+-2" },
        { "i9h9", "车９平８", "R9.8" },
    };
    set_fen(&board, START_FEN);
    for (size_t i = 0; i < COUNT(moves); i++) {
        expect_names(moves[i].iccs, moves[i].chinese, moves[i].wxf);
        play(moves[i].iccs);
    }
}

Test(notation, every_kind_of_man_and_direction)
{
    static const Names red[] = {
        { "b0c2", "马八进七", "H8+7" }, { "c3c4", "兵七进一", "P7+1" }, { "i0i2", "车一进二", "R1+2" },
        { "b2b1", "炮八退一", "C8-1" }, { "g0e2", "相三进五", "E3+5" }, { "d0e1", "仕六进五", "A6+5" },
        { "e0e1", "帅五进一", "K5+1" },
    };
    static const Names black[] = {
        { "e9f9", "将５平６", "K5.6" }, { "e8f9", "士５退６", "A5-6" }, { "e7g9", "象５退７", "E5-7" },
        { "c7d5", "马３进４", "H3+4" }, { "c7b9", "马３退２", "H3-2" },
    };
    expect_all_names(START_FEN, red, COUNT(red));
    expect_all_names("4k4/4a4/2n1b4/9/9/9/9/9/4A4/3K5 b - - 0 1", black, COUNT(black));
}

Test(notation, doubled_men_front_and_rear)
{
    /* Red rooks doubled on file 九, black horses doubled on file ３. */
    static const Names rooks[] = { { "a3b3", "前车平八", "R+.8" }, { "a0a1", "后车进一", "R-+1" } };
    static const Names horses[] = { { "c6d4", "前马进４", "H++4" }, { "c7b9", "后马退２", "H--2" } };
    expect_all_names("3k5/9/2n6/2n6/9/9/R8/9/9/R3K4 w - - 0 1", rooks, COUNT(rooks));
    expect_all_names("3k5/9/2n6/2n6/9/9/R8/9/9/R3K4 b - - 0 1", horses, COUNT(horses));
}

Test(notation, tandem_pawns_xqbase_example)
{
    /* The xqbase example: red pawns d8, f8, e7, d6, f6; one series over both doubled files, right to left, front to back. */
    static const Names pawns[] = {
        { "f8e8", "一兵平五", "4+.5" }, { "f6e6", "二兵平五", "4-.5" }, { "d8e8", "三兵平五", "6+.5" },
        { "d6e6", "四兵平五", "6-.5" }, { "e7e8", "兵五进一", "P5+1" },
    };
    expect_all_names("4k4/3P1P3/4P4/3P1P3/9/9/9/9/9/3K5 w - - 0 1", pawns, COUNT(pawns));
}

Test(notation, tandem_pawns_wxf_examples)
{
    /* The WXF page's examples: pawns on the 3rd file traversing to the 4th. */
    static const Names three[] = { { "g7f7", "前兵平四", "P+.4" }, { "g6f6", "中兵平四", "P3.4" }, { "g5f5", "后兵平四", "P-.4" } };
    static const Names five[] = {
        { "g9f9", "一兵平四", "++.4" }, { "g8f8", "二兵平四", "P+.4" }, { "g7f7", "三兵平四", "P3.4" },
        { "g6f6", "四兵平四", "P-.4" }, { "g5f5", "五兵平四", "--.4" },
    };
    static const Names four[] = {
        { "g9f9", "一兵平四", "++.4" }, { "g8f8", "二兵平四", "P+.4" },
        { "g7f7", "三兵平四", "P-.4" }, { "g6f6", "四兵平四", "--.4" },
    };
    /* Three on the 3rd file and two on the 7th: the file takes the letter's place. */
    static const Names two_files[] = {
        { "g7f7", "一兵平四", "3+.4" }, { "g6f6", "二兵平四", "33.4" }, { "g5f5", "三兵平四", "3-.4" },
        { "c7d7", "四兵平六", "7+.6" }, { "c6d6", "五兵平六", "7-.6" },
    };
    expect_all_names("3k5/9/6P2/6P2/6P2/9/9/9/9/4K4 w - - 0 1", three, COUNT(three));
    expect_all_names("3k2P2/6P2/6P2/6P2/6P2/9/9/9/9/4K4 w - - 0 1", five, COUNT(five));
    expect_all_names("3k2P2/6P2/6P2/6P2/9/9/9/9/9/4K4 w - - 0 1", four, COUNT(four));
    expect_all_names("3k5/9/2P3P2/2P3P2/6P2/9/9/9/9/4K4 w - - 0 1", two_files, COUNT(two_files));
}

Test(notation, black_tandem_pawns_count_from_blacks_right)
{
    static const Names pawns[] = {
        { "c2d2", "前卒平４", "P+.4" }, { "c2c1", "前卒进１", "P++1" },
        { "c3d3", "中卒平４", "P3.4" }, { "c4d4", "后卒平４", "P-.4" },
    };
    expect_all_names("4k4/9/9/9/9/2p6/2p6/2p6/9/3K5 b - - 0 1", pawns, COUNT(pawns));
}

/* Every text of the table reads as its ICCS move. */
static void expect_reads(const Said *reads, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char err[128] = "";
        Move m = move_read(&board, reads[i].text, err, sizeof err);
        cr_assert_eq(m, move_parse(reads[i].outcome, 0), "'%s' read wrongly (%s)", reads[i].text, err);
    }
}

/* Every text of the table is refused with exactly its reason, and the board is left as it was. */
static void expect_refusals(const Said *refusals, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const char *text = refusals[i].text;
        char err[128] = "", before[FEN_MAX], after[FEN_MAX];
        board_get_fen(&board, before);
        cr_assert_eq(move_read(&board, text, err, sizeof err), MOVE_NONE, "'%s' was accepted", text);
        cr_assert_str_eq(err, refusals[i].outcome, "reason for '%s'", text);
        board_get_fen(&board, after);
        cr_assert_str_eq(after, before);
    }
}

Test(notation, reads_traditional_characters_and_variant_forms)
{
    static const Said red[] = {
        { "傌二進三", "h0g2" }, { "馬八进七", "b0c2" }, { "俥九進一", "a0a1" }, { "車一进二", "i0i2" },
        { "砲二平五", "h2e2" }, { "包八平五", "b2e2" }, { "帥五進一", "e0e1" }, { "炮2平5", "h2e2" },
        { "炮２平５", "h2e2" }, { "C2=5", "h2e2" },     { "C25", "h2e2" },      { "c2.5", "h2e2" },
        { "N2+3", "h0g2" },     { "B3+5", "g0e2" },     { "H2-E2", "h2e2" },    { "h2e2", "h2e2" },
    };
    static const Said black[] = { { "砲8平5", "h7e7" }, { "將5進1", "e9e8" }, { "象3進5", "c9e7" }, { "卒7進1", "g6g5" } };
    /* xqbase's symbol forms for doubled men: the mark first, or a letter for the place in the series. */
    static const Said rooks[] = { { "+R.8", "a3b3" }, { "-R+1", "a0a1" }, { "後車進一", "a0a1" } };
    static const Said pawns[] = { { "Pa.5", "f8e8" }, { "Pd.5", "d6e6" } };
    static const Said three_pawns[] = { { "P..4", "g6f6" } };
    set_fen(&board, START_FEN);
    expect_reads(red, COUNT(red));
    play("h2e2");
    expect_reads(black, COUNT(black));
    set_fen(&board, "3k5/9/9/9/9/9/R8/9/9/R3K4 w - - 0 1");
    expect_reads(rooks, COUNT(rooks));
    set_fen(&board, "4k4/3P1P3/4P4/3P1P3/9/9/9/9/9/3K5 w - - 0 1");
    expect_reads(pawns, COUNT(pawns));
    set_fen(&board, "3k5/9/6P2/6P2/6P2/9/9/9/9/4K4 w - - 0 1");
    expect_reads(three_pawns, COUNT(three_pawns));
}

/* Sets fen and refuses every text of the table (as expect_refusals). */
static void expect_refusals_at(const char *fen, const Said *refusals, size_t n)
{
    set_fen(&board, fen);
    expect_refusals(refusals, n);
}

Test(notation, refusals_say_why)
{
    static const Said blocked[] = {
        { "马八进七", "the horse's leg is blocked" }, { "H8+7", "the horse's leg is blocked" },
        { "b0c2", "the horse's leg is blocked" },   { "帅五平六", "the generals would face each other" },
    };
    static const Said eye[] = { { "相七进五", "the elephant's eye is blocked" } };
    static const Said river[] = { { "相七进五", "the elephant may not cross the river" } };
    static const Said pinned[] = { { "车五平九", "it would leave the general in check" } };
    static const Said palace[] = { { "帅四平三", "the general may not leave the palace" } };
    static const Said start[] = {
        { "车五进一", "no such man: no red rook on file 5" },
        { "前炮进一", "no such man: no red cannon in that place" },
        { "兵七退一", "a pawn never moves back" },
        { "兵七平六", "a pawn moves sideways only after crossing the river" },
        { "马二平三", "no such move: the horse cannot go there" },
        { "马二进五", "no such move: the horse cannot go there" },
        { "h2h7", "the cannon captures by jumping exactly one man" },
        { "a0a4", "the rook's path is blocked" },
        { "a3a2", "a pawn never moves back" },
        { "h9h8", "no such man: no red man stands there" },
        { "a0a3", "a man of the same side stands on the target point" },
        { "炮二平五五", "not a move: '炮二平五五'" },
        { "", "not a move: ''" },
        /* Quoted text is cut between characters, never inside one. */
        { "a马马马马马马马马马", "not a move: 'a马马马马马马马'" },
        { "K5+0", "not a move: 'K5+0'" },
    };
    /* Two rooks on file 九 that can both go to file 八: the name must say which... */
    static const Said ambiguous[] = { { "车九平八", "ambiguous: 2 red rooks can make that move" } };
    /* ...and when only one of them can make the move, the plain file is enough. */
    static const Said plain[] = { { "车九进三", "a3a6" } };
    expect_refusals_at("3k5/9/9/9/9/9/9/9/1R7/1N2K4 w - - 0 1", blocked, COUNT(blocked));
    expect_refusals_at("5k3/9/9/9/9/9/9/9/3R5/2B1K4 w - - 0 1", eye, COUNT(eye));
    expect_refusals_at("3k5/9/9/9/9/2B6/9/9/9/4K4 w - - 0 1", river, COUNT(river));
    expect_refusals_at("3k5/4r4/9/9/9/9/9/9/4R4/4K4 w - - 0 1", pinned, COUNT(pinned));
    expect_refusals_at("3k5/9/9/9/9/9/9/9/9/5K3 w - - 0 1", palace, COUNT(palace));
    expect_refusals_at(START_FEN, start, COUNT(start));
    expect_refusals_at("3k5/9/9/9/9/9/R8/9/9/R3K4 w - - 0 1", ambiguous, COUNT(ambiguous));
    expect_reads(plain, COUNT(plain));
}

Test(notation, reads_algebraic_names_as_cutechess_writes_them)
{
    static const Said reads[] = {
        { "Ci5", "h4i4" },
        { "Ca3", "b2a2" }, /* an xqbase WXF form too: the legal algebraic reading comes first */
        { "Rb1", "a0b0" },
        { "Nb1", "c2b0" }, /* the only horse that can go there */
        { "Nce2", "c2e1" },
        { "a6", "a4a5" },
    };
    static const Said refusals[] = {
        { "Ne2", "ambiguous: more than one horse can go there" }, { "Cxb10", "no cannon can legally go there" }
    };
    /* Told apart by the rank left; ranks count 1-10 from red's side. */
    static const Said advisors[] = { { "A1e2", "d0e1" }, { "A3e2", "d2e1" } };
    static const Said advisor_refusal[] = { { "Ae2", "ambiguous: more than one advisor can go there" } };
    static const Said capture[] = { { "Rxa10+", "a0a9" } };
    static const Said capture_refusal[] = { { "Ra10", "no rook can legally go there" } }; /* a capture must say so */
    /* cutechess names a pawn that does not take by its point alone: the one that advances. */
    static const Said pawns[] = { { "g7", "g5g6" }, { "fg7", "f6g6" } };
    set_fen(&board, "r1bak1bnr/4a4/1cn4c1/p3p3p/2p3p2/P6C1/2P1P1P1P/1CN3N2/9/R1BAKAB1R w - - 0 1");
    expect_reads(reads, COUNT(reads));
    expect_refusals(refusals, COUNT(refusals));
    set_fen(&board, "3k5/9/9/9/9/9/9/3A5/9/3AK4 w - - 0 1");
    expect_reads(advisors, COUNT(advisors));
    expect_refusals(advisor_refusal, COUNT(advisor_refusal));
    set_fen(&board, "r2k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1");
    expect_reads(capture, COUNT(capture));
    expect_refusals(capture_refusal, COUNT(capture_refusal));
    set_fen(&board, "3k5/9/9/5P3/6P2/9/9/9/9/4K4 w - - 0 1");
    expect_reads(pawns, COUNT(pawns));
}

/*
 * A random legal position: both generals, and any number of each other man
 * on points it can reach, pawns often crowded onto a file or two so that the
 * tandem forms come up.
 */
static bool random_position(Board *b, uint64_t *rng)
{
    char grid[RANK_NB][FILE_NB];
    memset(grid, 0, sizeof grid);
    static const char *const letters = "KABNRCP";
    for (int side = RED; side <= BLACK; side++) {
        int crowd[2] = { (int)(test_random(rng) % FILE_NB), (int)(test_random(rng) % FILE_NB) };
        for (int type = KING; type < PIECE_TYPE_NB; type++) {
            int n = type == KING ? 1 : (int)(test_random(rng) % (unsigned)(type_count[type] + 1));
            for (int i = 0, tries = 0; i < n && tries < 100; tries++) {
                int f = (int)(test_random(rng) % FILE_NB), r = (int)(test_random(rng) % RANK_NB);
                if (type == PAWN && test_random(rng) % 4)
                    f = crowd[test_random(rng) % 2];
                int own = side == RED ? r : RANK_NB - 1 - r; /* rank from the side's own back rank */
                bool ok = type == KING      ? f >= 3 && f <= 5 && own <= 2
                          : type == ADVISOR ? ((own == 0 || own == 2) && (f == 3 || f == 5)) || (own == 1 && f == 4)
                          : type == BISHOP  ? (own % 2 == 0 && own <= 4 && f % 2 == 0 && (own / 2 + f / 2) % 2 == 1)
                          : type == PAWN    ? own >= 5 || ((own == 3 || own == 4) && f % 2 == 0)
                                            : true;
                if (!ok || grid[r][f])
                    continue;
                grid[r][f] = side == RED ? letters[type] : (char)(letters[type] + 'a' - 'A');
                i++;
            }
        }
    }
    char fen[FEN_MAX], *o = fen;
    for (int r = RANK_NB - 1; r >= 0; r--) {
        for (int f = 0; f < FILE_NB; f++)
            *o++ = grid[r][f] ? grid[r][f] : '1';
        *o++ = r ? '/' : ' ';
    }
    strcpy(o, test_random(rng) % 2 ? "b" : "w");
    return board_set_fen(b, fen, NULL, 0);
}

/* Names in the forms for four or five pawns in tandem, and for pawns doubled on two files, met so far. */
static int series_names, two_file_names;

/* Every legal move's names read back as the move, and no two moves share a name. */
static int check_round_trips(Board *b)
{
    static const Notation notations[] = { NOTATION_CHINESE, NOTATION_WXF, NOTATION_ICCS };
    Move list[MAX_MOVES];
    char names[MAX_MOVES][MOVE_NAME_MAX], err[128];
    int n = gen_legal(b, list);
    for (int k = 0; k < 3; k++) {
        for (int i = 0; i < n; i++) {
            move_name(b, list[i], notations[k], names[i]);
            Move back = move_read(b, names[i], err, sizeof err);
            char fen[FEN_MAX];
            board_get_fen(b, fen);
            cr_assert_eq(back, list[i], "%s in %s reads as %04x (%s)", names[i], fen, back, err);
            series_names += notations[k] == NOTATION_CHINESE && !strncmp(names[i], "四", strlen("四"));
            two_file_names += notations[k] == NOTATION_WXF && names[i][0] >= '1' && names[i][0] <= '9';
            for (int j = 0; j < i; j++)
                cr_assert_str_neq(names[i], names[j], "two moves named %s in %s", names[i], fen);
        }
    }
    return n;
}

Test(notation, round_trips_over_random_placements)
{
    uint64_t rng = 0x9E3779B97F4A7C15ull;
    int positions = 0, moves = 0;
    while (positions < 3000) {
        if (!random_position(&board, &rng))
            continue;
        positions++;
        moves += check_round_trips(&board);
    }
    cr_assert_gt(moves, 3000 * 20);
    cr_assert_gt(series_names, 100);
    cr_assert_gt(two_file_names, 100);
}

Test(notation, round_trips_along_random_games)
{
    uint64_t rng = 12345;
    int positions = 0;
    for (int game = 0; game < 40; game++) {
        set_fen(&board, START_FEN);
        for (int ply = 0; ply < 150; ply++, positions++) {
            Move list[MAX_MOVES];
            int n = gen_legal(&board, list);
            if (!n)
                break;
            check_round_trips(&board);
            make_move(&board, list[test_random(&rng) % (unsigned)n]);
        }
    }
    cr_assert_gt(positions, 2000);
}
