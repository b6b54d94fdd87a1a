#ifndef FOLIO_CLIBUNIBREAK_SHIM_H
#define FOLIO_CLIBUNIBREAK_SHIM_H
#include <linebreak.h>
#include <wordbreak.h>
#endif
