#ifndef FOLIO_CLIBZIP_SHIM_H
#define FOLIO_CLIBZIP_SHIM_H
#include <zip.h>
#endif
