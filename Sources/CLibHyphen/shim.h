#ifndef FOLIO_CLIBHYPHEN_SHIM_H
#define FOLIO_CLIBHYPHEN_SHIM_H
#include <hyphen.h>
#endif
