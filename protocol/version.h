#ifndef CHUHAN_VERSION_H
#define CHUHAN_VERSION_H
#define CHUHAN_VERSION "0.1"
#endif
