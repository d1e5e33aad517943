/* 中文（简体）: the Chinese catalogue, in the words xiangqi players write. */
#include "lang.h"

const char *const lang_zh[MSG_NB] = {
    [MSG_RED] = "红方",
    [MSG_BLACK] = "黑方",
    [MSG_RED_WINS] = "红胜",
    [MSG_BLACK_WINS] = "黑胜",
    [MSG_GENERAL] = "将",
    [MSG_ADVISOR] = "士",
    [MSG_ELEPHANT] = "象",
    [MSG_HORSE] = "马",
    [MSG_ROOK] = "车",
    [MSG_CANNON] = "炮",
    [MSG_PAWN] = "兵",

    [MSG_CHECK] = "将军",
    [MSG_GAME_OVER] = "对局结束：%s，%s",
    [MSG_CHECKMATED] = "%s被将死",
    [MSG_NO_LEGAL_MOVE] = "%s无子可动（困毙）",
    [MSG_LOSES_PERPETUAL_CHECK] = "%s长将判负",
    [MSG_LOSES_PERPETUAL_CHASE] = "%s长捉判负",
    [MSG_DRAW_REPETITION] = "循环重复，和棋",
    [MSG_DRAW_NATURAL] = "自然限着，和棋（60回合无吃子）",
    [MSG_DRAW_DEAD] = "和棋：双方都没有能够将死对方的棋子",
    [MSG_DRAW_LONGEST] = "和棋：对局已达到可记录的最长步数",
    [MSG_FORBIDDEN_CHECK] = "禁止长将",
    [MSG_FORBIDDEN_CHASE] = "禁止长捉",
    [MSG_RED_RESIGNS] = "红方认输",
    [MSG_BLACK_RESIGNS] = "黑方认输",
    [MSG_RED_TIME] = "红方超时判负",
    [MSG_BLACK_TIME] = "黑方超时判负",
    [MSG_DRAW_AGREED] = "双方议和",

    [MSG_IS_OVER] = "对局已结束（%s，%s）",
    [MSG_IS_OVER_GO_ON] = "对局已结束（%s，%s）：输入 new、undo 或 load 继续",
    [MSG_OVER] = "对局已结束",
    [MSG_NOT_YOUR_TURN] = "还没轮到你：该引擎走棋",
    [MSG_WATCHING] = "你只是在观战",
    [MSG_NOTHING_TO_UNDO] = "没有可以悔的棋",
    [MSG_NOTHING_TO_REDO] = "没有可以重走的棋",
    [MSG_TOOK_BACK_ONE] = "悔了%d步",
    [MSG_TOOK_BACK] = "悔了%d步",
    [MSG_REPLAYED_ONE] = "重走了%d步",
    [MSG_REPLAYED] = "重走了%d步",
    [MSG_HINT] = "提示：%s",
    [MSG_DRAW_ACCEPTED] = "引擎同意和棋",
    [MSG_DRAW_DECLINED] = "引擎不同意和棋",
    [MSG_STRENGTH] = "棋力：%s",
    [MSG_DEPTH_WANTED] = "depth 后面要跟 1 到 120 的层数",
    [MSG_TIME_WANTED] = "time 后面要跟 0.01 到 3600 的秒数",
    [MSG_LEVEL_WANTED] = "level 后面要跟 1（最弱）到 10 的级别",
    [MSG_ELO_WANTED] = "elo 后面要跟 %d 到 %d 的等级分，或 max",
    [MSG_BAD_FEN] = "FEN 有误：%s",
    [MSG_NEW_GAME] = "新的一局",
    [MSG_SAVE_WANTS_FILE] = "save 后面要跟文件名",
    [MSG_CANNOT_WRITE] = "无法写入 %s：%s",
    [MSG_SAVED] = "已保存到 %s",
    [MSG_LOAD_WANTS_FILE] = "load 后面要跟文件名",
    [MSG_NO_GAME_IN] = "%s 里没有棋局",
    [MSG_LOADED_TO_BAD] = "已载入 %s，到出错的一步为止：%s",
    [MSG_LOADED] = "已载入 %s：%d步",
    [MSG_NOT_THINKING] = "引擎没有在思考",
    [MSG_UNKNOWN_COMMAND] = "没有“%.*s”这个命令（输入 help 查看命令）",
    [MSG_CANNOT_PLAY] = "不能走 %s：%s",
    [MSG_CLOCKS] = "棋钟：红方 %d:%04.1f，黑方 %d:%04.1f",
    [MSG_PLAYS_AT] = "引擎棋力：%s。",
    [MSG_HELP] = "走法：炮二平五 或 炮2平5、马８进７（中文纵线记法，繁体字也可以）、C2.5 或 H8+7（WXF），\n"
                 "h2e2 或 H2-E2（ICCS 坐标）。路数从各自的右边数起，见棋盘上下的数字。\n"
                 "  undo, redo        悔棋，或重走：你的一步和引擎的应着\n"
                 "  hint              引擎替你想的一步\n"
                 "  depth N, time S   引擎每步搜索 N 层，或 S 秒\n"
                 "  elo [N|max]       引擎的等级分，%d 到 %d（max：全力）\n"
                 "  level [1-10]      按级别设定引擎的深度；不带数字：显示现在的棋力\n"
                 "  flip              翻转棋盘\n"
                 "  new               从开局重新下一盘\n"
                 "  fen [FEN]         显示局面的 FEN；带 FEN：从这个局面下一盘新棋\n"
                 "  save FILE         把到目前为止的对局存为 PGN\n"
                 "  load FILE         载入 PGN 文件的第一局，停在最后一步\n"
                 "  resign, draw      认输，或提和\n"
                 "  stop              引擎思考时让它立刻走棋\n"
                 "  quit              退出",

    [MSG_STRENGTH_ELO] = "等级分 %d",
    [MSG_STRENGTH_DEPTH] = "深度 %d",
    [MSG_STRENGTH_TIME] = "每步 %g 秒",
    [MSG_STRENGTH_AT_MOST] = "最多",
    [MSG_STRENGTH_CLOCK] = "按棋钟",
    [MSG_LIST_SEPARATOR] = "，",
    [MSG_BANNER_WATCH] = "Chuhan %s：引擎自己下红黑双方（%s）。",
    [MSG_BANNER] = "Chuhan %s：你执%s，引擎执%s（%s）。",
    [MSG_TYPE_MOVES] = "走法可以写成 %s；输入 help 查看命令。",
    [MSG_MOVE_EXAMPLES] = "炮二平五、C2.5 或 h2e2",
    [MSG_MOVE_EXAMPLES_ASCII] = "C2.5 或 h2e2",
    [MSG_PLAY_USAGE] =
        "用法：chuhan play [--red | --black | --watch] [--elo N] [--depth N | --time S | --level N]\n"
        "                  [--clock MIN+INC] [--randomness CP] [--book FILE] [--fen FEN] [--egtb DIR]\n"
        "                  [--ending NAME] [--ascii] [--blind] [--lang zh|en]\n"
        "  --red, --black  你执哪一方（默认执红）；--watch：引擎自己下双方\n"
        "  --elo N         引擎按等级分 N 下棋，从 %d（初学）到 %d（docs/levels.md）\n"
        "  --depth N       引擎每步搜索 N 层\n"
        "  --time S        引擎每步思考 S 秒（默认 1 秒）\n"
        "  --level N       按级别设定深度，1 到 %d\n"
        "  --clock MIN+INC 双方各一个棋钟：每局的分钟数，每步加的秒数\n"
        "  --randomness CP 引擎在和最佳着法相差这么多厘兵以内的着法中变化（默认 %d，0：从不）\n"
        "  --book FILE     引擎按这个开局库走棋（ElephantEye 格式，docs/book.md）；\n"
        "                  chuhan：Chuhan 自带的开局库\n"
        "  --fen FEN       从这个局面开始\n"
        "  --egtb DIR      残局库（chuhan egtb）：引擎按残局库走棋，进入库中残局时\n"
        "                  以及库的结论改变时会告诉你\n"
        "  --ending NAME   练习残局库里的残局（KRk、KCPkp：先写红方的子；需要 --egtb）：随机摆出\n"
        "                  一个红方能赢的局面，你执红进攻（--red）或执黑防守（--black），对手按残局库\n"
        "                  走最佳着法，最后和最短的杀法比步数\n"
        "  --ascii         用字母代替汉字，不用颜色\n"
        "  --blind         不画棋盘（盲棋）\n"
        "  --lang zh|en    中文或英文（默认按 LC_ALL、LC_MESSAGES 或 LANG 的语言）\n"
        "走法可以用中文（炮二平五）、WXF（C2.5）或 ICCS（h2e2）输入；对局中输入 help 查看命令。\n",
    [MSG_BAD_OPTION] = "chuhan play：选项或取值有误“%s”（chuhan play --help 列出所有选项）",
    [MSG_BAD_FEN_OPTION] = "chuhan play：FEN 有误（%s）",
    [MSG_BOOK_FAULT] = "chuhan play：开局库：%s",
    [MSG_OUT_OF_MEMORY] = "chuhan play：内存不足",
    [MSG_NO_THREAD] = "chuhan play：无法开线程读取输入",

    [MSG_PRACTICE_NONE] = "残局库里没有找到 %s 红方能赢的局面",
    [MSG_PRACTICE_DONE] = "%d步杀；残局库的最佳着法是%d步杀",
    [MSG_PRACTICE_WANTS_TABLES] = "chuhan play：--ending 需要残局库（--egtb DIR）",
    [MSG_TB_DRAW] = "和棋",
    [MSG_TB_BY_RULE] = "，按长将规则，%d步",
    [MSG_TB_MATE_IN] = "：%d步杀",
    [MSG_TB_BEYOND_LIMIT] = "，但超过自然限着：裁判判和",
    [MSG_TB_ENTERED] = "残局库里有这个残局，%s：%s",
    [MSG_TB_CHANGED] = "残局库的结论变了，%s：%s",

    [MSG_INACCURACY] = "缓着",
    [MSG_MISTAKE] = "错着",
    [MSG_BLUNDER] = "败着",
    [MSG_MARK_NOTE] = " %s（-%.0f%%）；应走%s",
    [MSG_NO_LEGAL_MOVE_WINS] = "%s无子可动：%s",
    [MSG_SIDE_RED] = "红方",
    [MSG_SIDE_BLACK] = "黑方",
    [MSG_RECORD] = "%s：",
    [MSG_RECORD_NAMED] = "%s（%s）：",
    [MSG_NO_MOVE] = "没有走棋。",
    [MSG_MOVES_ONE] = "%d步",
    [MSG_MOVES] = "%d步",
    [MSG_AVERAGE_LOSS] = "，平均损失 %.1f%%（%d 分）",
    [MSG_INACCURACIES_ONE] = "，缓着 %d 步",
    [MSG_INACCURACIES] = "，缓着 %d 步",
    [MSG_MISTAKES_ONE] = "，错着 %d 步",
    [MSG_MISTAKES] = "，错着 %d 步",
    [MSG_BLUNDERS_ONE] = "，败着 %d 步",
    [MSG_BLUNDERS] = "，败着 %d 步",
    [MSG_SENTENCE_END] = "。",
    [MSG_REVIEWED_UP_TO] = "这盘棋只复盘到这里：%s。",
    [MSG_REVIEW_USAGE] =
        "用法：chuhan review [--movetime MS | --depth N | --nodes N] [--threads N] [--graph FILE.svg]\n"
        "                    [--compare-deeper PLIES] [--exercises OUT.pgn] [--lang zh|en] FILE...\n"
        "  把文件里的每一局连同评分、标记和更好的变着写成 PGN\n"
        "  （默认每个局面 %d 个节点，1 个线程）；--compare-deeper 和深 PLIES 层的搜索\n"
        "  比较标记（docs/review.md）；--exercises 把每一步错着和败着写成一道习题，\n"
        "  附上更好的变着\n",
    [MSG_EXERCISE_EVENT] = "习题 %d：%s",
    [MSG_EXERCISE_FIND] = "轮到%s：找一步比 %s 更好的棋（%s，-%.0f%%）",

    [MSG_USAGE] =
        "Chuhan %s，一个象棋引擎\n"
        "用法：\n"
        "  chuhan                        在标准输入输出上讲 UCCI 或 UCI 协议\n"
        "  chuhan perft DEPTH [FEN]      从开局或一个 FEN 数着法路径\n"
        "  chuhan perft --suite FILE [--max-nodes N]\n"
        "                                检查 perft 文件的每一个局面\n"
        "  chuhan bench [DEPTH [THREADS]] 搜索内置的局面（默认深度 %d，1 个线程）\n"
        "  chuhan bench --endgames [--egtb DIR] [DEPTH]\n"
        "                                六子和七子的残局，用或不用残局库\n"
        "  chuhan datagen [options]      自弈对局作为训练局面（--help 列出选项）\n"
        "  chuhan egtb build|probe|verify|stats ...\n"
        "                                残局库（egtb --help 说明更多）\n"
        "  chuhan pgn [--moves iccs|chinese|wxf] [--encoding utf-8|gb18030] FILE...\n"
        "                                检查棋谱文件，用一种记法重写其中的对局\n"
        "  chuhan review [--movetime MS | --depth N | --nodes N] [--threads N] [--graph FILE.svg] FILE...\n"
        "                                逐步评判对局：评分、标记、更好的变着\n"
        "  chuhan play [options]         在终端里和引擎下棋（--help 列出选项）\n"
        "  chuhan book probe BOOK [FEN] [moves M...]\n"
        "                                一个局面的开局库着法（ElephantEye 格式，BOOK.DAT）\n"
        "  chuhan book build [--plies N] [--min-games N] OUT FILE...\n"
        "                                从棋谱文件生成开局库\n"
        "  chuhan tune [options] FILE...  用 datagen 的记录拟合评估的权重（--help 列出选项）\n"
        "  chuhan --help | --version\n",

    [MSG_R_NO_MAN_ON_FILE] = "没有这个子：{1}在第{3}路没有{2}",
    [MSG_R_NO_MAN_THERE] = "没有这个子：{1}在那个位置没有{2}",
    [MSG_R_NO_MAN_STANDS] = "没有这个子：那里没有{1}的棋子",
    [MSG_R_AMBIGUOUS_COUNT] = "有歧义：{2}有{1}个{3}都能这样走",
    [MSG_R_AMBIGUOUS_GO] = "有歧义：不止一个{1}能走到那里",
    [MSG_R_CANNOT_GO] = "没有这步棋：{1}走不到那里",
    [MSG_R_NONE_CAN_GO] = "没有{1}能合法地走到那里",
    [MSG_R_NOT_A_MOVE] = "不是着法：“{1}”",
    [MSG_R_GENERAL_PALACE] = "将帅不能出九宫",
    [MSG_R_GENERAL_STEP] = "将帅每次沿直线走一格",
    [MSG_R_ADVISOR_PALACE] = "士不能出九宫",
    [MSG_R_ADVISOR_STEP] = "士每次斜走一格",
    [MSG_R_ELEPHANT_STEP] = "象走田字",
    [MSG_R_ELEPHANT_EYE] = "塞象眼",
    [MSG_R_ELEPHANT_RIVER] = "象不能过河",
    [MSG_R_HORSE_LEG] = "蹩马腿",
    [MSG_R_HORSE_STEP] = "马走日字",
    [MSG_R_PAWN_BACK] = "兵卒不能后退",
    [MSG_R_PAWN_SIDEWAYS] = "兵卒过河以后才能横走",
    [MSG_R_PAWN_STEP] = "兵卒每次走一格",
    [MSG_R_ROOK_LINE] = "车走直线",
    [MSG_R_CANNON_LINE] = "炮走直线",
    [MSG_R_CANNON_JUMP] = "炮吃子要隔一个子",
    [MSG_R_ROOK_PATH] = "车的路被挡住了",
    [MSG_R_CANNON_PATH] = "炮的路被挡住了",
    [MSG_R_OWN_MAN] = "目标点上是自己的棋子",
    [MSG_R_GENERALS_FACE] = "将帅不能照面",
    [MSG_R_LEAVES_CHECK] = "走了以后自己的将帅被将军",
    [MSG_R_MOVE_NUMBERED] = "第{1}回合（{2}）{3}：{4}",
    [MSG_R_NO_GENERAL] = "{1}没有将帅",
    [MSG_R_SIDE_IN_CHECK] = "不该走棋的一方（{1}）正被将军",
    [MSG_R_RANK_FILES] = "第{1}行超过9列",
    [MSG_R_NOT_TEXT] = "pgn：这段文本既不是 UTF-8 也不是 GB18030",
};
