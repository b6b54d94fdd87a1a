#ifndef FOLIO_CLIBCRYPTO_SHIM_H
#define FOLIO_CLIBCRYPTO_SHIM_H
// OpenSSL's libcrypto, for the digests EPUB needs (SHA-1 for font obfuscation keys).
#include <openssl/sha.h>
#endif
