/* librsvg, resolved with dlopen/dlsym on first use, so that only commands that meet an SVG pay
   for loading it and its dependencies. When librsvg is missing, SVG images fail to load with a
   message (they then draw as placeholders). GError is mirrored here (glib's stable layout). */
#include "CRsvg.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    uint32_t domain;
    int code;
    char *message;
} GErrorLayout;

static void *library;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static FolioRsvgHandle *(*new_from_data)(const uint8_t *, size_t, GErrorLayout **);
static void (*set_dpi)(FolioRsvgHandle *, double);
static void (*intrinsic_dimensions)(FolioRsvgHandle *, int *, FolioRsvgLength *, int *, FolioRsvgLength *, int *,
                                    FolioRsvgRectangle *);
static int (*intrinsic_size_in_pixels)(FolioRsvgHandle *, double *, double *);
static int (*render_document)(FolioRsvgHandle *, struct _cairo *, const FolioRsvgRectangle *, GErrorLayout **);
static void (*object_unref)(void *);
static void (*error_free)(GErrorLayout *);

static void load(void) {
    library = dlopen("librsvg-2.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    new_from_data = dlsym(library, "rsvg_handle_new_from_data");
    set_dpi = dlsym(library, "rsvg_handle_set_dpi");
    intrinsic_dimensions = dlsym(library, "rsvg_handle_get_intrinsic_dimensions");
    intrinsic_size_in_pixels = dlsym(library, "rsvg_handle_get_intrinsic_size_in_pixels");
    render_document = dlsym(library, "rsvg_handle_render_document");
    /* From GObject and GLib, which librsvg brings along. */
    object_unref = dlsym(library, "g_object_unref");
    error_free = dlsym(library, "g_error_free");
    if (!new_from_data || !set_dpi || !intrinsic_dimensions || !intrinsic_size_in_pixels || !render_document
        || !object_unref || !error_free) {
        dlclose(library);
        library = NULL;
    }
}

int folio_rsvg_available(void) {
    pthread_once(&once, load);
    return library != NULL;
}

/* The error's message (malloc'd), freeing the error. */
static char *take_message(GErrorLayout *error) {
    char *message = strdup(error && error->message ? error->message : "unknown error");
    if (error) error_free(error);
    return message;
}

FolioRsvgHandle *folio_rsvg_new_from_data(const uint8_t *data, size_t length, char **message) {
    *message = NULL;
    if (!folio_rsvg_available()) {
        *message = strdup("librsvg is not installed");
        return NULL;
    }
    GErrorLayout *error = NULL;
    FolioRsvgHandle *handle = new_from_data(data, length, &error);
    if (!handle) *message = take_message(error);
    else if (error) error_free(error);
    return handle;
}

void folio_rsvg_free(FolioRsvgHandle *handle) {
    if (handle && folio_rsvg_available()) object_unref(handle);
}

void folio_rsvg_set_dpi(FolioRsvgHandle *handle, double dpi) { set_dpi(handle, dpi); }

void folio_rsvg_intrinsic_dimensions(FolioRsvgHandle *handle, int *has_width, FolioRsvgLength *width, int *has_height,
                                     FolioRsvgLength *height, int *has_view_box, FolioRsvgRectangle *view_box) {
    intrinsic_dimensions(handle, has_width, width, has_height, height, has_view_box, view_box);
}

int folio_rsvg_intrinsic_size_in_pixels(FolioRsvgHandle *handle, double *width, double *height) {
    return intrinsic_size_in_pixels(handle, width, height);
}

int folio_rsvg_render_document(FolioRsvgHandle *handle, struct _cairo *cairo, const FolioRsvgRectangle *viewport, char **message) {
    *message = NULL;
    GErrorLayout *error = NULL;
    int ok = render_document(handle, cairo, viewport, &error);
    if (!ok) *message = take_message(error);
    else if (error) error_free(error);
    return ok;
}
