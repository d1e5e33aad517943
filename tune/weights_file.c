/*
 * The layout of eval/weights.h lives here as well as in the file: a test
 * checks that the built-in weights come out as the file itself, so the two
 * cannot drift apart.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "../eval/weights.h"
#include "weights_file.h"

/* A field of EvalWeights: its name, first weight and number of weights; NOTED adds what it says after it. */
#define FIELD(f) { #f, WEIGHT_INDEX(f), (int)(sizeof(((EvalWeights *)0)->f) / sizeof(Score)), NULL }
#define NOTED(f, note) { #f, WEIGHT_INDEX(f), (int)(sizeof(((EvalWeights *)0)->f) / sizeof(Score)), note }

typedef struct {
    const char *name;
    int first, count;
    const char *note; /* after it on its line, lined up with the group's other notes */
} Field;

enum { GROUP_FIELDS = 4 };

/* Fields under one comment (lines split by \n make a block); the list ends at the first without a name. */
typedef struct {
    const char *comment;
    Field fields[GROUP_FIELDS];
} Group;

static const Group groups[] = {
    { "Base values by type: K A B N R C P. Cannons fade and horses grow as the board empties.",
      { FIELD(piece_value) } },
    { "Placement by type. In the endgame generals sit still and pawns matter more.", { FIELD(placement) } },
    { "Mobility by number of reachable points (empty or enemy). Few squares is a trapped piece.",
      { FIELD(rook_mobility), FIELD(knight_mobility), FIELD(cannon_mobility_per_point) } },
    { "Shelter: each missing advisor or elephant costs this much per unit of enemy\n"
      "attack, and two advisors or two elephants guarding each other (an advisor\n"
      "on the palace centre; elephants a step apart with the eye empty) earn this\n"
      "much per unit. Attack units: a rook ROOK_ATTACK_UNITS, a horse or cannon 1\n"
      "(only across the river or on its own rank 4 for the horse), a pawn across\n"
      "the river 1.",
      { FIELD(missing_advisor), FIELD(missing_elephant), FIELD(connected_advisors), FIELD(connected_elephants) } },
    { "Cannon pressure on the enemy general's file or rank, by men in between.",
      { NOTED(hollow_cannon, "nothing between: the centre cannot be defended"),
        NOTED(screened_cannon, "two between: a threat once one leaves"),
        NOTED(bottom_cannon, "on the general's rank with nothing between"),
        NOTED(central_cannon, "on the central file with the general, whatever between") } },
    { "Crossed pawns: side by side they guard each other (linked), as does a pawn\n"
      "right behind (backed); crossed_pawns counts by how many have crossed, 1 to 5.",
      { FIELD(linked_pawns), FIELD(backed_pawns), FIELD(crossed_pawns) } },
    { "Men bearing on a point of the enemy palace: each by its type (horse, rook,\n"
      "cannon, pawn), and all of them by their number, 1 to 6 or more. A horse\n"
      "bears over a free leg, a rook up to the first man, a cannon beyond its\n"
      "screen up to the man it would take, a pawn by its steps.",
      { FIELD(palace_attacker), FIELD(palace_attack_count) } },
    { "Horses across the river.",
      { NOTED(knight_outpost, "where no enemy pawn can ever attack it"),
        NOTED(knight_palace_centre, "on the enemy palace centre, per other man bearing on the palace") } },
    { "Rooks on a file without a pawn of their own.",
      { NOTED(rook_open_file, "no pawn at all"), NOTED(rook_half_open_file, "enemy pawns only") } },
    { "The side to move's edge, blended on its own and never scaled.", { FIELD(tempo) } },
};
enum { GROUP_NB = sizeof groups / sizeof groups[0], LINE_MAX_COLUMNS = 120 };

static const char *const type_names[PIECE_TYPE_NB] = { "KING", "ADVISOR", "BISHOP", "KNIGHT", "ROOK", "CANNON", "PAWN" };

static int digits(int v) { return snprintf(NULL, 0, "%d", v); }

