#ifndef FOLIO_CFRIBIDI_SHIM_H
#define FOLIO_CFRIBIDI_SHIM_H
#include <fribidi.h>
#endif
