#ifndef FOLIO_CSPEECH_H
#define FOLIO_CSPEECH_H
/* Text to speech with espeak-ng, loaded at run time (see speech_loader.c): only reading aloud
   needs it, and no other command should load it and its voice data. espeak-ng keeps global state,
   so calls are serialized by a lock inside; any thread may call. */
#include <stddef.h>
#include <stdint.h>

/* Nonzero when libespeak-ng could be loaded and initialized. */
int folio_speech_available(void);

/* Speaks `length` bytes of UTF-8 `text` in the voice for `language` (a BCP 47 tag such as "en-GB";
   NULL or "" for the default voice) at `rate` words a minute, into 16-bit mono samples written to
   a buffer the caller frees with folio_speech_free. At most `max_samples` are kept (the rest of a
   longer text is not synthesized). Returns NULL on success, else a static message. */
const char *folio_speech_synthesize(const char *text, size_t length, const char *language, int rate, size_t max_samples,
                                    int16_t **samples, size_t *count, int *sample_rate);

void folio_speech_free(int16_t *samples);
#endif