/* The widest middlegame and endgame values of n Scores, so that a table's columns line up. */
static void widths(const Score *s, int n, int w[2])
{
    w[0] = w[1] = 1;
    for (int i = 0; i < n; i++) {
        w[0] = digits(score_mg(s[i])) > w[0] ? digits(score_mg(s[i])) : w[0];
        w[1] = digits(score_eg(s[i])) > w[1] ? digits(score_eg(s[i])) : w[1];
    }
}

static void put_scores(FILE *f, const Score *s, int n, const int w[2])
{
    for (int i = 0; i < n; i++)
        fprintf(f, "%sS(%*d, %*d)", i ? ", " : "", w[0], score_mg(s[i]), w[1], score_eg(s[i]));
}

/* A comment at indent: on one line, or a block of the lines that \n splits text into. */
static void put_comment(FILE *f, const char *indent, const char *text)
{
    if (!strchr(text, '\n')) {
        fprintf(f, "%s/* %s */\n", indent, text);
        return;
    }
    fprintf(f, "%s/*\n", indent);
    for (const char *line = text; *line;) {
        size_t len = strcspn(line, "\n");
        fprintf(f, "%s * %.*s\n", indent, (int)len, line);
        line += len + (line[len] == '\n');
    }
    fprintf(f, "%s */\n", indent);
}

/* A list: on the field's line when it fits, else FILE_NB to a line. */
static void put_list(FILE *f, const char *name, const Score *s, int n)
{
    int w[2];
    widths(s, n, w);
    int columns = (int)strlen(name) + 10 + n * (w[0] + w[1] + 5) + (n - 1) * 2 + 3;
    if (columns <= LINE_MAX_COLUMNS) {
        fprintf(f, "    .%s = { ", name);
        put_scores(f, s, n, w);
        fprintf(f, " },\n");
        return;
    }
    fprintf(f, "    .%s = {\n", name);
    for (int i = 0; i < n; i += FILE_NB) {
        fprintf(f, "        ");
        put_scores(f, s + i, n - i < FILE_NB ? n - i : FILE_NB, w);
        fprintf(f, ",\n");
    }
    fprintf(f, "    },\n");
}

static bool zero_row(const Score *row)
{
    for (int f = 0; f < FILE_NB; f++)
        if (row[f])
            return false;
    return true;
}

/* The placement tables, a block by type and a row by rank, each type's columns lined up. A type's ranks of zeros
   are left out (C makes them 0), its other rows then named by their index. */
static void put_tables(FILE *f, const char *name, const Score *s)
{
    fprintf(f, "    .%s = {\n", name);
    for (int type = 0; type < PIECE_TYPE_NB; type++, s += RANK_NB * FILE_NB) {
        int w[2], zeros = 0;
        widths(s, RANK_NB * FILE_NB, w);
        for (int r = 0; r < RANK_NB; r++)
            zeros += zero_row(s + r * FILE_NB);
        bool named = zeros > 0 && zeros < RANK_NB;
        fprintf(f, "        [%s] = {\n", type_names[type]);
        for (int r = 0; r < RANK_NB; r++) {
            if (named && zero_row(s + r * FILE_NB))
                continue;
            if (named)
                fprintf(f, "            [%d] = { ", r);
            else
                fprintf(f, "            { ");
            put_scores(f, s + r * FILE_NB, FILE_NB, w);
            fprintf(f, " },\n");
        }
        fprintf(f, "        },\n");
    }
    fprintf(f, "    },\n");
}

/* A single Score as the file writes it, without its note; its length. */
static int single_text(char *buf, size_t size, const Field *d, const Score *all)
{
    return snprintf(buf, size, "%s = S(%d, %d),", d->name, score_mg(all[d->first]), score_eg(all[d->first]));
}

/* A single Score of group g, and its note lined up with the group's others. */
static void put_single(FILE *f, const Group *g, const Field *d, const Score *all)
{
    char text[128];
    single_text(text, sizeof text, d, all);
    if (!d->note) {
        fprintf(f, "    .%s\n", text);
        return;
    }
    int column = 0;
    for (const Field *o = g->fields; o < g->fields + GROUP_FIELDS && o->name; o++)
        if (o->note) {
            int len = single_text(NULL, 0, o, all);
            column = len > column ? len : column;
        }
    fprintf(f, "    .%-*s /* %s */\n", column, text, d->note);
}

