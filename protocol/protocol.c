#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "commands.h"
#include "io.h"
#include "options.h"
#include "protocol.h"
#include "search_thread.h"

static const DialectOps *const dialects[] = { &uci_dialect, &ucci_dialect, &cecp_dialect };

/* A line read, and its words (they point into its text). */
typedef struct {
    LineBuf buf;
    Words words;
    int n;
    LineStatus status;
} Line;

/*
 * The loop: the session, the dialect in use, the input. A search that runs
 * in the reading thread (where no thread can be had) reads the input into
 * `seen` while the line that started it, in `line`, is still being answered;
 * a line that waits for the search's answer goes to `held`.
 */
typedef struct {
    Session *s;
    const DialectOps *d;
    LineReader in;
    Line line, seen, held;
    bool has_held, input_ended, quit;
} Loop;

static bool read_into(Loop *l, Line *line)
{
    line->status = read_line(&l->in, &line->buf);
    if (line->status == LINE_EOF)
        return false;
    line->n = line->status == LINE_OK ? split_words(line->buf.text, &line->words) : 0;
    return true;
}

static const DialectOps *handshake_of(const Line *line)
{
    for (size_t i = 0; line->n && i < sizeof dialects / sizeof *dialects; i++)
        if (!strcasecmp(line->words.word[0], dialects[i]->hello))
            return dialects[i];
    return NULL;
}

/* Answers one line; false on quit. */
static bool answer(Loop *l, const Line *line)
{
    Session *s = l->s;
    snprintf(s->command, sizeof s->command, "%s", line->status == LINE_OK ? "" : "(line)");
    if (line->status == LINE_TOO_LONG) {
        report_error(s, "line longer than %d bytes ignored", LINE_MAX_BYTES);
        return true;
    }
    if (line->status == LINE_BINARY) {
        report_error(s, "line with a NUL byte ignored");
        return true;
    }
    char **tok = line->words.word;
    if (!line->n || tok[0][0] == '#')
        return true;
    snprintf(s->command, sizeof s->command, "%s", tok[0]);
    /* Any handshake may come at any time; the latest one sets the dialect. */
    const DialectOps *hello = handshake_of(line);
    if (hello) {
        l->d = hello;
        s->dialect = hello->id;
        session_update_settings(s);
        hello->handshake(s);
        return true;
    }
    return dialect_answer(l->d, s, tok, line->n);
}

/* A line read during a search in the reading thread: when to answer it. A handshake resets what the search serves. */
static LineTiming timing(const Loop *l, const Line *line)
{
    if (line->status != LINE_OK || !line->n)
        return ANSWER_AT_ONCE;
    return handshake_of(line) ? AFTER_THE_ANSWER : dialect_timing(l->d, l->s, line->words.word, line->n);
}

static void swap_lines(Line *a, Line *b)
{
    Line t = *a;
    *a = *b;
    *b = t;
}

/*
 * The session's poll, while a search runs in this thread: answers what input
 * is at hand, until a line must wait for the search to answer; that line is
 * held, the search told to end, and the input after it left unread.
 */
static void poll_input(void *ctx)
{
    Loop *l = ctx;
    while (!l->quit && !l->has_held && !l->input_ended && line_waiting(&l->in)) {
        if (!read_into(l, &l->seen)) {
            l->input_ended = true;
            session_end(l->s);
            return;
        }
        LineTiming t = timing(l, &l->seen);
        if (t == ANSWER_AT_ONCE) {
            l->quit = !answer(l, &l->seen);
            continue;
        }
        swap_lines(&l->seen, &l->held);
        l->has_held = true;
        if (t == AFTER_A_DROP)
            l->s->discard = true;
        session_stop(l->s);
    }
}

/* The next line to answer, a held one first; false at the end of the input. */
static bool next_line(Loop *l)
{
    if (l->has_held) {
        swap_lines(&l->line, &l->held);
        l->has_held = false;
        return true;
    }
    return !l->input_ended && read_into(l, &l->line);
}

static void free_line(Line *line)
{
    line_buf_free(&line->buf);
    words_free(&line->words);
}

int protocol_loop(FILE *in, FILE *out)
{
    Session *s = calloc(1, sizeof *s);
    if (!s || !session_init(s, out)) {
        fprintf(out, "info string error: out of memory\n");
        fflush(out);
        free(s);
        return 1;
    }
    options_reset(s);
    /* UCI until a handshake says otherwise; the lines read go to the session's log. */
    Loop l = { .s = s, .d = &uci_dialect, .in = { .in = in, .log = &s->out } };
    s->poll = poll_input;
    s->poll_ctx = &l;
    while (!l.quit && next_line(&l)) {
        /* A quit may come in the poll too, read during a search this line started. */
        if (!answer(&l, &l.line))
            l.quit = true;
    }
    if (!l.quit)
        session_end(s); /* input ended: a search that ends by itself still answers */
    session_free(s);
    free(s);
    free_line(&l.line);
    free_line(&l.seen);
    free_line(&l.held);
    return 0;
}
