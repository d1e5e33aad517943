#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef _WIN32
#include <io.h>
#endif

#include "../base/files.h"
#include "tb_write.h"

static bool flush_to_disk(FILE *f)
{
    if (fflush(f))
        return false;
#ifdef _WIN32
    return _commit(_fileno(f)) == 0;
#else
    return fsync(fileno(f)) == 0;
#endif
}

/* The flags four positions a byte, red's numbers then black's; NULL when none is set. */
static uint8_t *pack_flags(const TbTable *t, uint8_t *const flags[2], size_t *bytes)
{
    uint64_t n = t->layout.size;
    bool any = false;
    for (int side = 0; side < 2 && !any; side++)
        for (uint64_t i = 0; i < n && !any; i++)
            any = flags[side][i] != 0;
    *bytes = (size_t)((2 * n + 3) / 4);
    uint8_t *packed = any ? calloc(1, *bytes) : NULL;
    if (packed)
        for (int side = 0; side < 2; side++)
            for (uint64_t i = 0; i < n; i++) {
                uint64_t k = (uint64_t)side * n + i;
                packed[k >> 2] |= (uint8_t)((flags[side][i] & 3) << ((k & 3) * 2));
            }
    return packed;
}

bool tb_write_file(const char *path, const uint8_t *const piece[], const size_t len[], int pieces,
                   bool (*check)(const char *tmp, void *arg, char *err, size_t errlen), void *arg, char *err, size_t errlen)
{
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "wb");
    bool ok = f != NULL;
    for (int i = 0; ok && i < pieces; i++)
        ok = fwrite(piece[i], 1, len[i], f) == len[i];
    ok = ok && flush_to_disk(f);
    if (f && fclose(f))
        ok = false;
    if (!ok)
        snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
    else if (check && !check(tmp, arg, err, errlen))
        ok = false;
    else if (!file_replace(tmp, path)) {
        snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
        ok = false;
    }
    if (!ok)
        remove(tmp);
    return ok;
}

bool tb_write_onebyte(const char *path, TbTable *t, uint8_t *const flags[2], char *err, size_t errlen)
{
    size_t fbytes = 0;
    uint8_t *packed = pack_flags(t, flags, &fbytes);
    t->has_flags = packed != NULL;
    uint8_t h[TB_HEADER_BYTES];
    tb_header_write(t, h);
    size_t n = (size_t)t->layout.size, total = 2 * n + (packed ? fbytes : 0);
    /* The checksum runs over one stream: red's values, black's, the flags. */
    uint8_t *all = malloc(total);
    if (!all) {
        free(packed);
        snprintf(err, errlen, "%s: not enough memory to write", path);
        return false;
    }
    memcpy(all, t->values[RED], n);
    memcpy(all + n, t->values[BLACK], n);
    if (packed)
        memcpy(all + 2 * n, packed, fbytes);
    tb_header_seal(h, tb_checksum(tb_checksum(0, h, sizeof h), all, total));
    const uint8_t *piece[2] = { h, all };
    size_t len[2] = { sizeof h, total };
    bool ok = tb_write_file(path, piece, len, 2, NULL, NULL, err, errlen);
    free(all);
    free(packed);
    return ok;
}