static const char head[] =
    "/*\n"
    " * Every evaluation weight, in one place so that tuning touches one file.\n"
    " * Scores are packed (middlegame, endgame) pairs, blended by the phase, in\n"
    " * centipawns: the hand-set weights put a pawn that has not crossed the river\n"
    " * at 100, and tuning keeps the scale at which those weights predict results.\n"
    " * Tables are drawn from red's side with rank 9 at the top; black reads them\n"
    " * mirrored. A table's ranks of zeros are left out, its others then named\n"
    " * by their row, [0] for rank 9 to [9] for rank 0.\n"
    " *\n"
    " * `chuhan tune` fits the Scores in W and drawish_scale to self-play games and\n"
    " * writes this file whole, in this layout; the other constants after W are\n"
    " * set by hand and it copies them as they are.\n"
    " */\n"
    "#ifndef CHUHAN_WEIGHTS_H\n"
    "#define CHUHAN_WEIGHTS_H\n"
    "\n"
    "#include \"eval_terms.h\"\n"
    "\n";

static void put_weights(FILE *f, const EvalWeights *w)
{
    const Score *all = (const Score *)w;
    fprintf(f, "static const EvalWeights W = {\n");
    for (const Group *g = groups; g < groups + GROUP_NB; g++) {
        if (g > groups)
            fprintf(f, "\n");
        put_comment(f, "    ", g->comment);
        for (const Field *d = g->fields; d < g->fields + GROUP_FIELDS && d->name; d++)
            if (d->first == WEIGHT_INDEX(placement))
                put_tables(f, d->name, all + d->first);
            else if (d->count > 1)
                put_list(f, d->name, all + d->first, d->count);
            else
                put_single(f, g, d, all);
    }
    fprintf(f, "};\n");
}

/* The constants set by hand, as built, and the fitted endgame scales. */
static void put_fixed(FILE *f, const int *scale)
{
    fprintf(f, "\n");
    put_comment(f, "", "Phase weight of each type; the sum over both sides, capped, runs from endgame 0 to PHASE_MAX "
                       "(evaluate.h).");
    fprintf(f, "static const int phase_weight[PIECE_TYPE_NB] = { ");
    for (int type = 0; type < PIECE_TYPE_NB; type++)
        fprintf(f, "%s%d", type ? ", " : "", phase_weight[type]);
    fprintf(f, " };\n\n");
    put_comment(f, "", "A rook's attack units against the palace (the shelter weights above); other men bring 1.");
    fprintf(f, "enum { ROOK_ATTACK_UNITS = %d };\n\n", ROOK_ATTACK_UNITS);
    put_comment(f, "", "Endgame scale for known drawn material (enum Drawish in evaluate.h), in\n"
                       "SCALE_ONE parts: the endgame half of the evaluation is multiplied by it\n"
                       "when the side ahead in that half has only that material.");
    fprintf(f, "static const int drawish_scale[DRAWISH_NB] = { ");
    for (int i = 0; i < DRAWISH_NB; i++)
        fprintf(f, "%s%d", i ? ", " : "", scale[i]);
    fprintf(f, " };\n\n");
    put_comment(f, "", "Natural-limit fade: full value until NATURAL_FADE_PLIES counted plies before\n"
                       "the limit, then falling in a line to a third at the limit.");
    fprintf(f, "enum { NATURAL_FADE_PLIES = %d, NATURAL_FADE_FLOOR = %d };\n\n#endif\n", NATURAL_FADE_PLIES,
            NATURAL_FADE_FLOOR);
}

bool weights_write(const char *path, const EvalWeights *w, const int scale[DRAWISH_NB])
{
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "chuhan tune: %s: %s\n", path, strerror(errno));
        return false;
    }
    fputs(head, f);
    put_weights(f, w);
    put_fixed(f, scale);
    bool ok = !ferror(f);
    ok &= fclose(f) == 0;
    if (!ok)
        fprintf(stderr, "chuhan tune: cannot write %s\n", path);
    return ok;
}
