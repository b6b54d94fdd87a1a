/* libavif and libjxl, resolved with dlopen/dlsym on first use (see CModernImage.h). The types
   come from the libraries' own headers (libavif-dev, libjxl-dev), so structures are laid out as
   the shared objects of the same versions expect; only the functions are looked up. */
#include "CModernImage.h"
#include <avif/avif.h>
#include <dlfcn.h>
#include <jxl/decode.h>
#include <pthread.h>
#include <string.h>

/* ---- AVIF ---- */

static void *avif_library;
static pthread_once_t avif_once = PTHREAD_ONCE_INIT;
static avifDecoder *(*avif_decoder_create)(void);
static void (*avif_decoder_destroy)(avifDecoder *);
static avifResult (*avif_decoder_set_io_memory)(avifDecoder *, const uint8_t *, size_t);
static avifResult (*avif_decoder_parse)(avifDecoder *);
static avifResult (*avif_decoder_next_image)(avifDecoder *);
static void (*avif_rgb_defaults)(avifRGBImage *, const avifImage *);
static avifResult (*avif_yuv_to_rgb)(const avifImage *, avifRGBImage *);
static const char *(*avif_result_string)(avifResult);

static void avif_load(void) {
    avif_library = dlopen("libavif.so.15", RTLD_NOW | RTLD_LOCAL);
    if (!avif_library) return;
    avif_decoder_create = dlsym(avif_library, "avifDecoderCreate");
    avif_decoder_destroy = dlsym(avif_library, "avifDecoderDestroy");
    avif_decoder_set_io_memory = dlsym(avif_library, "avifDecoderSetIOMemory");
    avif_decoder_parse = dlsym(avif_library, "avifDecoderParse");
    avif_decoder_next_image = dlsym(avif_library, "avifDecoderNextImage");
    avif_rgb_defaults = dlsym(avif_library, "avifRGBImageSetDefaults");
    avif_yuv_to_rgb = dlsym(avif_library, "avifImageYUVToRGB");
    avif_result_string = dlsym(avif_library, "avifResultToString");
    if (!avif_decoder_create || !avif_decoder_destroy || !avif_decoder_set_io_memory || !avif_decoder_parse
        || !avif_decoder_next_image || !avif_rgb_defaults || !avif_yuv_to_rgb || !avif_result_string) {
        dlclose(avif_library);
        avif_library = NULL;
    }
}

int folio_avif_available(void) {
    pthread_once(&avif_once, avif_load);
    return avif_library != NULL;
}

/* A decoder reading `data`, parsed (the header and the first image's properties read), with the
   limits set; NULL with *message on failure. */
static avifDecoder *avif_open(const uint8_t *data, size_t length, uint32_t max_pixels, const char **message) {
    if (!folio_avif_available()) {
        *message = "libavif (libavif15) is not installed";
        return NULL;
    }
    avifDecoder *decoder = avif_decoder_create();
    if (!decoder) {
        *message = "libavif could not create a decoder";
        return NULL;
    }
    decoder->maxThreads = 1;
    decoder->ignoreExif = AVIF_TRUE;
    decoder->ignoreXMP = AVIF_TRUE;
    decoder->imageSizeLimit = max_pixels;
    decoder->imageCountLimit = 1;  /* an image sequence: its first frame only */
    avifResult result = avif_decoder_set_io_memory(decoder, data, length);
    if (result == AVIF_RESULT_OK) result = avif_decoder_parse(decoder);
    if (result != AVIF_RESULT_OK) {
        *message = avif_result_string(result);
        avif_decoder_destroy(decoder);
        return NULL;
    }
    return decoder;
}

const char *folio_avif_probe(const uint8_t *data, size_t length, uint32_t *width, uint32_t *height) {
    const char *message = NULL;
    avifDecoder *decoder = avif_open(data, length, AVIF_DEFAULT_IMAGE_SIZE_LIMIT, &message);
    if (!decoder) return message;
    *width = decoder->image->width;
    *height = decoder->image->height;
    avif_decoder_destroy(decoder);
    return NULL;
}

