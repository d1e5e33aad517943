/* Engine options, as both dialects name and print them. */
#ifndef CHUHAN_OPTIONS_H
#define CHUHAN_OPTIONS_H

#include "session.h"

/* The option lines of the handshake (for CECP, its feature option lines). */
void options_print(Output *out, Dialect d);

/* Gives every option its default, the one the handshakes advertise. */
void options_reset(Session *s);

/*
 * Sets an option by either dialect's name (case and the space/underscore
 * difference ignored). value may be NULL for buttons. False with a reason in
 * err for an unknown name or a value out of type or range.
 */
bool options_set(Session *s, const char *name, const char *value, char *err, size_t errlen);

#endif
