#ifndef FOLIO_CLIBWEBP_SHIM_H
#define FOLIO_CLIBWEBP_SHIM_H
#include <webp/decode.h>
// The demuxer (libwebpdemux, same -dev package) decodes the first frame of an animated WebP.
#include <webp/demux.h>
#endif
