/* GB18030 to UTF-8 and back, without iconv (which Windows and WebAssembly lack). */
#ifndef CHUHAN_PGN_GB18030_H
#define CHUHAN_PGN_GB18030_H

#include <stddef.h>

/*
 * n bytes converted into a fresh NUL-terminated buffer (free it), its length
 * in *outlen when outlen is not NULL; NULL when the input is not well-formed
 * or memory runs out. Every Unicode scalar has a GB18030 code.
 */
char *gb18030_to_utf8(const char *in, size_t n, size_t *outlen);
char *utf8_to_gb18030(const char *in, size_t n, size_t *outlen);

#endif
