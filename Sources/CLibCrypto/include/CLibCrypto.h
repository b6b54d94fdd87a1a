#ifndef FOLIO_CLIBCRYPTO_H
#define FOLIO_CLIBCRYPTO_H
/* The digests Folio needs from OpenSSL's libcrypto (SHA-1 for font obfuscation keys, SHA-256
   for page checksums), loaded at run time (see crypto_loader.c): linking libcrypto made every
   folio command load and relocate it, some 3 MB of memory, though most never take a digest. */
#include <stddef.h>
#include <stdint.h>

/* SHA-1 of `length` bytes into `digest` (20 bytes). Nonzero on success; 0 when libcrypto
   cannot be loaded. */
int folio_sha1(const uint8_t *data, size_t length, uint8_t *digest);

/* SHA-256 into `digest` (32 bytes), as above. */
int folio_sha256(const uint8_t *data, size_t length, uint8_t *digest);
#endif
