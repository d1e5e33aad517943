#include <errno.h>
#include <poll.h>
#include <string.h>
#include <unistd.h>

#include "../engine/clock.h"
#include "input.h"

void input_init(Input *in, int fd)
{
    in->fd = fd;
    in->eof = false;
    in->len = 0;
}

/* The first buffered line, or the rest of the input once it has ended, or a full buffer's worth. */
static bool take_line(Input *in, char **line)
{
    char *nl = memchr(in->buf, '\n', in->len);
    if (!nl && !(in->eof && in->len) && in->len < sizeof in->buf)
        return false;
    size_t n = nl ? (size_t)(nl - in->buf) : in->len, used = nl ? n + 1 : n;
    memcpy(in->line, in->buf, n);
    if (n && in->line[n - 1] == '\r')
        n--;
    in->line[n] = 0;
    memmove(in->buf, in->buf + used, in->len - used);
    in->len -= used;
    *line = in->line;
    return true;
}

InputStatus input_read(Input *in, int timeout_ms, char **line)
{
    int64_t deadline = now_ms() + timeout_ms;
    for (;;) {
        if (take_line(in, line))
            return INPUT_LINE;
        if (in->eof)
            return INPUT_EOF;
        int64_t left = deadline - now_ms();
        struct pollfd p = { .fd = in->fd, .events = POLLIN };
        int ready = poll(&p, 1, timeout_ms < 0 ? -1 : left > 0 ? (int)left : 0);
        if (ready == 0)
            return INPUT_TIMEOUT;
        if (ready < 0 && errno == EINTR)
            continue;
        ssize_t got = ready < 0 ? -1 : read(in->fd, in->buf + in->len, sizeof in->buf - in->len);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            in->eof = true;
        else
            in->len += (size_t)got;
    }
}
