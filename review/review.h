/*
 * Game review (`chuhan review`): the engine searches every position of a
 * game, each move is judged by how far it lowers its player's expected score
 * by the WDL model, and the game is written again with the evaluations, the
 * marks and the better lines, and drawn as a graph (docs/review.md).
 */
#ifndef CHUHAN_REVIEW_H
#define CHUHAN_REVIEW_H

#include "../search/engine.h"
#include "../pgn/pgn.h"

typedef enum { MARK_NONE, MARK_INACCURACY, MARK_MISTAKE, MARK_BLUNDER, MARK_NB } Mark;

/*
 * The marks' thresholds: a move that lowers its player's expected score
 * (win + draw / 2) by at least this much, against the engine's best.
 */
#define REVIEW_INACCURACY 0.06
#define REVIEW_MISTAKE 0.12
#define REVIEW_BLUNDER 0.20

enum { REVIEW_PV_MAX = 12 };

/*
 * The engine's view of one position of the game, and of the move the game
 * played there: searched alone from the same position with the same budget,
 * so that it is weighed against the best move at the same depth and with the
 * same side to move (two searches of consecutive positions differ by more
 * than the move: each has its own depth, and an even depth and an odd one
 * see the side to move differently).
 */
typedef struct {
    int score;  /* the side to move's, VALUE_MATE scale */
    int played; /* the game's move's, the same view; the score itself when it was the best */
    int side;   /* to move */
    int men;    /* on the board: the WDL model's other input */
    bool final; /* no legal move: the side to move has lost */
    int depth;
    uint64_t nodes;
    int pv_len; /* pv[0] is the best move */
    Move pv[REVIEW_PV_MAX];
} PositionEval;

typedef struct {
    double loss; /* of the mover's expected score, 0..1 */
    int cp_loss; /* in centipawns, each score clipped to a thousand */
    Mark mark;
} MoveVerdict;

/* A game and what the review found: pos[i] before move i, pos[nmoves] after the last. */
typedef struct {
    PgnGame game;
    PositionEval pos[PGN_PLIES_MAX + 1];
    MoveVerdict verdict[PGN_PLIES_MAX];
} GameReview;

/* judge.c: the expected score of a side whose score this is, with this many men, 0..1. */
double expected_score(int score, int men);
/* Red's expected score for a score of the side to move in p (p->score, or p->played). */
double red_expected(const PositionEval *p, int score);
/* Judges the game's move from a position. */
MoveVerdict judge_move(const PositionEval *p);
/* The mark's NAG number (6, 2, 4) and its name ("inaccuracy", ...); 0 and "" for none. */
int mark_nag(Mark m);
const char *mark_name(Mark m);

/*
 * analyse.c: searches b within the limits (or finds it lost), and the game's
 * move `played` there (MOVE_NONE after the last move), into *out.
 */
void analyse_position(Engine *e, Board *b, const SearchLimits *limits, Move played, PositionEval *out);

/* annotate.c: the review written as an annotated game into text; false when memory ran out. */
bool annotate_game(PgnText *text, const GameReview *r, Notation notation);
/* A score of the side to move in p as [%eval] writes it, red's view: "0.31", "-1.20", "#3", "#-2". */
void eval_text(const PositionEval *p, int score, char out[16]);

/* graph.c: the review's graph as an SVG file; false with the reason in err. */
bool write_graph(const char *path, const GameReview *r, char *err, size_t errlen);

/*
 * exercises.c: the review's mistakes and blunders written to f as PGN games,
 * numbered from `first`, each from the position before the move with the
 * better line as its moves; returns how many, or -1 when memory ran out.
 */
int write_exercises(FILE *f, const GameReview *r, int first);

/* agreement.c: the review's marks counted against those of a search `plies` deeper. */
typedef struct {
    Engine *engine; /* the deeper one, with a table of its own */
    int plies;
    int table[MARK_NB][MARK_NB]; /* [the review's mark][the deeper search's] */
    long depth_sum;
    int moves;
} Agreement;

/* Judges the game's move `played` from b (the review's view of it in p, its mark `mark`) again, deeper. */
void agreement_judge(Agreement *a, Board *b, const PositionEval *p, Move played, Mark mark);
void agreement_print(const Agreement *a, FILE *out);

/* `chuhan review [--movetime MS | --depth N | --nodes N] [--threads N] [--graph FILE.svg] FILE...` */
int review_main(int argc, char **argv);

#endif
