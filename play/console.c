#include "console.h"

#ifdef _WIN32

#include <fcntl.h>
#include <io.h>
#include <stdio.h>
#include <stdlib.h>
#include <windows.h>

/* UTF-16 units read from a console at a time, at most. */
enum { WIDE_MAX = 1024 };

static HANDLE handle_of(int fd) { return (HANDLE)_get_osfhandle(fd); }

/* _isatty() would take the NUL device for a terminal too. */
bool console_is_terminal(int fd)
{
    DWORD mode;
    return GetConsoleMode(handle_of(fd), &mode);
}

/* The console outlives the program, and the programs run in it next expect its code page and mode as they were. */
static UINT saved_code_page;
static DWORD saved_mode;

static void restore_console(void)
{
    SetConsoleOutputCP(saved_code_page);
    SetConsoleMode(handle_of(CONSOLE_STDOUT), saved_mode);
}

static void restore_at_exit(void)
{
    fflush(stdout); /* exit would flush it after this, in the old code page */
    restore_console();
}

static BOOL WINAPI restore_on_break(DWORD event)
{
    (void)event;
    restore_console();
    return FALSE; /* and the usual handling of Ctrl+C ends the program */
}

bool console_setup_output(void)
{
    HANDLE out = handle_of(CONSOLE_STDOUT);
    if (!GetConsoleMode(out, &saved_mode))
        return false;
    saved_code_page = GetConsoleOutputCP();
    atexit(restore_at_exit);
    SetConsoleCtrlHandler(restore_on_break, TRUE);
    SetConsoleOutputCP(CP_UTF8);
    /*
     * In text mode the C library may translate what goes to a console by its
     * locale (wine's does), which mangles UTF-8; in binary the bytes go as they
     * are, and a console starts a new line on LF alone. It also leaves a
     * console unbuffered: a write for every character of the board, slow.
     */
    _setmode(CONSOLE_STDOUT, _O_BINARY);
    setvbuf(stdout, NULL, _IOFBF, 1 << 16);
    /* Consoles older than Windows 10 refuse escape sequences: no colours there. */
    return SetConsoleMode(out, saved_mode | ENABLE_VIRTUAL_TERMINAL_PROCESSING);
}

/*
 * What is typed at the console, read as UTF-16 whatever its code page, and
 * given as UTF-8: 3 bytes a unit at most, 4 for a pair, so that reading a
 * third of cap units, one kept for a pair's second half, always fits.
 */
static long read_console(HANDLE in, char *buf, size_t cap)
{
    wchar_t wide[WIDE_MAX + 1];
    DWORD n = 0, more = 0, most = (DWORD)(cap / 3 - 1 < WIDE_MAX ? cap / 3 - 1 : WIDE_MAX);
    if (!ReadConsoleW(in, wide, most, &n, NULL))
        return -1;
    /* Halves of a pair converted apart would make two wrong characters; the second is typed already. */
    if (n && IS_HIGH_SURROGATE(wide[n - 1]) && ReadConsoleW(in, wide + n, 1, &more, NULL))
        n += more;
    /* Ctrl+Z at the start of a line ends the input, as the C library reads a console. */
    if (!n || wide[0] == 0x1a)
        return 0;
    int bytes = WideCharToMultiByte(CP_UTF8, 0, wide, (int)n, buf, (int)cap, NULL, NULL);
    return bytes > 0 ? bytes : -1;
}

long console_read(int fd, char *buf, size_t cap)
{
    HANDLE in = handle_of(fd);
    if (console_is_terminal(fd))
        return read_console(in, buf, cap);
    /* A pipe or file: its bytes as they are, without the C library's text mode (CR LF is the reader's business). */
    DWORD got;
    if (ReadFile(in, buf, (DWORD)cap, &got, NULL))
        return (long)got;
    return GetLastError() == ERROR_BROKEN_PIPE ? 0 : -1;
}

#else

#include <errno.h>
#include <unistd.h>

bool console_is_terminal(int fd) { return isatty(fd); }

bool console_setup_output(void) { return isatty(CONSOLE_STDOUT); }

long console_read(int fd, char *buf, size_t cap)
{
    ssize_t got;
    do
        got = read(fd, buf, cap);
    while (got < 0 && errno == EINTR);
    return (long)got;
}

#endif
