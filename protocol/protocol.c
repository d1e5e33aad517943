#include <string.h>
#include <strings.h>

#include "io.h"
#include "options.h"
#include "protocol.h"

void join_tokens(char **tok, int n, char *out, size_t cap)
{
    size_t len = 0;
    out[0] = 0;
    for (int i = 0; i < n && len + 1 < cap; i++) {
        int w = snprintf(out + len, cap - len, "%s%s", i ? " " : "", tok[i]);
        if (w < 0)
            break;
        len += (size_t)w;
    }
}

bool common_command(Session *s, char **tok, int n)
{
    const char *cmd = tok[0];
    char err[256];
    if (!strcasecmp(cmd, "isready")) {
        out_line("readyok");
    } else if (!strcasecmp(cmd, "position")) {
        if (!session_position(s, tok + 1, n - 1, err, sizeof err))
            report_error("%s", err);
    } else if (!strcasecmp(cmd, "fen") || !strcasecmp(cmd, "startpos")) {
        /* "position" left out, as some GUIs do (and one sends it again after every position). */
        if (!session_position(s, tok, n, err, sizeof err))
            report_error("%s", err);
    } else if (!strcasecmp(cmd, "d")) {
        cmd_display(s);
    } else if (!strcasecmp(cmd, "eval")) {
        cmd_eval(s);
    } else if (!strcasecmp(cmd, "bench")) {
        cmd_bench(s, tok + 1, n - 1);
    } else {
        return false;
    }
    return true;
}

int protocol_loop(FILE *in)
{
    static Session s;
    session_init(&s);
    char *line;
    for (;;) {
        LineStatus st = read_line(in, &line);
        if (st == LINE_EOF)
            break;
        if (st == LINE_TOO_LONG) {
            report_error("line longer than %d bytes ignored", LINE_MAX_BYTES);
            continue;
        }
        if (st == LINE_BINARY) {
            report_error("line with a NUL byte ignored");
            continue;
        }
        char **tok;
        int n = split_tokens(line, &tok);
        if (!n || tok[0][0] == '#')
            continue;
        /* Either handshake may come at any time; the latest one sets the dialect. */
        if (!strcasecmp(tok[0], "uci") || !strcasecmp(tok[0], "ucci")) {
            s.dialect = strcasecmp(tok[0], "uci") ? DIALECT_UCCI : DIALECT_UCI;
            session_update_settings(&s);
            if (s.dialect == DIALECT_UCI)
                uci_handshake(&s);
            else
                ucci_handshake(&s);
            continue;
        }
        if (!(s.dialect == DIALECT_UCCI ? ucci_command(&s, tok, n) : uci_command(&s, tok, n)))
            return 0;
    }
    /* Input closed: a search that ends by itself may finish and answer; an open-ended one is stopped. */
    if (s.limits.infinite || s.limits.ponder)
        session_stop(&s);
    session_wait(&s);
    return 0;
}
