#ifndef FOLIO_JPEG_H
#define FOLIO_JPEG_H

// libjpeg reports errors by calling error_exit, which must not return: the only ways out are
// exit() or longjmp, and Swift can do neither. This tiny wrapper sets a jump point in every
// function that calls into libjpeg and turns each error into a status code and a message.

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    FOLIO_JPEG_OK = 0,
    /// libjpeg refused the data (bad markers, truncated stream, too many scans …).
    FOLIO_JPEG_CORRUPT = 1,
    /// A colour space libjpeg cannot convert to RGB.
    FOLIO_JPEG_UNSUPPORTED = 2,
    /// malloc failed.
    FOLIO_JPEG_NO_MEMORY = 3,
} folio_jpeg_status;

/// A JPEG whose header has been read; owns the libjpeg decompressor.
typedef struct folio_jpeg folio_jpeg;

/// Reads the header (up to the first scan) of `size` bytes at `data`, which must stay alive until
/// `folio_jpeg_close`. `max_memory` bounds libjpeg's own working memory. Returns NULL only when
/// malloc fails; otherwise check `folio_jpeg_get_status`.
folio_jpeg *folio_jpeg_open(const uint8_t *data, size_t size, size_t max_memory);

folio_jpeg_status folio_jpeg_get_status(const folio_jpeg *jpeg);
/// libjpeg's message for the failure, or "" when there is none.
const char *folio_jpeg_get_message(const folio_jpeg *jpeg);
/// Stored width and height (before any EXIF orientation).
int folio_jpeg_get_width(const folio_jpeg *jpeg);
int folio_jpeg_get_height(const folio_jpeg *jpeg);
/// The payload of the first APP1 marker that starts with "Exif\0\0", or NULL; `*size` gets its length.
const uint8_t *folio_jpeg_get_exif(const folio_jpeg *jpeg, size_t *size);

/// Decodes the pixels into `pixels` (`height` rows of `stride` bytes, stride >= 4 * width) as Cairo
/// ARGB32: native-endian 32-bit words 0xAARRGGBB, opaque. A truncated stream is an error.
folio_jpeg_status folio_jpeg_decode(folio_jpeg *jpeg, uint8_t *pixels, size_t stride);

void folio_jpeg_close(folio_jpeg *jpeg);

#ifdef __cplusplus
}
#endif

#endif
