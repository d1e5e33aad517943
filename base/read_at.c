#include <ctype.h>
#include <string.h>

#include "read_at.h"

bool read_at_is_url(const char *path)
{
    const char *p = path;
    while (isalpha((unsigned char)*p))
        p++;
    return p - path >= 2 && !strncmp(p, "://", 3); /* two letters at least: C:// is a drive */
}

/* The Emscripten build fetches them itself; the WASI build's page worker answers its file calls on them. */
#if defined(__EMSCRIPTEN__) || defined(__wasi__)
bool read_at_reads_urls(void) { return true; }
#else
bool read_at_reads_urls(void) { return false; }
#endif

#ifdef _WIN32
#include <fcntl.h>
#include <io.h>
#include <windows.h>

int read_at_open(const char *path) { return _open(path, _O_RDONLY | _O_BINARY); }
void read_at_close(int fd) { _close(fd); }
int64_t read_at_size(int fd) { return _filelengthi64(fd); }

bool read_at(int fd, void *buf, size_t n, uint64_t offset)
{
    HANDLE h = (HANDLE)_get_osfhandle(fd);
    for (size_t done = 0; done < n;) {
        OVERLAPPED at = { 0 };
        at.Offset = (DWORD)(offset + done);
        at.OffsetHigh = (DWORD)((offset + done) >> 32);
        DWORD want = n - done > 1u << 30 ? 1u << 30 : (DWORD)(n - done), got = 0;
        if (!ReadFile(h, (char *)buf + done, want, &got, &at) || !got)
            return false;
        done += got;
    }
    return true;
}
#else
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#ifdef __EMSCRIPTEN__
/*
 * A URL (an EGTBPath place: http, https, file:// under node) is read a piece
 * at a time by browser/range.js in the calling thread, with nothing held in
 * Emscripten's file system; a path there is read as a file. A URL's number
 * is FETCH_AT_FIRST on, apart from the descriptors of files.
 */
#include <emscripten.h>
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>

enum { FETCH_AT_FIRST = 1 << 24 };
#define BY_URL(path) read_at_is_url(path)
#define FETCHED(fd) ((fd) >= FETCH_AT_FIRST)

/* browser/range.js, which Emscripten's output begins with, does the requests. */
EM_JS(double, range_size, (const char *url), { return chuhanRange.size(UTF8ToString(url)); });
EM_JS(int, range_read, (const char *url, void *buf, double n, double offset), {
    return chuhanRange.read(UTF8ToString(url), new Uint8Array(wasmMemory.buffer, buf, n), offset) ? 1 : 0;
});

/*
 * Every URL opened and its length, kept for the program's life: a table is
 * opened once, and a URL's number must mean the same in every thread (each
 * thread is a worker of its own, with its own JavaScript).
 */
enum { FETCH_FILES = 4096 };
static struct {
    char *url;
    int64_t size;
} files[FETCH_FILES];
static int file_count;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static int find_url(const char *url)
{
    for (int i = 0; i < file_count; i++)
        if (!strcmp(files[i].url, url))
            return i;
    return -1;
}

/* A URL's number, or -1 with errno ENOENT (the place has no such file) or EIO (it did not answer). */
static int fetch_at_open(const char *url)
{
    pthread_mutex_lock(&lock);
    int i = find_url(url);
    pthread_mutex_unlock(&lock);
    if (i >= 0)
        return FETCH_AT_FIRST + i;
    double size = range_size(url); /* outside the lock: it waits for the place's answer */
    if (size < 0) {
        errno = size == -2 ? ENOENT : EIO;
        return -1;
    }
    char *copy = strdup(url);
    pthread_mutex_lock(&lock);
    if ((i = find_url(url)) < 0 && copy && file_count < FETCH_FILES) {
        i = file_count;
        files[i].url = copy, files[i].size = (int64_t)size;
        file_count++;
        copy = NULL;
    }
    pthread_mutex_unlock(&lock);
    free(copy);
    if (i < 0)
        errno = ENOMEM;
    return i < 0 ? -1 : FETCH_AT_FIRST + i;
}

static int64_t fetch_at_size(int fd) { return files[fd - FETCH_AT_FIRST].size; }

static bool fetch_at(int fd, void *buf, size_t n, uint64_t offset)
{
    int64_t size = files[fd - FETCH_AT_FIRST].size;
    return offset <= (uint64_t)size && n <= (uint64_t)size - offset &&
           (!n || range_read(files[fd - FETCH_AT_FIRST].url, buf, (double)n, (double)offset));
}
#else
#define BY_URL(path) false
#define FETCHED(fd) false
#define fetch_at_open(path) -1
#define fetch_at_size(fd) -1
#define fetch_at(fd, buf, n, offset) false
#endif

int read_at_open(const char *path) { return BY_URL(path) ? fetch_at_open(path) : open(path, O_RDONLY); }

void read_at_close(int fd)
{
    if (!FETCHED(fd))
        close(fd);
}

int64_t read_at_size(int fd)
{
    if (FETCHED(fd))
        return fetch_at_size(fd);
    struct stat st;
    return fstat(fd, &st) ? -1 : (int64_t)st.st_size;
}

bool read_at(int fd, void *buf, size_t n, uint64_t offset)
{
    if (FETCHED(fd))
        return fetch_at(fd, buf, n, offset);
    for (size_t done = 0; done < n;) {
        ssize_t got = pread(fd, (char *)buf + done, n - done, (off_t)(offset + done));
        if (got <= 0)
            return false;
        done += (size_t)got;
    }
    return true;
}
#endif
