#ifndef FOLIO_CPCRE2_SHIM_H
#define FOLIO_CPCRE2_SHIM_H
/* The 8-bit library: patterns and subjects are UTF-8, matches come back as byte offsets. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#endif
