#ifndef FOLIO_ICU_H
#define FOLIO_ICU_H
#include <stdint.h>

/* Unicode normalization through the system's ICU (the library libxml2 already loads):
 * ICU's C names carry its version (unorm2_normalize_72), which only its own headers resolve,
 * so Swift calls these instead. */

/* Writes the NFKC form of the UTF-16 text `source` (`length` units) into `destination`
 * (`capacity` units). Returns the length of the result, which may exceed `capacity` (nothing
 * is then written: call again with a buffer that large), or -1 when ICU fails. */
int32_t folio_nfkc(const uint16_t *source, int32_t length, uint16_t *destination, int32_t capacity);

/* Sentence boundaries (UAX #29, ICU's rules for `locale`) of the UTF-16 text `text` (`length`
 * units): writes up to `capacity` offsets (UTF-16 units, ascending; the last is `length`) into
 * `boundaries` and returns how many, or -1 when ICU fails. */
int32_t folio_sentence_breaks(const uint16_t *text, int32_t length, const char *locale, int32_t *boundaries, int32_t capacity);

/* Writes the canonical decomposition of the code point `c` (NFD: `é` → `e` U+0301), as code
 * points, into `destination` (`capacity` entries). Returns how many, 0 when `c` has none (it
 * is its own decomposition), or -1 when ICU fails or `capacity` is too small. */
int32_t folio_canonical_decomposition(uint32_t c, uint32_t *destination, int32_t capacity);

#endif
