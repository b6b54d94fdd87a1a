#ifndef FOLIO_CGIF_SHIM_H
#define FOLIO_CGIF_SHIM_H
// giflib ships no pkg-config file on Debian 12: the module map links `gif` itself.
#include <gif_lib.h>
#endif
