/* The shell command `chuhan book`. */
#ifndef CHUHAN_BOOK_CMD_H
#define CHUHAN_BOOK_CMD_H

/* `chuhan book probe|build ...`; returns the exit status (probe: 1 when the position is not in the book). */
int book_main(int argc, char **argv);

#endif
