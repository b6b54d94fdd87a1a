#ifndef FOLIO_CLIBPNG_SHIM_H
#define FOLIO_CLIBPNG_SHIM_H
#include <png.h>
#endif
