/*
 * The words the terminal front ends show a person, in English and in
 * Simplified Chinese: one catalogue a language (en.c, zh.c), the messages
 * named here. The engine's own reasons (a refused move, a bad FEN) come in
 * English and are put into the chosen language by lang_reason.
 */
#ifndef CHUHAN_LANG_H
#define CHUHAN_LANG_H

#include <stdbool.h>
#include <stddef.h>

typedef enum { LANG_EN, LANG_ZH, LANG_NB } Lang;

typedef enum {
    /* Words that go into other messages. */
    MSG_RED, MSG_BLACK, MSG_RED_WINS, MSG_BLACK_WINS,
    MSG_GENERAL, MSG_ADVISOR, MSG_ELEPHANT, MSG_HORSE, MSG_ROOK, MSG_CANNON, MSG_PAWN,
    /* chuhan play: the game's end. */
    MSG_CHECK, MSG_GAME_OVER, MSG_CHECKMATED, MSG_NO_LEGAL_MOVE, MSG_LOSES_PERPETUAL_CHECK,
    MSG_LOSES_PERPETUAL_CHASE, MSG_DRAW_REPETITION, MSG_DRAW_NATURAL, MSG_DRAW_DEAD, MSG_DRAW_LONGEST,
    MSG_FORBIDDEN_CHECK, MSG_FORBIDDEN_CHASE, MSG_RED_RESIGNS, MSG_BLACK_RESIGNS, MSG_RED_TIME, MSG_BLACK_TIME,
    MSG_DRAW_AGREED,
    /* chuhan play: answers to the player's lines. */
    MSG_IS_OVER, MSG_IS_OVER_GO_ON, MSG_OVER, MSG_NOT_YOUR_TURN, MSG_WATCHING, MSG_NOTHING_TO_UNDO,
    MSG_NOTHING_TO_REDO, MSG_TOOK_BACK_ONE, MSG_TOOK_BACK, MSG_REPLAYED_ONE, MSG_REPLAYED, MSG_HINT,
    MSG_DRAW_ACCEPTED, MSG_DRAW_DECLINED, MSG_STRENGTH, MSG_DEPTH_WANTED, MSG_TIME_WANTED, MSG_LEVEL_WANTED,
    MSG_ELO_WANTED, MSG_BAD_FEN, MSG_NEW_GAME, MSG_SAVE_WANTS_FILE, MSG_CANNOT_WRITE, MSG_SAVED,
    MSG_LOAD_WANTS_FILE, MSG_NO_GAME_IN, MSG_LOADED_TO_BAD, MSG_LOADED, MSG_NOT_THINKING, MSG_UNKNOWN_COMMAND,
    MSG_CANNOT_PLAY, MSG_CLOCKS, MSG_PLAYS_AT, MSG_HELP,
    /* chuhan play: the engine's strength, the banner and the command line. */
    MSG_STRENGTH_ELO, MSG_STRENGTH_DEPTH, MSG_STRENGTH_TIME, MSG_STRENGTH_AT_MOST, MSG_STRENGTH_CLOCK,
    MSG_LIST_SEPARATOR, MSG_BANNER_WATCH, MSG_BANNER, MSG_TYPE_MOVES, MSG_MOVE_EXAMPLES, MSG_MOVE_EXAMPLES_ASCII,
    MSG_PLAY_USAGE, MSG_BAD_OPTION, MSG_BAD_FEN_OPTION, MSG_BOOK_FAULT, MSG_OUT_OF_MEMORY, MSG_NO_THREAD,
    /* chuhan play: what the endgame tables say. */
    MSG_PRACTICE_NONE, MSG_PRACTICE_DONE, MSG_PRACTICE_WANTS_TABLES,
    MSG_TB_DRAW, MSG_TB_BY_RULE, MSG_TB_MATE_IN, MSG_TB_BEYOND_LIMIT, MSG_TB_ENTERED, MSG_TB_CHANGED,
    /* chuhan review: comments, the summary, the usage. */
    MSG_INACCURACY, MSG_MISTAKE, MSG_BLUNDER, MSG_MARK_NOTE, MSG_NO_LEGAL_MOVE_WINS, MSG_SIDE_RED, MSG_SIDE_BLACK, MSG_RECORD, MSG_RECORD_NAMED,
    MSG_NO_MOVE, MSG_MOVES_ONE, MSG_MOVES, MSG_AVERAGE_LOSS, MSG_INACCURACIES_ONE, MSG_INACCURACIES, MSG_MISTAKES_ONE,
    MSG_MISTAKES, MSG_BLUNDERS_ONE, MSG_BLUNDERS, MSG_SENTENCE_END, MSG_REVIEWED_UP_TO, MSG_REVIEW_USAGE,
    MSG_EXERCISE_EVENT, MSG_EXERCISE_FIND,
    /* chuhan --help */
    MSG_USAGE,
    /*
     * The engine's reasons, the English text as the engine writes it with {1},
     * {2} where it names a side, a man or a number (put into the other
     * language's words), in the order the engine's text gives them.
     */
    MSG_REASON_FIRST,
    MSG_R_NO_MAN_ON_FILE = MSG_REASON_FIRST, MSG_R_NO_MAN_THERE, MSG_R_NO_MAN_STANDS, MSG_R_AMBIGUOUS_COUNT,
    MSG_R_AMBIGUOUS_GO, MSG_R_CANNOT_GO, MSG_R_NONE_CAN_GO, MSG_R_NOT_A_MOVE, MSG_R_GENERAL_PALACE,
    MSG_R_GENERAL_STEP, MSG_R_ADVISOR_PALACE, MSG_R_ADVISOR_STEP, MSG_R_ELEPHANT_STEP, MSG_R_ELEPHANT_EYE,
    MSG_R_ELEPHANT_RIVER, MSG_R_HORSE_LEG, MSG_R_HORSE_STEP, MSG_R_PAWN_BACK, MSG_R_PAWN_SIDEWAYS, MSG_R_PAWN_STEP,
    MSG_R_ROOK_LINE, MSG_R_CANNON_LINE, MSG_R_CANNON_JUMP, MSG_R_ROOK_PATH, MSG_R_CANNON_PATH, MSG_R_OWN_MAN,
    MSG_R_GENERALS_FACE, MSG_R_LEAVES_CHECK, MSG_R_MOVE_NUMBERED, MSG_R_NO_GENERAL, MSG_R_SIDE_IN_CHECK,
    MSG_R_RANK_FILES, MSG_R_NOT_TEXT,
    MSG_REASON_END,
    MSG_NB = MSG_REASON_END
} Msg;

extern const char *const lang_en[MSG_NB];
extern const char *const lang_zh[MSG_NB];

/* The language the messages come in: English until set. */
void lang_set(Lang lang);
Lang lang_current(void);

/* "zh", "en", or a locale such as zh_CN.UTF-8 or en_GB; false for any other. */
bool lang_parse(const char *name, Lang *out);

/* The language of the environment (LC_ALL, then LC_MESSAGES, then LANG): Chinese for zh_*, else English. */
Lang lang_of_environment(void);

/* A message in the language set; in a given language. */
const char *msg(Msg m);
const char *lang_message(Lang lang, Msg m);

/*
 * The engine's English reason in the language set: each part it knows (the
 * reasons are often joined, "no such man: no red horse on file 8") put into
 * its words, the rest left as it was.
 */
void lang_reason(const char *english, char *out, size_t cap);

#endif
