/* Which catalogue speaks: set once from the command line or the environment. */
#include <stdlib.h>
#include <string.h>

#include "lang.h"

static Lang current = LANG_EN;

void lang_set(Lang lang) { current = lang; }
Lang lang_current(void) { return current; }

bool lang_parse(const char *name, Lang *out)
{
    if (!name)
        return false;
    if (!strncmp(name, "zh", 2) && (!name[2] || strchr("_-.@", name[2]))) {
        *out = LANG_ZH;
        return true;
    }
    if ((!strncmp(name, "en", 2) && (!name[2] || strchr("_-.@", name[2]))) || !strcmp(name, "C") || !strncmp(name, "C.", 2)
        || !strcmp(name, "POSIX")) {
        *out = LANG_EN;
        return true;
    }
    return false;
}

/* As setlocale reads them: the first of these set to something wins, and a language we lack means English. */
Lang lang_of_environment(void)
{
    static const char *const names[] = { "LC_ALL", "LC_MESSAGES", "LANG" };
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        const char *value = getenv(names[i]);
        Lang lang;
        if (value && *value)
            return lang_parse(value, &lang) ? lang : LANG_EN;
    }
    return LANG_EN;
}

const char *lang_message(Lang lang, Msg m) { return (lang == LANG_ZH ? lang_zh : lang_en)[m]; }
const char *msg(Msg m) { return lang_message(current, m); }
