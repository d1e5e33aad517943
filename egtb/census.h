/* `chuhan egtb census`: which table endings the games of game files enter. */
#ifndef CHUHAN_EGTB_CENSUS_H
#define CHUHAN_EGTB_CENSUS_H

/* argv after "census": the game files; returns the exit status (1 when a file or a game could not be read). */
int tb_census_main(int argc, char **argv);

#endif
