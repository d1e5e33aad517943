#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../base/read_at.h"
#include "writer.h"

#ifndef O_BINARY
#define O_BINARY 0 /* only Windows tells text files from binary ones */
#endif

/* The first byte of fd's file, -1 when it is empty. */
static int first_byte(int fd)
{
    uint8_t byte;
    return read_at(fd, &byte, 1, 0) ? byte : -1;
}

/*
 * The length of the whole data of fd's file of size bytes: whole records,
 * or whole games up to the first block cut short or not a block; -1 on a
 * read error.
 */
static long long whole_length(int fd, DataForm form, long long size)
{
    if (form == FORM_RECORDS)
        return size - size % RECORD_BYTES;
    long long whole = 0;
    uint8_t header[CHAIN_HEADER];
    while (whole + CHAIN_HEADER <= size) {
        if (!read_at(fd, header, CHAIN_HEADER, (uint64_t)whole))
            return -1;
        size_t length = chain_body_length(header);
        if (!length || whole + CHAIN_HEADER + (long long)length > size)
            break;
        whole += CHAIN_HEADER + (long long)length;
    }
    return whole;
}

static const char *form_name(DataForm form) { return form == FORM_CHAINS ? "chains" : "records"; }

int data_open_append(const char *path, int *form, const char *who)
{
    int fd = open(path, O_RDWR | O_CREAT | O_APPEND | O_BINARY, 0644);
    if (fd < 0) {
        fprintf(stderr, "%s: %s: %s\n", who, path, strerror(errno));
        return -1;
    }
    int first = first_byte(fd);
    DataForm has = data_form(first, *form < 0 ? FORM_CHAINS : (DataForm)*form);
    if (*form >= 0 && first >= 0 && has != (DataForm)*form) {
        fprintf(stderr, "%s: %s holds %s; append %s to another file\n", who, path, form_name(has),
                form_name((DataForm)*form));
        close(fd);
        return -1;
    }
    *form = (int)has;
    long long size = read_at_size(fd), whole = size < 0 ? -1 : whole_length(fd, has, size);
    if (whole >= 0 && whole < size) {
        fprintf(stderr, "%s: %s ends in %lld bytes that are not a whole %s; cutting them off\n", who, path,
                size - whole, has == FORM_CHAINS ? "game" : "record");
        if (ftruncate(fd, (off_t)whole))
            whole = -1;
    }
    if (whole < 0) {
        fprintf(stderr, "%s: %s: %s\n", who, path, strerror(errno));
        close(fd);
        return -1;
    }
    return fd;
}

static bool write_all(int fd, const uint8_t *p, size_t n, const char *who)
{
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            fprintf(stderr, "%s: write: %s\n", who, strerror(errno));
            return false;
        }
        p += w;
        n -= (size_t)w;
    }
    return true;
}

/* How many of records, from the first, follow one another (at most a game's worth). */
static int run_length(const Record *records, int n)
{
    int run = 1;
    while (run < n && run < CHAIN_MAX_POSITIONS && chain_follows(&records[run - 1], &records[run]))
        run++;
    return run;
}

bool data_write(int fd, DataForm form, const Record *records, int n, const char *who)
{
    /* A record in a run of its own is the worst case: a block around one position. */
    size_t each = form == FORM_CHAINS ? CHAIN_HEADER + 38 + 5 : RECORD_BYTES, used = 0;
    uint8_t *bytes = malloc((size_t)(n > 0 ? n : 1) * each);
    if (!bytes) {
        fprintf(stderr, "%s: out of memory\n", who);
        return false;
    }
    for (int i = 0; form == FORM_RECORDS && i < n; i++, used += RECORD_BYTES)
        record_pack(&records[i], bytes + used);
    for (int i = 0, run; form == FORM_CHAINS && i < n; i += run) {
        run = run_length(records + i, n - i);
        size_t block = chain_encode(records + i, run, bytes + used);
        if (!block)
            fprintf(stderr, "%s: %d records whose moves are not their side's men's left out\n", who, run);
        used += block;
    }
    bool ok = write_all(fd, bytes, used, who);
    free(bytes);
    return ok;
}
