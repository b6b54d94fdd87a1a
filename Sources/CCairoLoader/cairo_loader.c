/* libcairo, opened with dlopen on the first Cairo call rather than linked: linking it makes
   every command load Cairo and the fourteen libraries it brings (X11, xcb, pixman, fontconfig,
   …) before main, though only the commands that draw use them. */
#include "folio_cairo_loader.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static void *library;
static char failure[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void open_library(void) {
    library = dlopen("libcairo.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *reason = dlerror();
        snprintf(failure, sizeof failure, "%s", reason ? reason : "unknown error");
    }
}

void *folio_cairo_symbol(const char *name) {
    pthread_once(&once, open_library);
    if (!library) {
        fprintf(stderr, "folio: cannot load Cairo, which drawing pages needs (%s); scripts/setup installs libcairo2\n", failure);
        exit(69);
    }
    void *symbol = dlsym(library, name);
    if (!symbol) {
        fprintf(stderr, "folio: the installed Cairo has no %s (Folio needs Cairo 1.16 or later)\n", name);
        exit(69);
    }
    return symbol;
}
