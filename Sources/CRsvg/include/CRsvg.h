#ifndef FOLIO_CRSVG_H
#define FOLIO_CRSVG_H
/* The part of librsvg's API Folio uses, loaded at run time (see rsvg_loader.c): linking librsvg
   would load it and some fifteen libraries it needs (GIO, GObject, Pango, gdk-pixbuf…) into
   every folio command, most of which never meet an SVG. The types mirror librsvg's stable ABI
   (rsvg.h, librsvg 2.52 and later). */
#include <stddef.h>
#include <stdint.h>

typedef struct _FolioRsvgHandle FolioRsvgHandle;
struct _cairo; /* cairo_t */

/* RsvgUnit */
enum {
    FOLIO_RSVG_UNIT_PERCENT, FOLIO_RSVG_UNIT_PX, FOLIO_RSVG_UNIT_EM, FOLIO_RSVG_UNIT_EX, FOLIO_RSVG_UNIT_IN,
    FOLIO_RSVG_UNIT_CM, FOLIO_RSVG_UNIT_MM, FOLIO_RSVG_UNIT_PT, FOLIO_RSVG_UNIT_PC
};

/* RsvgLength */
typedef struct {
    double length;
    int unit;
} FolioRsvgLength;

/* RsvgRectangle */
typedef struct {
    double x, y, width, height;
} FolioRsvgRectangle;

/* Nonzero when librsvg could be loaded. */
int folio_rsvg_available(void);

/* rsvg_handle_new_from_data. On failure returns NULL and sets *message to librsvg's message
   (free it with free()). */
FolioRsvgHandle *folio_rsvg_new_from_data(const uint8_t *data, size_t length, char **message);

/* g_object_unref. */
void folio_rsvg_free(FolioRsvgHandle *handle);

void folio_rsvg_set_dpi(FolioRsvgHandle *handle, double dpi);

void folio_rsvg_intrinsic_dimensions(FolioRsvgHandle *handle, int *has_width, FolioRsvgLength *width, int *has_height,
                                     FolioRsvgLength *height, int *has_view_box, FolioRsvgRectangle *view_box);

/* Nonzero when the size could be resolved in pixels. */
int folio_rsvg_intrinsic_size_in_pixels(FolioRsvgHandle *handle, double *width, double *height);

/* rsvg_handle_render_document on a cairo_t. Nonzero on success; else *message as above. */
int folio_rsvg_render_document(FolioRsvgHandle *handle, struct _cairo *cairo, const FolioRsvgRectangle *viewport, char **message);
#endif
