#include <string.h>
#include <strings.h>

#include "dialect.h"
#include "io.h"
#include "options.h"
#include "protocol.h"

static const DialectOps *const dialects[] = { &uci_dialect, &ucci_dialect, &cecp_dialect };

int protocol_loop(FILE *in)
{
    static Session s;
    if (!session_init(&s)) {
        out_line("info string error: out of memory");
        return 1;
    }
    options_reset(&s);
    const DialectOps *d = &uci_dialect; /* until a handshake says otherwise */
    char *line;
    for (;;) {
        LineStatus st = read_line(in, &line);
        if (st == LINE_EOF)
            break;
        snprintf(s.command, sizeof s.command, "%s", st == LINE_OK ? "" : "(line)");
        if (st == LINE_TOO_LONG) {
            report_error(&s, "line longer than %d bytes ignored", LINE_MAX_BYTES);
            continue;
        }
        if (st == LINE_BINARY) {
            report_error(&s, "line with a NUL byte ignored");
            continue;
        }
        char **tok;
        int n = split_tokens(line, &tok);
        if (!n || tok[0][0] == '#')
            continue;
        snprintf(s.command, sizeof s.command, "%s", tok[0]);
        /* Any handshake may come at any time; the latest one sets the dialect. */
        const DialectOps *hello = NULL;
        for (size_t i = 0; i < sizeof dialects / sizeof *dialects; i++)
            if (!strcasecmp(tok[0], dialects[i]->hello))
                hello = dialects[i];
        if (hello) {
            d = hello;
            s.dialect = d->id;
            session_update_settings(&s);
            d->handshake(&s);
            continue;
        }
        if (!d->command(&s, tok, n)) { /* quit */
            session_free(&s);
            return 0;
        }
    }
    session_end(&s);
    session_free(&s);
    return 0;
}
