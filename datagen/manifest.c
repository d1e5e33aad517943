#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/files.h"
#include "manifest.h"

bool manifest_open(Manifest *m, const char *data_path)
{
    *m = (Manifest){ 0 };
    if ((size_t)snprintf(m->path, sizeof m->path, "%s.manifest", data_path) >= sizeof m->path)
        return false;
    FILE *f = fopen(m->path, "rb");
    long size = 0;
    if (f && (fseek(f, 0, SEEK_END) || (size = ftell(f)) < 0 || fseek(f, 0, SEEK_SET)))
        size = -1;
    m->before = size >= 0 ? malloc((size_t)size + 2) : NULL;
    size_t n = m->before && f ? fread(m->before, 1, (size_t)size, f) : 0;
    if (f)
        fclose(f);
    if (!m->before || n != (size_t)size)
        return false;
    if (n && m->before[n - 1] != '\n') /* a line torn by a full disk: ended, so the next run's starts a line */
        m->before[n++] = '\n';
    m->before[n] = 0;
    return true;
}

bool manifest_write(const Manifest *m, const char *line)
{
    char tmp[sizeof m->path + 8];
    snprintf(tmp, sizeof tmp, "%s.tmp", m->path);
    FILE *f = fopen(tmp, "wb");
    if (!f)
        return false;
    bool ok = fputs(m->before, f) >= 0 && fputs(line, f) >= 0;
    ok = !fclose(f) && ok;
    return ok && file_replace(tmp, m->path);
}

void manifest_close(Manifest *m)
{
    free(m->before);
    m->before = NULL;
}
