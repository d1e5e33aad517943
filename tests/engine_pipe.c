#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "engine_pipe.h"

int64_t test_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/*
 * The command that runs the engine: ./chuhan, or CHUHAN_ENGINE split at
 * spaces, so the same transcripts check another build ("wine ./chuhan.exe",
 * "qemu-aarch64 ./chuhan-aarch64").
 */
char **engine_command(void)
{
    static char text[1024], *argv[16];
    const char *env = getenv("CHUHAN_ENGINE");
    snprintf(text, sizeof text, "%s", env && *env ? env : "./chuhan");
    int n = 0;
    for (char *save, *word = strtok_r(text, " ", &save); word && n < 15; word = strtok_r(NULL, " ", &save))
        argv[n++] = word;
    argv[n] = NULL;
    return argv;
}

void engine_open(Engine *e)
{
    char **engine_argv = engine_command();
    int in[2], out[2];
    cr_assert(pipe(in) == 0 && pipe(out) == 0);
    /* Engines started later must not inherit this one's input: it would never see the end of it. */
    fcntl(in[1], F_SETFD, FD_CLOEXEC);
    fcntl(out[0], F_SETFD, FD_CLOEXEC);
    e->pid = fork();
    cr_assert(e->pid >= 0);
    if (e->pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[1]);
        close(out[0]);
        execvp(engine_argv[0], engine_argv);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    e->to_engine = in[1];
    e->from_engine = out[0];
    e->len = 0;
    signal(SIGPIPE, SIG_IGN);
}

void engine_send_raw(Engine *e, const void *data, size_t n)
{
    const char *p = data;
    while (n) {
        ssize_t w = write(e->to_engine, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        cr_assert(w > 0, "the engine stopped reading");
        p += w;
        n -= (size_t)w;
    }
}

void engine_send(Engine *e, const char *fmt, ...)
{
    char line[8192];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    line[n] = '\n';
    engine_send_raw(e, line, (size_t)n + 1);
}

bool engine_line(Engine *e, char *line, size_t cap, int timeout_ms)
{
    int64_t deadline = test_now_ms() + timeout_ms;
    for (;;) {
        char *nl = memchr(e->buf, '\n', e->len);
        if (nl) {
            size_t n = (size_t)(nl - e->buf);
            size_t text = n && e->buf[n - 1] == '\r' ? n - 1 : n; /* a Windows build ends lines with CR LF */
            if (line) {
                size_t k = text < cap - 1 ? text : cap - 1;
                memcpy(line, e->buf, k);
                line[k] = 0;
            }
            memmove(e->buf, nl + 1, e->len - n - 1);
            e->len -= n + 1;
            return true;
        }
        int64_t left = deadline - test_now_ms();
        if (left <= 0)
            return false;
        struct pollfd p = { .fd = e->from_engine, .events = POLLIN };
        if (poll(&p, 1, (int)left) <= 0)
            continue;
        if (e->len == sizeof e->buf)
            e->len = 0; /* an absurdly long line: drop it */
        ssize_t r = read(e->from_engine, e->buf + e->len, sizeof e->buf - e->len);
        if (r <= 0)
            return false;
        e->len += (size_t)r;
    }
}

bool engine_expect(Engine *e, const char *prefix, char *line, size_t cap, int timeout_ms)
{
    char tmp[8192];
    int64_t deadline = test_now_ms() + timeout_ms;
    for (;;) {
        int64_t left = deadline - test_now_ms();
        if (left <= 0 || !engine_line(e, tmp, sizeof tmp, (int)left))
            return false;
        if (!strncmp(tmp, prefix, strlen(prefix))) {
            if (line)
                snprintf(line, cap, "%s", tmp);
            return true;
        }
    }
}

int engine_close(Engine *e, int timeout_ms)
{
    close(e->to_engine);
    int status;
    int64_t deadline = test_now_ms() + timeout_ms;
    while (test_now_ms() < deadline) {
        pid_t r = waitpid(e->pid, &status, WNOHANG);
        if (r == e->pid) {
            close(e->from_engine);
            return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        }
        struct timespec ts = { 0, 5000000 };
        nanosleep(&ts, NULL);
    }
    kill(e->pid, SIGKILL);
    waitpid(e->pid, &status, 0);
    close(e->from_engine);
    return -1;
}

void engine_expect_line(Engine *e, const char *want, int timeout_ms)
{
    static char line[8192];
    cr_assert(engine_line(e, line, sizeof line, timeout_ms), "no line, expected '%s'", want);
    cr_assert_str_eq(line, want);
}

void engine_start(Engine *e, const char *dialect)
{
    bool cecp = !strcmp(dialect, "xboard");
    char ok[16];
    snprintf(ok, sizeof ok, "%sok", dialect);
    engine_open(e);
    engine_send(e, "%s", dialect);
    if (cecp)
        engine_send(e, "protover 2");
    cr_assert(engine_expect(e, cecp ? "feature done=1" : ok, NULL, 0, 5000), "no handshake in %s", dialect);
}

void engine_expect_answer(Engine *e, const char *prefix, const char *want, int timeout_ms)
{
    static char line[8192];
    cr_assert(engine_expect(e, prefix, line, sizeof line, timeout_ms), "no '%s...', expected '%s'", prefix, want);
    cr_assert_str_eq(line, want);
}
