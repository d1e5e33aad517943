#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "reader.h"

enum { CHUNK_RECORDS = 4096 };

DataForm data_form(int first_byte, DataForm want)
{
    return first_byte < 0 ? want : first_byte == CHAIN_MAGIC ? FORM_CHAINS : FORM_RECORDS;
}

bool reader_open(RecordReader *r, const char *path, const char *who)
{
    *r = (RecordReader){ .path = path, .who = who };
    if (!(r->f = fopen(path, "rb"))) {
        fprintf(stderr, "%s: %s: %s\n", who, path, strerror(errno));
        return false;
    }
    int first = getc(r->f);
    ungetc(first, r->f);
    r->form = data_form(first, FORM_RECORDS);
    r->bytes = malloc(r->form == FORM_CHAINS ? CHAIN_BLOCK_MAX : CHUNK_RECORDS * RECORD_BYTES);
    r->game = r->form == FORM_CHAINS ? malloc(CHAIN_MAX_POSITIONS * sizeof *r->game) : NULL;
    if (!r->bytes || (r->form == FORM_CHAINS && !r->game)) {
        fprintf(stderr, "%s: out of memory reading %s\n", who, path);
        reader_close(r);
        return false;
    }
    return true;
}

static void torn(const RecordReader *r, size_t got)
{
    fprintf(stderr, "%s: %s ends in %zu bytes of a %s cut short (a killed writer's); left out\n", r->who, r->path, got,
            r->form == FORM_CHAINS ? "game" : "record");
}

/* Fills the buffer with the next chunk of records; false at the end. */
static bool next_records(RecordReader *r)
{
    size_t got = fread(r->bytes, 1, CHUNK_RECORDS * RECORD_BYTES, r->f);
    r->offset += got;
    if (got < CHUNK_RECORDS * RECORD_BYTES && got % RECORD_BYTES)
        torn(r, got % RECORD_BYTES);
    r->count = (int)(got / RECORD_BYTES);
    return r->count > 0;
}

/*
 * Reads a block at the file's position into the buffer: its length, 0 at
 * the end (or a block cut short there), -1 when the bytes there are not a
 * block's header. got says how many bytes were read.
 */
static long read_block(RecordReader *r, size_t *got)
{
    *got = fread(r->bytes, 1, CHAIN_HEADER, r->f);
    size_t length = chain_body_length(r->bytes);
    if (*got == CHAIN_HEADER && !length)
        return -1;
    if (*got == CHAIN_HEADER)
        *got += fread(r->bytes + CHAIN_HEADER, 1, length, r->f);
    return *got == CHAIN_HEADER + length ? (long)*got : 0;
}

/*
 * After bytes that are not a block (a file damaged, or data put after a
 * torn game), finds the next block whose checksum holds, byte by byte;
 * false at the end of the file.
 */
static bool find_block(RecordReader *r)
{
    const char *why;
    for (uint64_t at = r->offset + 1;; at++) {
        size_t got;
        if (fseek(r->f, (long)at, SEEK_SET))
            return false;
        long n = read_block(r, &got);
        if (n > 0 && chain_decode(r->bytes, r->game, &why) > 0) {
            fprintf(stderr, "%s: %s: %llu bytes that are not games passed over\n", r->who, r->path,
                    (unsigned long long)(at - r->offset));
            r->offset = at;
            return !fseek(r->f, (long)at, SEEK_SET);
        }
        if (n == 0 && got < CHAIN_HEADER)
            return false;
    }
}

/*
 * Decodes the next whole game into the buffer; 1, 0 at the end, -1 when
 * what is left is not games. A damaged game's length is not trusted: the
 * next game is looked for from the byte after its start.
 */
static int next_game(RecordReader *r)
{
    for (;;) {
        size_t got;
        long n = read_block(r, &got);
        if (n == 0) {
            if (got)
                torn(r, got);
            return 0;
        }
        const char *why = "";
        int count = n > 0 ? chain_decode(r->bytes, r->game, &why) : -1;
        if (count > 0) {
            r->offset += got;
            r->games++;
            r->count = count;
            return 1;
        }
        if (n > 0) {
            fprintf(stderr, "%s: %s: game at byte %llu skipped: %s\n", r->who, r->path, (unsigned long long)r->offset,
                    why);
            r->damaged++;
        }
        if (!find_block(r)) {
            if (n > 0)
                return 0;
            fprintf(stderr, "%s: %s: no game from byte %llu on (not chain data, or another version)\n", r->who,
                    r->path, (unsigned long long)r->offset);
            return -1;
        }
    }
}

int reader_next(RecordReader *r, Record *out)
{
    if (r->next == r->count) {
        int got = r->form == FORM_CHAINS ? next_game(r) : next_records(r);
        if (got <= 0) {
            if (ferror(r->f)) {
                fprintf(stderr, "%s: cannot read %s\n", r->who, r->path);
                return -1;
            }
            return got;
        }
        r->next = 0;
    }
    if (r->form == FORM_CHAINS)
        *out = r->game[r->next++];
    else
        record_unpack(r->bytes + (size_t)r->next++ * RECORD_BYTES, out);
    return 1;
}

void reader_close(RecordReader *r)
{
    if (r->f)
        fclose(r->f);
    free(r->bytes);
    free(r->game);
    *r = (RecordReader){ 0 };
}
