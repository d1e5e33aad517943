#include <stdio.h>

#include "files.h"

bool file_replace(const char *tmp, const char *path)
{
#ifdef _WIN32
    remove(path);
#endif
    return rename(tmp, path) == 0;
}
