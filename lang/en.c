/* The English catalogue. */
#include "lang.h"

const char *const lang_en[MSG_NB] = {
    [MSG_RED] = "red",
    [MSG_BLACK] = "black",
    [MSG_RED_WINS] = "red wins",
    [MSG_BLACK_WINS] = "black wins",
    [MSG_GENERAL] = "general",
    [MSG_ADVISOR] = "advisor",
    [MSG_ELEPHANT] = "elephant",
    [MSG_HORSE] = "horse",
    [MSG_ROOK] = "rook",
    [MSG_CANNON] = "cannon",
    [MSG_PAWN] = "pawn",

    [MSG_CHECK] = "check",
    [MSG_GAME_OVER] = "game over: %s, %s",
    [MSG_CHECKMATED] = "%s is checkmated",
    [MSG_NO_LEGAL_MOVE] = "%s has no legal move",
    [MSG_LOSES_PERPETUAL_CHECK] = "%s loses by perpetual check",
    [MSG_LOSES_PERPETUAL_CHASE] = "%s loses by perpetual chase",
    [MSG_DRAW_REPETITION] = "draw by repetition",
    [MSG_DRAW_NATURAL] = "draw by the natural limit (60 moves without a capture)",
    [MSG_DRAW_DEAD] = "draw: neither side has a man left that can mate",
    [MSG_DRAW_LONGEST] = "draw: the game reached the longest record kept",
    [MSG_FORBIDDEN_CHECK] = "perpetual check is forbidden",
    [MSG_FORBIDDEN_CHASE] = "perpetual chase is forbidden",
    [MSG_RED_RESIGNS] = "red resigns",
    [MSG_BLACK_RESIGNS] = "black resigns",
    [MSG_RED_TIME] = "red lost on time",
    [MSG_BLACK_TIME] = "black lost on time",
    [MSG_DRAW_AGREED] = "draw agreed",

    [MSG_IS_OVER] = "the game is over (%s, %s)",
    [MSG_IS_OVER_GO_ON] = "the game is over (%s, %s): new, undo or load to go on",
    [MSG_OVER] = "the game is over",
    [MSG_NOT_YOUR_TURN] = "not your turn: the engine is to move",
    [MSG_WATCHING] = "you are only watching",
    [MSG_NOTHING_TO_UNDO] = "nothing to take back",
    [MSG_NOTHING_TO_REDO] = "nothing to replay",
    [MSG_TOOK_BACK_ONE] = "took back %d move",
    [MSG_TOOK_BACK] = "took back %d moves",
    [MSG_REPLAYED_ONE] = "replayed %d move",
    [MSG_REPLAYED] = "replayed %d moves",
    [MSG_HINT] = "hint: %s",
    [MSG_DRAW_ACCEPTED] = "the engine accepts the draw",
    [MSG_DRAW_DECLINED] = "the engine declines the draw",
    [MSG_STRENGTH] = "strength: %s",
    [MSG_DEPTH_WANTED] = "depth takes a number of plies from 1 to 120",
    [MSG_TIME_WANTED] = "time takes seconds from 0.01 to 3600",
    [MSG_LEVEL_WANTED] = "level takes a number from 1 (weakest) to 10",
    [MSG_ELO_WANTED] = "elo takes a number from %d to %d, or max",
    [MSG_BAD_FEN] = "bad FEN: %s",
    [MSG_NEW_GAME] = "new game",
    [MSG_SAVE_WANTS_FILE] = "save needs a file name",
    [MSG_CANNOT_WRITE] = "cannot write %s: %s",
    [MSG_SAVED] = "saved to %s",
    [MSG_LOAD_WANTS_FILE] = "load needs a file name",
    [MSG_NO_GAME_IN] = "no game in %s",
    [MSG_LOADED_TO_BAD] = "loaded %s up to its bad move: %s",
    [MSG_LOADED] = "loaded %s: %d moves",
    [MSG_NOT_THINKING] = "the engine is not thinking",
    [MSG_UNKNOWN_COMMAND] = "unknown command '%.*s' (help lists the commands)",
    [MSG_CANNOT_PLAY] = "cannot play %s: %s",
    [MSG_CLOCKS] = "clocks: red %d:%04.1f, black %d:%04.1f",
    [MSG_PLAYS_AT] = "The engine plays at %s.",
    [MSG_HELP] = "Moves: 炮二平五 or 炮2平5, 马８进７ (Chinese; traditional characters too), C2.5 or H8+7 (WXF),\n"
                 "h2e2 or H2-E2 (ICCS). Files count from each side's right, as the numbers around the board show.\n"
                 "  undo, redo        take back, or replay, your move and the engine's reply\n"
                 "  hint              the move the engine would play for you\n"
                 "  depth N, time S   the engine searches N plies, or S seconds, a move\n"
                 "  elo [N|max]       the engine's level, N Elo from %d to %d (max: full strength)\n"
                 "  level [1-10]      the engine's depth by steps; alone, the strength now\n"
                 "  flip              turn the board round\n"
                 "  new               a new game from the start\n"
                 "  fen [FEN]         the position as FEN; with a FEN, a new game from it\n"
                 "  save FILE         the game so far as PGN\n"
                 "  load FILE         the first game of a PGN file, at its last move\n"
                 "  resign, draw      give up, or offer a draw\n"
                 "  stop              make the engine move now while it thinks\n"
                 "  quit",

    [MSG_STRENGTH_ELO] = "Elo %d",
    [MSG_STRENGTH_DEPTH] = "depth %d",
    [MSG_STRENGTH_TIME] = "%g s a move",
    [MSG_STRENGTH_AT_MOST] = "at most ",
    [MSG_STRENGTH_CLOCK] = "on the clock",
    [MSG_LIST_SEPARATOR] = ", ",
    [MSG_BANNER_WATCH] = "Chuhan %s: the engine plays both sides (%s).",
    [MSG_BANNER] = "Chuhan %s: you play %s, the engine %s (%s).",
    [MSG_TYPE_MOVES] = "Type moves as %s; 'help' lists the commands.",
    [MSG_MOVE_EXAMPLES] = "炮二平五, C2.5 or h2e2",
    [MSG_MOVE_EXAMPLES_ASCII] = "C2.5 or h2e2",
    [MSG_PLAY_USAGE] =
        "usage: chuhan play [--red | --black | --watch] [--elo N] [--depth N | --time S | --level N]\n"
        "                   [--clock MIN+INC] [--randomness CP] [--book FILE] [--fen FEN] [--egtb DIR]\n"
        "                   [--ending NAME] [--ascii] [--blind] [--lang zh|en]\n"
        "  --red, --black  the side you play (red by default); --watch: the engine plays both\n"
        "  --elo N         the engine plays at N Elo, from %d (a beginner) to %d (docs/levels.md)\n"
        "  --depth N       the engine searches N plies a move\n"
        "  --time S        the engine thinks S seconds a move (1 by default)\n"
        "  --level N       depth by steps from 1 to %d\n"
        "  --clock MIN+INC a clock for each side: minutes for the game, seconds added each move\n"
        "  --randomness CP the engine varies among moves this close to the best (%d by default, 0: never)\n"
        "  --book FILE     the engine plays from this opening book (ElephantEye's format, docs/book.md);\n"
        "                  chuhan: the book Chuhan carries\n"
        "  --fen FEN       start from this position\n"
        "  --egtb DIR      endgame tables (chuhan egtb): the engine plays by them, and the game says\n"
        "                  when it enters a table ending and what the table says\n"
        "  --ending NAME   practice a table ending (KRk, KCPkp: red's men first; needs --egtb): a position\n"
        "                  drawn at random that red wins, red attacking (--red) or defending (--black)\n"
        "                  against the tables' best play, the moves counted against the shortest mate\n"
        "  --ascii         letters instead of Chinese characters, and no colours\n"
        "  --blind         the board is never drawn\n"
        "  --lang zh|en    Chinese or English (by default the language of LC_ALL, LC_MESSAGES or LANG)\n"
        "Moves are typed in Chinese (炮二平五), WXF (C2.5) or ICCS (h2e2); 'help' in the game lists the commands.\n",
    [MSG_BAD_OPTION] = "chuhan play: bad option or value '%s' (chuhan play --help lists them)",
    [MSG_BAD_FEN_OPTION] = "chuhan play: bad FEN (%s)",
    [MSG_BOOK_FAULT] = "chuhan play: book: %s",
    [MSG_OUT_OF_MEMORY] = "chuhan play: out of memory",
    [MSG_NO_THREAD] = "chuhan play: no thread to read the input with",

    [MSG_PRACTICE_NONE] = "no position of %s where red wins was found in the tables",
    [MSG_PRACTICE_DONE] = "mate in %d moves; the tables' best play mates in %d",
    [MSG_PRACTICE_WANTS_TABLES] = "chuhan play: --ending needs the tables (--egtb DIR)",
    [MSG_TB_DRAW] = "a draw",
    [MSG_TB_BY_RULE] = ", by the perpetual-check rule, in %d moves",
    [MSG_TB_MATE_IN] = ": mate in %d",
    [MSG_TB_BEYOND_LIMIT] = ", beyond the natural limit: a draw by the arbiter",
    [MSG_TB_ENTERED] = "the tables hold this ending, %s: %s",
    [MSG_TB_CHANGED] = "the tables' verdict changes, %s: %s",

    [MSG_INACCURACY] = "inaccuracy",
    [MSG_MISTAKE] = "mistake",
    [MSG_BLUNDER] = "blunder",
    [MSG_MARK_NOTE] = " %s (-%.0f%%); %s was best",
    [MSG_NO_LEGAL_MOVE_WINS] = "%s has no legal move: %s",
    [MSG_SIDE_RED] = "Red",
    [MSG_SIDE_BLACK] = "Black",
    [MSG_RECORD] = "%s: ",
    [MSG_RECORD_NAMED] = "%s (%s): ",
    [MSG_NO_MOVE] = "no move.",
    [MSG_MOVES_ONE] = "%d move",
    [MSG_MOVES] = "%d moves",
    [MSG_AVERAGE_LOSS] = ", average loss %.1f%% (%d cp)",
    [MSG_INACCURACIES_ONE] = ", %d inaccuracy",
    [MSG_INACCURACIES] = ", %d inaccuracies",
    [MSG_MISTAKES_ONE] = ", %d mistake",
    [MSG_MISTAKES] = ", %d mistakes",
    [MSG_BLUNDERS_ONE] = ", %d blunder",
    [MSG_BLUNDERS] = ", %d blunders",
    [MSG_SENTENCE_END] = ".",
    [MSG_REVIEWED_UP_TO] = "The game is reviewed up to here only: %s. ",
    [MSG_REVIEW_USAGE] =
        "usage: chuhan review [--movetime MS | --depth N | --nodes N] [--threads N] [--graph FILE.svg]\n"
        "                     [--compare-deeper PLIES] [--exercises OUT.pgn] [--lang zh|en] FILE...\n"
        "  writes each game of the files with its evaluations, marks and better lines as PGN\n"
        "  (default: %d nodes a position, 1 thread); --compare-deeper counts the marks\n"
        "  against those of a search PLIES deeper (docs/review.md); --exercises writes each\n"
        "  mistake and blunder as a position to solve, with the better line\n",
    [MSG_EXERCISE_EVENT] = "Exercise %d: %s",
    [MSG_EXERCISE_FIND] = "%s to move: find a better move than %s (%s, -%.0f%%)",

    [MSG_USAGE] =
        "Chuhan %s, a xiangqi engine\n"
        "usage:\n"
        "  chuhan                        talk UCCI or UCI on stdin/stdout\n"
        "  chuhan perft DEPTH [FEN]      count move paths from the start or a FEN\n"
        "  chuhan perft --suite FILE [--max-nodes N]\n"
        "                                check every case of a perft file\n"
        "  chuhan bench [DEPTH [THREADS]] search the built-in positions (default depth %d, 1 thread)\n"
        "  chuhan bench --endgames [--egtb DIR] [DEPTH]\n"
        "                                endings of six and seven men, with endgame tables or without\n"
        "  chuhan datagen [options]      self-play games as training positions (--help lists the options)\n"
        "  chuhan egtb build|probe|verify|stats ...\n"
        "                                endgame tables (egtb --help tells more)\n"
        "  chuhan pgn [--moves iccs|chinese|wxf] [--encoding utf-8|gb18030] FILE...\n"
        "                                check game files, write their games again in one notation\n"
        "  chuhan review [--movetime MS | --depth N | --nodes N] [--threads N] [--graph FILE.svg] FILE...\n"
        "                                every move of the games judged: evaluations, marks, better lines\n"
        "  chuhan play [options]         a game against the engine in the terminal (--help lists the options)\n"
        "  chuhan book probe BOOK [FEN] [moves M...]\n"
        "                                the book moves of a position (ElephantEye's format, BOOK.DAT)\n"
        "  chuhan book build [--plies N] [--min-games N] OUT FILE...\n"
        "                                a book from game files\n"
        "  chuhan tune [options] FILE...  fit the evaluation's weights to datagen records (--help lists the options)\n"
        "  chuhan --help | --version\n",

    [MSG_R_NO_MAN_ON_FILE] = "no such man: no {1} {2} on file {3}",
    [MSG_R_NO_MAN_THERE] = "no such man: no {1} {2} in that place",
    [MSG_R_NO_MAN_STANDS] = "no such man: no {1} man stands there",
    [MSG_R_AMBIGUOUS_COUNT] = "ambiguous: {1} {2} {3}s can make that move",
    [MSG_R_AMBIGUOUS_GO] = "ambiguous: more than one {1} can go there",
    [MSG_R_CANNOT_GO] = "no such move: the {1} cannot go there",
    [MSG_R_NONE_CAN_GO] = "no {1} can legally go there",
    [MSG_R_NOT_A_MOVE] = "not a move: '{1}'",
    [MSG_R_GENERAL_PALACE] = "the general may not leave the palace",
    [MSG_R_GENERAL_STEP] = "the general moves one point along a line",
    [MSG_R_ADVISOR_PALACE] = "the advisor may not leave the palace",
    [MSG_R_ADVISOR_STEP] = "the advisor moves one point diagonally",
    [MSG_R_ELEPHANT_STEP] = "the elephant moves two points diagonally",
    [MSG_R_ELEPHANT_EYE] = "the elephant's eye is blocked",
    [MSG_R_ELEPHANT_RIVER] = "the elephant may not cross the river",
    [MSG_R_HORSE_LEG] = "the horse's leg is blocked",
    [MSG_R_HORSE_STEP] = "the horse moves one point along a line and one diagonally",
    [MSG_R_PAWN_BACK] = "a pawn never moves back",
    [MSG_R_PAWN_SIDEWAYS] = "a pawn moves sideways only after crossing the river",
    [MSG_R_PAWN_STEP] = "a pawn moves one point",
    [MSG_R_ROOK_LINE] = "the rook moves along a line",
    [MSG_R_CANNON_LINE] = "the cannon moves along a line",
    [MSG_R_CANNON_JUMP] = "the cannon captures by jumping exactly one man",
    [MSG_R_ROOK_PATH] = "the rook's path is blocked",
    [MSG_R_CANNON_PATH] = "the cannon's path is blocked",
    [MSG_R_OWN_MAN] = "a man of the same side stands on the target point",
    [MSG_R_GENERALS_FACE] = "the generals would face each other",
    [MSG_R_LEAVES_CHECK] = "it would leave the general in check",
    [MSG_R_MOVE_NUMBERED] = "move {1} ({2}) {3}: {4}",
    [MSG_R_NO_GENERAL] = "no {1} general",
    [MSG_R_SIDE_IN_CHECK] = "the side not to move ({1}) is in check",
    [MSG_R_RANK_FILES] = "rank {1} has more than 9 files",
    [MSG_R_NOT_TEXT] = "pgn: the text is neither UTF-8 nor GB18030",
};
