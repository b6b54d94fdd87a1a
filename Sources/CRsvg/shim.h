#ifndef FOLIO_CRSVG_SHIM_H
#define FOLIO_CRSVG_SHIM_H
#include <librsvg/rsvg.h>
#endif
