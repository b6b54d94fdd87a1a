#ifndef FOLIO_CMODERNIMAGE_H
#define FOLIO_CMODERNIMAGE_H
/* AVIF (libavif) and JPEG XL (libjxl), the two image formats EPUB 3.4 adds to the core media
   types, loaded at run time (see modern_image_loader.c): libavif alone brings some thirty
   libraries (every AV1 codec, abseil, libyuv), which no command should load before it meets
   such an image. Each call is independent (a decoder of its own), so any number may run at once.

   Every function returns NULL on success, else a static message saying what went wrong. Pixels
   are written as Cairo's ARGB32: 32-bit native-endian words, premultiplied alpha, `stride` bytes
   a row (at least 4 × width), `size` bytes in all. */
#include <stddef.h>
#include <stdint.h>

/* Nonzero when the library could be loaded. */
int folio_avif_available(void);
int folio_jxl_available(void);

/* The image's size, read from its header. */
const char *folio_avif_probe(const uint8_t *data, size_t length, uint32_t *width, uint32_t *height);
const char *folio_jxl_probe(const uint8_t *data, size_t length, uint32_t *width, uint32_t *height);

/* Decodes the first frame, which must be width × height (the probed size), into `pixels`. At
   most `max_pixels` are decoded: a header that lies about its size is refused by the decoder. */
const char *folio_avif_decode(const uint8_t *data, size_t length, uint32_t width, uint32_t height, uint32_t max_pixels,
                              uint8_t *pixels, size_t stride, size_t size);
const char *folio_jxl_decode(const uint8_t *data, size_t length, uint32_t width, uint32_t height, uint32_t max_pixels,
                             uint8_t *pixels, size_t stride, size_t size);
#endif
