#ifndef FOLIO_CCAIRO_SHIM_H
#define FOLIO_CCAIRO_SHIM_H
/* Declarations only: nothing links libcairo; CCairoLoader defines these functions and opens
   the library on the first call. */
#include <cairo/cairo.h>
#include <cairo/cairo-ft.h>
#include <cairo/cairo-pdf.h>
#endif
