/* libcrypto's one-shot SHA1 and SHA256, resolved with dlopen/dlsym on first use. */
#include "CLibCrypto.h"
#include <dlfcn.h>
#include <pthread.h>

typedef unsigned char *(*digest_fn)(const unsigned char *, size_t, unsigned char *);

static digest_fn sha1_fn, sha256_fn;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *library = dlopen("libcrypto.so.3", RTLD_NOW | RTLD_LOCAL);
    if (!library) library = dlopen("libcrypto.so", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    sha1_fn = (digest_fn)dlsym(library, "SHA1");
    sha256_fn = (digest_fn)dlsym(library, "SHA256");
}

int folio_sha1(const uint8_t *data, size_t length, uint8_t *digest) {
    pthread_once(&once, load);
    return sha1_fn && sha1_fn(data, length, digest) != NULL;
}

int folio_sha256(const uint8_t *data, size_t length, uint8_t *digest) {
    pthread_once(&once, load);
    return sha256_fn && sha256_fn(data, length, digest) != NULL;
}
