/* `chuhan egtb`: build, probe, verify and count endgame tables from the shell. */
#ifndef CHUHAN_EGTB_CMD_H
#define CHUHAN_EGTB_CMD_H

/* argv after "egtb"; returns the exit status (2 for a bad command line or ending). */
int egtb_main(int argc, char **argv);

#endif
