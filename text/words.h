/* Reading command lines: words and whole numbers. For the dialects and the terminal game alike. */
#ifndef CHUHAN_WORDS_H
#define CHUHAN_WORDS_H

#include <stdbool.h>
#include <stddef.h>

/* The words of a line; grown as needed, kept by its owner from line to line. */
typedef struct {
    char **word;
    size_t cap;
} Words;

/* Splits a line into words in place (at spaces and control characters); returns the count, w->word holding them. */
int split_words(char *line, Words *w);
void words_free(Words *w);

/* Parses a whole number in [lo, hi]; with clamp, larger values become hi instead of failing. */
bool parse_number(const char *s, long long lo, long long hi, bool clamp, long long *out);

#endif
