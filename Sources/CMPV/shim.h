#ifndef FOLIO_CMPV_SHIM_H
#define FOLIO_CMPV_SHIM_H
#include <mpv/client.h>
/* Custom stream protocols: mpv reads a book's audio from memory, never from a temp file. */
#include <mpv/stream_cb.h>
#endif
