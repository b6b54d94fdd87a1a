#include "folio_icu.h"
#include <unicode/unorm2.h>
#include <unicode/ubrk.h>

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
