#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "dialect.h"
#include "io.h"
#include "options.h"
#include "protocol.h"

static const DialectOps *const dialects[] = { &uci_dialect, &ucci_dialect, &cecp_dialect };

/* Answers one line; false on quit. */
static bool answer(Session *s, const DialectOps **d, char *line, LineStatus st, Words *words)
{
    snprintf(s->command, sizeof s->command, "%s", st == LINE_OK ? "" : "(line)");
    if (st == LINE_TOO_LONG) {
        report_error(s, "line longer than %d bytes ignored", LINE_MAX_BYTES);
        return true;
    }
    if (st == LINE_BINARY) {
        report_error(s, "line with a NUL byte ignored");
        return true;
    }
    int n = split_words(line, words);
    char **tok = words->word;
    if (!n || tok[0][0] == '#')
        return true;
    snprintf(s->command, sizeof s->command, "%s", tok[0]);
    /* Any handshake may come at any time; the latest one sets the dialect. */
    for (size_t i = 0; i < sizeof dialects / sizeof *dialects; i++)
        if (!strcasecmp(tok[0], dialects[i]->hello)) {
            *d = dialects[i];
            s->dialect = (*d)->id;
            session_update_settings(s);
            (*d)->handshake(s);
            return true;
        }
    return (*d)->command(s, tok, n);
}

int protocol_loop(FILE *in)
{
    Session *s = calloc(1, sizeof *s);
    if (!s || !session_init(s)) {
        out_line("info string error: out of memory");
        free(s);
        return 1;
    }
    options_reset(s);
    Words words = { 0 };
    const DialectOps *d = &uci_dialect; /* until a handshake says otherwise */
    char *line;
    bool quit = false;
    for (LineStatus st; !quit && (st = read_line(in, &line)) != LINE_EOF;)
        quit = !answer(s, &d, line, st, &words);
    if (!quit)
        session_end(s); /* input ended: a search that ends by itself still answers */
    session_free(s);
    free(s);
    words_free(&words);
    return 0;
}
