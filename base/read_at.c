#include "read_at.h"

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

int read_at_open(const char *path) { return open(path, O_RDONLY); }
void read_at_close(int fd) { close(fd); }

int64_t read_at_size(int fd)
{
    struct stat st;
    return fstat(fd, &st) ? -1 : (int64_t)st.st_size;
}

bool read_at(int fd, void *buf, size_t n, uint64_t offset)
{
    for (size_t done = 0; done < n;) {
        ssize_t got = pread(fd, (char *)buf + done, n - done, (off_t)(offset + done));
        if (got <= 0)
            return false;
        done += (size_t)got;
    }
    return true;
}
#endif
