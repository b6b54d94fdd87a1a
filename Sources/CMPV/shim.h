#ifndef FOLIO_CMPV_SHIM_H
#define FOLIO_CMPV_SHIM_H
#include <mpv/client.h>
#endif
