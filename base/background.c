#include "background.h"

bool background_run(Background *bg, void *(*work)(void *), void *arg)
{
    bg->here = false;
    bg->live = pthread_create(&bg->thread, NULL, work, arg) == 0;
    if (bg->live)
        return true;
    bg->here = true;
    work(arg);
    bg->here = false;
    return false;
}

void background_join(Background *bg)
{
    if (bg->live) {
        pthread_join(bg->thread, NULL);
        bg->live = false;
    }
}
