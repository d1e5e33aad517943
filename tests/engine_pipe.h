/* Drives the real ./chuhan binary through pipes, as a GUI would. */
#ifndef CHUHAN_TESTS_ENGINE_PIPE_H
#define CHUHAN_TESTS_ENGINE_PIPE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

typedef struct {
    pid_t pid;
    int to_engine, from_engine;
    char buf[1 << 16];
    size_t len;
} Engine;

/* The engine's command line: ./chuhan, or CHUHAN_ENGINE split at spaces ("wine ./chuhan.exe"). */
char **engine_command(void);
/* Starts ./chuhan (from the repository root), or the command in CHUHAN_ENGINE. */
void engine_open(Engine *e);
void engine_send(Engine *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Writes raw bytes, newline not added. */
void engine_send_raw(Engine *e, const void *data, size_t n);
/* The next line, without its newline; false on timeout or end of output. */
bool engine_line(Engine *e, char *line, size_t cap, int timeout_ms);
/* The next line must be exactly `want`. */
void engine_expect_line(Engine *e, const char *want, int timeout_ms);
/* Reads lines until one starts with prefix; false on timeout. The line is copied out if line != NULL. */
bool engine_expect(Engine *e, const char *prefix, char *line, size_t cap, int timeout_ms);
/* Starts the engine in a dialect ("uci", "ucci" or "xboard", which asks for protocol 2) and reads its
   handshake up to the line that ends it. */
void engine_start(Engine *e, const char *dialect);
/* Reads lines until one starts with prefix, which must be want. */
void engine_expect_answer(Engine *e, const char *prefix, const char *want, int timeout_ms);
/* Closes the engine's input and waits for it to exit; returns its exit status, or -1 if it had to be killed. */
int engine_close(Engine *e, int timeout_ms);

int64_t test_now_ms(void);

#endif
