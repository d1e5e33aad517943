/*
 * embed: writes a file's bytes as a C array, so data goes into the
 * executable through the compiler alone, whatever the target's object
 * format (ELF, PE/COFF, Mach-O, WebAssembly).
 *
 *   embed NAME FILE OUT.c
 *
 * defines `const unsigned char NAME[]` (aligned to 64 bytes) and
 * `const size_t NAME_size`. The bytes are written as string literals of
 * octal escapes, which compilers read several times faster than a list of
 * numbers. OUT.c is written under a temporary name and renamed, so an
 * interrupted build never leaves a half-written array behind.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: embed NAME FILE OUT.c\n");
        return 2;
    }
    const char *name = argv[1], *path = argv[2], *target = argv[3];
    FILE *in = fopen(path, "rb");
    if (!in) {
        perror(path);
        return 1;
    }
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", target);
    FILE *out = fopen(tmp, "w");
    if (!out) {
        perror(tmp);
        return 1;
    }
    fprintf(out, "/* Made by tools/embed from %s. */\n#include <stddef.h>\n\n", path);
    fprintf(out, "_Alignas(64) const unsigned char %s[] =\n\"", name);
    size_t n = 0;
    int c;
    while ((c = getc(in)) != EOF) {
        fprintf(out, "\\%o", (unsigned)c);
        if (++n % 40 == 0)
            fputs("\"\n\"", out);
    }
    /* The literal's closing zero is one byte past the data: harmless, and NAME_size leaves it out. */
    fprintf(out, "\";\nconst size_t %s_size = %zu;\n", name, n);
    int failed = ferror(in) || ferror(out);
    fclose(in);
    failed |= fclose(out) != 0;
    if (failed || rename(tmp, target)) {
        fprintf(stderr, "embed: cannot write %s\n", target);
        remove(tmp);
        return 1;
    }
    return 0;
}
