/* `chuhan pgn`: checks the games of game files and writes them out again in one notation and encoding. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "pgn.h"

typedef struct {
    const char *path;
    Notation notation;
    PgnText *gathered; /* the games to convert at the end, or NULL to write each to standard output */
    int games, bad;
} Job;

/*
 * Writes a game; one cut short by a bad move keeps the moves before it and
 * has no result, and one left with no move at all (a bad FEN) is not written.
 */
static bool write_game(void *ctx, PgnGame *g)
{
    Job *job = ctx;
    job->games++;
    if (g->error[0]) {
        job->bad++;
        fprintf(stderr, "%s: game %d: %s\n", job->path, job->games, g->error);
        strcpy(g->result, "*");
        if (!g->nmoves)
            return true;
    }
    if (job->gathered)
        pgn_write_text(job->gathered, g, job->notation);
    else
        pgn_write(stdout, g, job->notation);
    return true;
}

static int usage(void)
{
    fprintf(stderr, "usage: chuhan pgn [--moves iccs|chinese|wxf] [--encoding utf-8|gb18030] FILE...\n"
                    "       chuhan pgn --mates FILE...   mates in one missed and allowed, by player\n");
    return 2;
}

/* The games gathered in UTF-8, converted and sent to standard output. */
static bool flush_converted(const char *encoding, const PgnText *text)
{
    size_t n;
    char *converted = text->failed ? NULL : utf8_to(encoding, text->data ? text->data : "", text->len, &n);
    if (!converted)
        return false;
    fwrite(converted, 1, n, stdout);
    free(converted);
    return true;
}

int pgn_main(int argc, char **argv)
{
    static const char *const notations[] = { [NOTATION_ICCS] = "iccs", [NOTATION_CHINESE] = "chinese", [NOTATION_WXF] = "wxf" };
    Job job = { .notation = NOTATION_ICCS };
    const char *encoding = "UTF-8";
    if (argc && !strcmp(argv[0], "--mates"))
        return pgn_mates_main(argc - 1, argv + 1) ? 1 : 0;
    int i = 0;
    for (; i + 1 < argc && !strncmp(argv[i], "--", 2); i += 2) {
        int k = 0;
        if (!strcmp(argv[i], "--moves")) {
            while (k < 3 && strcasecmp(argv[i + 1], notations[k]))
                k++;
            if (k == 3)
                return usage();
            job.notation = (Notation)k;
        } else if (!strcmp(argv[i], "--encoding") && (!strcasecmp(argv[i + 1], "utf-8") || !strcasecmp(argv[i + 1], "gb18030"))) {
            encoding = strcasecmp(argv[i + 1], "utf-8") ? "GB18030" : "UTF-8";
        } else {
            return usage();
        }
    }
    if (i == argc || !strncmp(argv[i], "--", 2))
        return usage();

    /* GB18030 output is gathered and converted in one go: each conversion makes its own code maps. */
    PgnText gathered = { 0 };
    bool utf8 = !strcmp(encoding, "UTF-8");
    if (!utf8)
        job.gathered = &gathered;
    int failed = 0;
    for (; i < argc; i++) {
        char err[256];
        job.path = argv[i];
        job.games = job.bad = 0;
        if (pgn_read_file(argv[i], write_game, &job, err, sizeof err) < 0) {
            fprintf(stderr, "chuhan: %s\n", err);
            failed = 1;
        }
        failed |= job.bad > 0;
    }
    if (!utf8) {
        if (!flush_converted(encoding, &gathered)) {
            fprintf(stderr, "chuhan: the games cannot be written in %s\n", encoding);
            failed = 1;
        }
        free(gathered.data);
    }
    return failed;
}
