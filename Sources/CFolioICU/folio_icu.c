#include "folio_icu.h"
#include <unicode/unorm2.h>
#include <unicode/ubrk.h>
#include <unicode/utf16.h>

int32_t folio_nfkc(const uint16_t *source, int32_t length, uint16_t *destination, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    const UNormalizer2 *nfkc = unorm2_getNFKCInstance(&status);
    if (U_FAILURE(status) || nfkc == NULL || length < 0 || capacity < 0) return -1;
    int32_t needed = unorm2_normalize(nfkc, (const UChar *)source, length, (UChar *)destination, capacity, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR) return needed;
    if (U_FAILURE(status)) return -1;
    return needed;
}

int32_t folio_sentence_breaks(const uint16_t *text, int32_t length, const char *locale, int32_t *boundaries, int32_t capacity) {
    if (text == NULL || boundaries == NULL || length < 0 || capacity < 0) return -1;
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *breaks = ubrk_open(UBRK_SENTENCE, locale ? locale : "", (const UChar *)text, length, &status);
    if (U_FAILURE(status) || breaks == NULL) return -1;
    int32_t count = 0;
    for (int32_t at = ubrk_next(breaks); at != UBRK_DONE && count < capacity; at = ubrk_next(breaks)) {
        boundaries[count++] = at;
    }
    ubrk_close(breaks);
    return count;
}

int32_t folio_canonical_decomposition(uint32_t c, uint32_t *destination, int32_t capacity) {
    if (destination == NULL || capacity < 0 || c > 0x10FFFF) return -1;
    UErrorCode status = U_ZERO_ERROR;
    const UNormalizer2 *nfd = unorm2_getNFDInstance(&status);
    if (U_FAILURE(status) || nfd == NULL) return -1;
    /* No decomposition is longer than a few code points (ICU's limit for one is 31 units). */
    UChar units[32];
    int32_t length = unorm2_getDecomposition(nfd, (UChar32)c, units, 32, &status);
    if (U_FAILURE(status) || length > 32) return -1;
    if (length < 0) return 0;
    int32_t count = 0, at = 0;
    while (at < length) {
        UChar32 point;
        U16_NEXT(units, at, length, point);
        if (count == capacity) return -1;
        destination[count++] = (uint32_t)point;
    }
    return count;
}