const char *folio_avif_decode(const uint8_t *data, size_t length, uint32_t width, uint32_t height, uint32_t max_pixels,
                              uint8_t *pixels, size_t stride, size_t size) {
    if (stride / 4 < width || (height > 0 && size / stride < height)) return "the pixel buffer is too small";
    const char *message = NULL;
    avifDecoder *decoder = avif_open(data, length, max_pixels, &message);
    if (!decoder) return message;
    avifResult result = avif_decoder_next_image(decoder);
    if (result != AVIF_RESULT_OK) {
        message = avif_result_string(result);
    } else if (decoder->image->width != width || decoder->image->height != height) {
        message = "the decoded image's size differs from its header";
    } else {
        avifRGBImage rgb;
        memset(&rgb, 0, sizeof rgb);
        avif_rgb_defaults(&rgb, decoder->image);
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        rgb.format = AVIF_RGB_FORMAT_BGRA; /* ARGB32 words, little-endian */
#else
        rgb.format = AVIF_RGB_FORMAT_ARGB;
#endif
        rgb.depth = 8;
        rgb.alphaPremultiplied = AVIF_TRUE;
        rgb.pixels = pixels;
        rgb.rowBytes = (uint32_t)stride;
        result = avif_yuv_to_rgb(decoder->image, &rgb);
        if (result != AVIF_RESULT_OK) message = avif_result_string(result);
    }
    avif_decoder_destroy(decoder);
    return message;
}

/* ---- JPEG XL ---- */

static void *jxl_library;
static pthread_once_t jxl_once = PTHREAD_ONCE_INIT;
static JxlDecoder *(*jxl_create)(const JxlMemoryManager *);
static void (*jxl_destroy)(JxlDecoder *);
static JxlDecoderStatus (*jxl_subscribe)(JxlDecoder *, int);
static JxlDecoderStatus (*jxl_set_input)(JxlDecoder *, const uint8_t *, size_t);
static void (*jxl_close_input)(JxlDecoder *);
static JxlDecoderStatus (*jxl_process)(JxlDecoder *);
static JxlDecoderStatus (*jxl_basic_info)(const JxlDecoder *, JxlBasicInfo *);
static JxlDecoderStatus (*jxl_out_buffer_size)(const JxlDecoder *, const JxlPixelFormat *, size_t *);
static JxlDecoderStatus (*jxl_set_out_buffer)(JxlDecoder *, const JxlPixelFormat *, void *, size_t);

static void jxl_load(void) {
    jxl_library = dlopen("libjxl.so.0.7", RTLD_NOW | RTLD_LOCAL);
    if (!jxl_library) return;
    jxl_create = dlsym(jxl_library, "JxlDecoderCreate");
    jxl_destroy = dlsym(jxl_library, "JxlDecoderDestroy");
    jxl_subscribe = dlsym(jxl_library, "JxlDecoderSubscribeEvents");
    jxl_set_input = dlsym(jxl_library, "JxlDecoderSetInput");
    jxl_close_input = dlsym(jxl_library, "JxlDecoderCloseInput");
    jxl_process = dlsym(jxl_library, "JxlDecoderProcessInput");
    jxl_basic_info = dlsym(jxl_library, "JxlDecoderGetBasicInfo");
    jxl_out_buffer_size = dlsym(jxl_library, "JxlDecoderImageOutBufferSize");
    jxl_set_out_buffer = dlsym(jxl_library, "JxlDecoderSetImageOutBuffer");
    if (!jxl_create || !jxl_destroy || !jxl_subscribe || !jxl_set_input || !jxl_close_input || !jxl_process
        || !jxl_basic_info || !jxl_out_buffer_size || !jxl_set_out_buffer) {
        dlclose(jxl_library);
        jxl_library = NULL;
    }
}

int folio_jxl_available(void) {
    pthread_once(&jxl_once, jxl_load);
    return jxl_library != NULL;
}

/* Runs a decoder over `data`: the basic information always; with `pixels`, the first frame as
   8-bit RGBA into them (straight alpha, width × 4 bytes a row), after checking the size. */
