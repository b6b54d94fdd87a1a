#ifndef FOLIO_CMPV_H
#define FOLIO_CMPV_H
/* libmpv's API, loaded at run time (see mpv_loader.c): linking libmpv would load its ~200
   shared libraries (FFmpeg and friends) into every folio command, narrated or not. */
#include <mpv/client.h>
/* Custom stream protocols: mpv reads a book's audio from memory, never from a temp file. */
#include <mpv/stream_cb.h>

/* Nonzero when libmpv could be loaded. */
int folio_mpv_available(void);
#endif
