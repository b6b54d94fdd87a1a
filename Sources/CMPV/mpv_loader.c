/* The libmpv functions Folio calls, resolved with dlopen/dlsym on first use, so that only
   commands that play audio pay for loading libmpv and its dependencies. When libmpv is not
   installed, mpv_create returns NULL (Folio then narrates on its silent clock). */
#include "CMPV.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>

static void *library;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    library = dlopen("libmpv.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!library) library = dlopen("libmpv.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!library) library = dlopen("libmpv.so", RTLD_NOW | RTLD_LOCAL);
}

static void *symbol(const char *name) {
    pthread_once(&once, load);
    return library ? dlsym(library, name) : NULL;
}

int folio_mpv_available(void) { return symbol("mpv_create") != NULL; }

/* Each function's address is resolved on its first call and kept; the cache is read and written
   atomically, as two threads (the player's event loop and the caller) may make a first call at
   the same time. */
#define RESOLVE(name) \
    static __typeof__(&name) cached_fn; \
    __typeof__(&name) fn = __atomic_load_n(&cached_fn, __ATOMIC_ACQUIRE); \
    if (!fn) { \
        fn = (__typeof__(&name))symbol(#name); \
        __atomic_store_n(&cached_fn, fn, __ATOMIC_RELEASE); \
    }

unsigned long mpv_client_api_version(void) {
    RESOLVE(mpv_client_api_version);
    return fn ? fn() : 0;
}

const char *mpv_error_string(int error) {
    RESOLVE(mpv_error_string);
    return fn ? fn(error) : "libmpv is not installed";
}

void mpv_free(void *data) {
    RESOLVE(mpv_free);
    if (fn) fn(data);
}

mpv_handle *mpv_create(void) {
    RESOLVE(mpv_create);
    return fn ? fn() : NULL;
}

int mpv_initialize(mpv_handle *ctx) {
    RESOLVE(mpv_initialize);
    return fn ? fn(ctx) : MPV_ERROR_UNINITIALIZED;
}

void mpv_terminate_destroy(mpv_handle *ctx) {
    RESOLVE(mpv_terminate_destroy);
    if (fn) fn(ctx);
}

int mpv_set_option_string(mpv_handle *ctx, const char *name, const char *data) {
    RESOLVE(mpv_set_option_string);
    return fn ? fn(ctx, name, data) : MPV_ERROR_UNINITIALIZED;
}

int mpv_command(mpv_handle *ctx, const char **args) {
    RESOLVE(mpv_command);
    return fn ? fn(ctx, args) : MPV_ERROR_UNINITIALIZED;
}

int mpv_set_property(mpv_handle *ctx, const char *name, mpv_format format, void *data) {
    RESOLVE(mpv_set_property);
    return fn ? fn(ctx, name, format, data) : MPV_ERROR_UNINITIALIZED;
}

int mpv_get_property(mpv_handle *ctx, const char *name, mpv_format format, void *data) {
    RESOLVE(mpv_get_property);
    return fn ? fn(ctx, name, format, data) : MPV_ERROR_UNINITIALIZED;
}

char *mpv_get_property_string(mpv_handle *ctx, const char *name) {
    RESOLVE(mpv_get_property_string);
    return fn ? fn(ctx, name) : NULL;
}

mpv_event *mpv_wait_event(mpv_handle *ctx, double timeout) {
    RESOLVE(mpv_wait_event);
    return fn ? fn(ctx, timeout) : NULL;
}

int mpv_stream_cb_add_ro(mpv_handle *ctx, const char *protocol, void *user_data, mpv_stream_cb_open_ro_fn open_fn) {
    RESOLVE(mpv_stream_cb_add_ro);
    return fn ? fn(ctx, protocol, user_data, open_fn) : MPV_ERROR_UNINITIALIZED;
}