static const char *jxl_run(const uint8_t *data, size_t length, JxlBasicInfo *info, uint32_t max_pixels,
                           uint8_t *pixels, size_t size) {
    if (!folio_jxl_available()) return "libjxl (libjxl0.7) is not installed";
    JxlDecoder *decoder = jxl_create(NULL);
    if (!decoder) return "libjxl could not create a decoder";
    const char *message = NULL;
    int events = JXL_DEC_BASIC_INFO | (pixels ? JXL_DEC_FULL_IMAGE : 0);
    JxlPixelFormat format = {4, JXL_TYPE_UINT8, JXL_NATIVE_ENDIAN, 0};
    int have_info = 0;
    if (jxl_subscribe(decoder, events) != JXL_DEC_SUCCESS || jxl_set_input(decoder, data, length) != JXL_DEC_SUCCESS) {
        message = "libjxl refused the input";
    } else {
        jxl_close_input(decoder);
        for (;;) {
            JxlDecoderStatus status = jxl_process(decoder);
            if (status == JXL_DEC_BASIC_INFO) {
                if (jxl_basic_info(decoder, info) != JXL_DEC_SUCCESS) { message = "JPEG XL header is unreadable"; break; }
                have_info = 1;
                if (!pixels) break;
                if (info->xsize == 0 || info->ysize == 0 || (uint64_t)info->xsize * info->ysize > max_pixels) {
                    message = "JPEG XL image is larger than allowed"; break;
                }
            } else if (status == JXL_DEC_NEED_IMAGE_OUT_BUFFER) {
                size_t needed = 0;
                if (jxl_out_buffer_size(decoder, &format, &needed) != JXL_DEC_SUCCESS || needed > size
                    || needed != (size_t)info->xsize * info->ysize * 4) {
                    message = "JPEG XL image does not fit the pixel buffer"; break;
                }
                if (jxl_set_out_buffer(decoder, &format, pixels, needed) != JXL_DEC_SUCCESS) {
                    message = "libjxl refused the pixel buffer"; break;
                }
            } else if (status == JXL_DEC_FULL_IMAGE || status == JXL_DEC_SUCCESS) {
                break;  /* the first frame is what a page shows */
            } else if (status == JXL_DEC_NEED_MORE_INPUT) {
                message = "JPEG XL data is truncated"; break;
            } else {
                message = "JPEG XL bitstream error"; break;
            }
        }
    }
    if (!message && !have_info) message = "JPEG XL header is unreadable";
    jxl_destroy(decoder);
    return message;
}

const char *folio_jxl_probe(const uint8_t *data, size_t length, uint32_t *width, uint32_t *height) {
    JxlBasicInfo info;
    memset(&info, 0, sizeof info);
    const char *message = jxl_run(data, length, &info, 0, NULL, 0);
    if (message) return message;
    /* The size as displayed: orientations 5 to 8 turn the image a quarter. */
    int turned = info.orientation >= JXL_ORIENT_TRANSPOSE;
    *width = turned ? info.ysize : info.xsize;
    *height = turned ? info.xsize : info.ysize;
    return NULL;
}

const char *folio_jxl_decode(const uint8_t *data, size_t length, uint32_t width, uint32_t height, uint32_t max_pixels,
                             uint8_t *pixels, size_t stride, size_t size) {
    if (stride / 4 < width || (height > 0 && size / stride < height) || stride != (size_t)width * 4) {
        return "the pixel buffer does not match the image";
    }
    JxlBasicInfo info;
    memset(&info, 0, sizeof info);
    const char *message = jxl_run(data, length, &info, max_pixels, pixels, size);
    if (message) return message;
    if (info.xsize != width || info.ysize != height) {
        /* Decoded with its orientation applied, so the displayed size is what came out. */
        int turned = info.orientation >= JXL_ORIENT_TRANSPOSE;
        if (!(turned && info.xsize == height && info.ysize == width)) return "the decoded image's size differs from its header";
    }
    /* Straight RGBA bytes to premultiplied native-endian ARGB words, in place. */
    for (size_t k = 0; k < (size_t)width * height; k++) {
        uint8_t *p = pixels + 4 * k;
        uint32_t r = p[0], g = p[1], b = p[2], a = p[3];
        r = (r * a + 127) / 255;
        g = (g * a + 127) / 255;
        b = (b * a + 127) / 255;
        uint32_t word = a << 24 | r << 16 | g << 8 | b;
        memcpy(p, &word, 4);
    }
    return NULL;
}
