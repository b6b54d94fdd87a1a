#ifndef FOLIO_CCAIRO_SHIM_H
#define FOLIO_CCAIRO_SHIM_H
#include <cairo.h>
#include <cairo-ft.h>
#include <cairo-pdf.h>
#endif
