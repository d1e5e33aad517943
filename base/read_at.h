/*
 * Reading a file at an offset from any thread at once, without moving a
 * shared position: pread where POSIX has it (and WASI), ReadFile with an
 * offset on Windows. No mapping of the file is needed.
 */
#ifndef CHUHAN_READ_AT_H
#define CHUHAN_READ_AT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A file open for reading, -1 where it cannot be. */
int read_at_open(const char *path);
void read_at_close(int fd);
/* The file's length, or -1. */
int64_t read_at_size(int fd);
/* Reads exactly n bytes at offset; false where the file ends before or the read fails. */
bool read_at(int fd, void *buf, size_t n, uint64_t offset);

/*
 * Whether a path is a URL (a scheme of letters, then "://"). Only the builds
 * for pages read them (read_at_reads_urls): the Emscripten build by requests
 * of its own (browser/range.js), the WASI build where its host's file calls
 * do (browser/wasi-worker.js); there a URL that names no file fails to open
 * with errno ENOENT, one whose place does not answer with another.
 */
bool read_at_is_url(const char *path);
bool read_at_reads_urls(void);

#endif
