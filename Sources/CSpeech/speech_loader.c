/* Loads libespeak-ng on first use and synthesizes speech into memory.
   Only the types come from espeak-ng's header; the functions are looked up with dlsym. */
#include "CSpeech.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <espeak-ng/speak_lib.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int state = 0; /* 0 not tried, 1 ready, -1 unavailable */
static int rate_hz = 0;

static int (*p_initialize)(espeak_AUDIO_OUTPUT, int, const char *, int);
static void (*p_set_callback)(t_espeak_callback *);
static espeak_ERROR (*p_synth)(const void *, size_t, unsigned int, espeak_POSITION_TYPE, unsigned int, unsigned int,
                               unsigned int *, void *);
static espeak_ERROR (*p_set_voice_by_properties)(espeak_VOICE *);
static espeak_ERROR (*p_set_voice_by_name)(const char *);
static espeak_ERROR (*p_set_parameter)(espeak_PARAMETER, int, int);

/* What one synthesis collects; the callback receives it as the events' user data. */
struct collected {
    int16_t *samples;
    size_t count;
    size_t capacity;
    size_t limit;
    int failed;
};

/* The synthesis under way: set and cleared with the lock held, so the callback (called on the
   synthesizing thread, within espeak_Synth) always sees the caller's. Chunks of sound may come
   with no event, so the events' user data cannot be relied on to find it. */
static struct collected *current = NULL;

static int collect(short *wav, int numsamples, espeak_EVENT *events) {
    (void)events;
    struct collected *out = current;
    if (!out || !wav || numsamples <= 0) return 0;
    size_t n = (size_t)numsamples;
    if (out->count + n > out->limit) n = out->limit > out->count ? out->limit - out->count : 0;
    if (out->count + n > out->capacity) {
        size_t capacity = out->capacity ? out->capacity : 16384;
        while (capacity < out->count + n) capacity *= 2;
        int16_t *grown = realloc(out->samples, capacity * sizeof(int16_t));
        if (!grown) { out->failed = 1; return 1; }
        out->samples = grown;
        out->capacity = capacity;
    }
    memcpy(out->samples + out->count, wav, n * sizeof(int16_t));
    out->count += n;
    return out->count >= out->limit ? 1 : 0; /* 1 stops the synthesis */
}

static int load(void) {
    if (state) return state > 0;
    state = -1;
    void *lib = dlopen("libespeak-ng.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!lib) return 0;
    p_initialize = (int (*)(espeak_AUDIO_OUTPUT, int, const char *, int))dlsym(lib, "espeak_Initialize");
    p_set_callback = (void (*)(t_espeak_callback *))dlsym(lib, "espeak_SetSynthCallback");
    p_synth = (espeak_ERROR (*)(const void *, size_t, unsigned int, espeak_POSITION_TYPE, unsigned int, unsigned int, unsigned int *,
                                void *))dlsym(lib, "espeak_Synth");
    p_set_voice_by_properties = (espeak_ERROR (*)(espeak_VOICE *))dlsym(lib, "espeak_SetVoiceByProperties");
    p_set_voice_by_name = (espeak_ERROR (*)(const char *))dlsym(lib, "espeak_SetVoiceByName");
    p_set_parameter = (espeak_ERROR (*)(espeak_PARAMETER, int, int))dlsym(lib, "espeak_SetParameter");
    if (!p_initialize || !p_set_callback || !p_synth || !p_set_voice_by_properties || !p_set_voice_by_name || !p_set_parameter) return 0;
    int hz = p_initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, NULL, 0);
    if (hz <= 0) return 0;
    rate_hz = hz;
    p_set_callback(collect);
    state = 1;
    return 1;
}

int folio_speech_available(void) {
    pthread_mutex_lock(&lock);
    int ok = load();
    pthread_mutex_unlock(&lock);
    return ok;
}

void folio_speech_free(int16_t *samples) { free(samples); }

const char *folio_speech_synthesize(const char *text, size_t length, const char *language, int rate, size_t max_samples,
                                    int16_t **samples, size_t *count, int *sample_rate) {
    if (!text || !samples || !count || !sample_rate) return "no text or no output given";
    *samples = NULL;
    *count = 0;
    *sample_rate = 0;
    if (length > (1u << 24)) return "the text is too long to speak at once";
    /* espeak-ng reads up to a NUL: a copy that has one. */
    char *copy = malloc(length + 1);
    if (!copy) return "out of memory";
    memcpy(copy, text, length);
    copy[length] = 0;
    pthread_mutex_lock(&lock);
    if (!load()) {
        pthread_mutex_unlock(&lock);
        free(copy);
        return "libespeak-ng is not installed";
    }
    espeak_ERROR voiced = EE_INTERNAL_ERROR;
    if (language && language[0]) {
        espeak_VOICE voice;
        memset(&voice, 0, sizeof voice);
        voice.languages = language;
        voiced = p_set_voice_by_properties(&voice);
    }
    if (voiced != EE_OK) p_set_voice_by_name("en");
    if (rate < espeakRATE_MINIMUM) rate = espeakRATE_MINIMUM;
    if (rate > espeakRATE_MAXIMUM) rate = espeakRATE_MAXIMUM;
    p_set_parameter(espeakRATE, rate, 0);
    struct collected out = {NULL, 0, 0, max_samples, 0};
    current = &out;
    espeak_ERROR done = p_synth(copy, length + 1, 0, POS_CHARACTER, 0, espeakCHARS_UTF8, NULL, &out);
    current = NULL;
    int hz = rate_hz;
    pthread_mutex_unlock(&lock);
    free(copy);
    if (out.failed || done != EE_OK) {
        free(out.samples);
        return out.failed ? "out of memory" : "espeak-ng could not speak the text";
    }
    *samples = out.samples;
    *count = out.count;
    *sample_rate = hz;
    return NULL;
}
