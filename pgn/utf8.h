/* One Unicode scalar at a time in UTF-8, for the encodings of game files. */
#ifndef CHUHAN_PGN_UTF8_H
#define CHUHAN_PGN_UTF8_H

#include <stddef.h>
#include <stdint.h>

/*
 * Reads the scalar at s (n > 0 bytes left) into *cp and returns its length,
 * 1 to 4; 0 when the bytes there are not well-formed UTF-8 (overlong forms,
 * surrogates and points beyond U+10FFFF are not).
 */
size_t utf8_read_scalar(const unsigned char *s, size_t n, uint32_t *cp);

/* Writes a scalar (no surrogate, at most U+10FFFF) and returns its length, 1 to 4. */
size_t utf8_write_scalar(uint32_t cp, unsigned char *out);

#endif
