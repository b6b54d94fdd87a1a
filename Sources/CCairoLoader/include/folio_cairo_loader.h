/* What each forwarding function in cairo_forwarding.c needs: Cairo's own declarations (the
   definitions there must match them) and the lookup of the real function. */
#ifndef FOLIO_CAIRO_LOADER_H
#define FOLIO_CAIRO_LOADER_H
#include <cairo/cairo.h>
#include <cairo/cairo-ft.h>
#include <cairo/cairo-pdf.h>

/* libcairo's function `name`, opening the library on the first call; a clear message and
   exit status 69 when Cairo is missing (scripts/setup installs it). Thread-safe. */
void *folio_cairo_symbol(const char *name);

/* Declares `fn`, the real function, looked up once per function and kept in a slot that
   threads drawing pages at the same time read and write atomically. */
#define FOLIO_CAIRO_FORWARD(name)                                      \
    static void *slot;                                                 \
    void *fn = __atomic_load_n(&slot, __ATOMIC_ACQUIRE);               \
    if (!fn) {                                                         \
        fn = folio_cairo_symbol(#name);                                \
        __atomic_store_n(&slot, fn, __ATOMIC_RELEASE);                 \
    }

#endif
