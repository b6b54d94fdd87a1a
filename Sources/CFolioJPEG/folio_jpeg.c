#include "folio_jpeg.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <jerror.h>

// libjpeg-turbo's TurboJPEG refuses progressive files with more scans than this (TJFLAG_LIMITSCANS):
// each scan revisits every coefficient, so a hostile file of tiny scans would run for minutes.
enum { MAX_SCANS = 500 };

// Cairo ARGB32 is a native-endian 0xAARRGGBB word: B,G,R,A bytes on little-endian machines.
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define FOLIO_JCS_ARGB32 JCS_EXT_ARGB
#else
#define FOLIO_JCS_ARGB32 JCS_EXT_BGRA
#endif

struct folio_jpeg {
    struct jpeg_decompress_struct cinfo;
    struct jpeg_error_mgr error;
    struct jpeg_progress_mgr progress;
    jmp_buf jump;
    folio_jpeg_status status;
    int truncated;
    char message[JMSG_LENGTH_MAX];
};

static void fail(struct folio_jpeg *jpeg, folio_jpeg_status status, const char *message) {
    jpeg->status = status;
    snprintf(jpeg->message, sizeof jpeg->message, "%s", message);
    longjmp(jpeg->jump, 1);
}

static void on_error_exit(j_common_ptr cinfo) {
    struct folio_jpeg *jpeg = (struct folio_jpeg *)cinfo->client_data;
    char message[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, message);
    switch (cinfo->err->msg_code) {
    case JERR_OUT_OF_MEMORY:
    case JERR_NO_BACKING_STORE:  // the image needs more than max_memory_to_use
        fail(jpeg, FOLIO_JPEG_NO_MEMORY, message);
        break;
    case JERR_CONVERSION_NOTIMPL:
    case JERR_BAD_J_COLORSPACE:
        fail(jpeg, FOLIO_JPEG_UNSUPPORTED, message);
        break;
    default:
        fail(jpeg, FOLIO_JPEG_CORRUPT, message);
    }
}

// Libraries never print: warnings are counted, and only running out of data matters to us.
static void on_output_message(j_common_ptr cinfo) { (void)cinfo; }

static void on_emit_message(j_common_ptr cinfo, int level) {
    if (level >= 0) return;  // trace messages
    struct folio_jpeg *jpeg = (struct folio_jpeg *)cinfo->client_data;
    if (cinfo->err->msg_code == JWRN_JPEG_EOF) jpeg->truncated = 1;
    cinfo->err->num_warnings++;
}

static void on_progress(j_common_ptr cinfo) {
    if (!cinfo->is_decompressor) return;
    j_decompress_ptr decompressor = (j_decompress_ptr)cinfo;
    if (decompressor->input_scan_number > MAX_SCANS)
        fail((struct folio_jpeg *)cinfo->client_data, FOLIO_JPEG_CORRUPT, "progressive JPEG has too many scans");
}

folio_jpeg *folio_jpeg_open(const uint8_t *data, size_t size, size_t max_memory) {
    struct folio_jpeg *jpeg = calloc(1, sizeof *jpeg);
    if (jpeg == NULL) return NULL;
    jpeg->cinfo.err = jpeg_std_error(&jpeg->error);
    jpeg->error.error_exit = on_error_exit;
    jpeg->error.output_message = on_output_message;
    jpeg->error.emit_message = on_emit_message;
    jpeg->cinfo.client_data = jpeg;  // kept by jpeg_create_decompress
    if (setjmp(jpeg->jump)) return jpeg;  // status and message set by fail()

    jpeg_create_decompress(&jpeg->cinfo);
    jpeg->cinfo.mem->max_memory_to_use = (long)(max_memory > (size_t)0x7fffffff ? 0x7fffffff : max_memory);
    jpeg->progress.progress_monitor = on_progress;
    jpeg->cinfo.progress = &jpeg->progress;
    jpeg_mem_src(&jpeg->cinfo, data, (unsigned long)size);
    jpeg_save_markers(&jpeg->cinfo, JPEG_APP0 + 1, 0xFFFF);
    jpeg_read_header(&jpeg->cinfo, TRUE);
    if (jpeg->truncated) fail(jpeg, FOLIO_JPEG_CORRUPT, "JPEG data ends inside the header");
    return jpeg;
}

folio_jpeg_status folio_jpeg_get_status(const folio_jpeg *jpeg) { return jpeg->status; }
const char *folio_jpeg_get_message(const folio_jpeg *jpeg) { return jpeg->message; }
int folio_jpeg_get_width(const folio_jpeg *jpeg) { return jpeg->status == FOLIO_JPEG_OK ? (int)jpeg->cinfo.image_width : 0; }
int folio_jpeg_get_height(const folio_jpeg *jpeg) { return jpeg->status == FOLIO_JPEG_OK ? (int)jpeg->cinfo.image_height : 0; }

const uint8_t *folio_jpeg_get_exif(const folio_jpeg *jpeg, size_t *size) {
    *size = 0;
    if (jpeg->status != FOLIO_JPEG_OK) return NULL;
    for (jpeg_saved_marker_ptr marker = jpeg->cinfo.marker_list; marker != NULL; marker = marker->next) {
        if (marker->marker == JPEG_APP0 + 1 && marker->data_length >= 6 && memcmp(marker->data, "Exif\0\0", 6) == 0) {
            *size = marker->data_length;
            return marker->data;
        }
    }
    return NULL;
}

// CMYK JPEGs come almost only from Adobe software, which stores the inks inverted (255 = no ink)
// and says so with its APP14 marker; browsers read them the same way.
static void cmyk_to_argb32(const uint8_t *cmyk, uint8_t *out, JDIMENSION width, int inverted) {
    for (JDIMENSION x = 0; x < width; x++) {
        unsigned c = cmyk[4 * x], m = cmyk[4 * x + 1], y = cmyk[4 * x + 2], k = cmyk[4 * x + 3];
        if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
        uint32_t r = (c * k + 127) / 255, g = (m * k + 127) / 255, b = (y * k + 127) / 255;
        uint32_t word = 0xFF000000u | r << 16 | g << 8 | b;
        memcpy(out + 4 * (size_t)x, &word, 4);
    }
}

folio_jpeg_status folio_jpeg_decode(folio_jpeg *jpeg, uint8_t *pixels, size_t stride) {
    if (jpeg->status != FOLIO_JPEG_OK) return jpeg->status;
    j_decompress_ptr cinfo = &jpeg->cinfo;
    uint8_t *volatile row = NULL;  // volatile: freed after a longjmp
    if (setjmp(jpeg->jump)) {
        free(row);
        return jpeg->status;
    }
    int cmyk = cinfo->jpeg_color_space == JCS_CMYK || cinfo->jpeg_color_space == JCS_YCCK;
    cinfo->out_color_space = cmyk ? JCS_CMYK : FOLIO_JCS_ARGB32;
    cinfo->scale_num = cinfo->scale_denom = 1;
    jpeg_start_decompress(cinfo);
    if (cinfo->output_width != cinfo->image_width || cinfo->output_height != cinfo->image_height
        || stride < 4 * (size_t)cinfo->output_width)
        fail(jpeg, FOLIO_JPEG_CORRUPT, "output size differs from the header");
    if (cmyk && (row = malloc(4 * (size_t)cinfo->output_width)) == NULL)
        fail(jpeg, FOLIO_JPEG_NO_MEMORY, "out of memory");
    while (cinfo->output_scanline < cinfo->output_height) {
        uint8_t *line = pixels + (size_t)cinfo->output_scanline * stride;
        JSAMPROW target = cmyk ? row : line;
        if (jpeg_read_scanlines(cinfo, &target, 1) != 1) fail(jpeg, FOLIO_JPEG_CORRUPT, "JPEG decoder stalled");
        if (cmyk) cmyk_to_argb32(row, line, cinfo->output_width, cinfo->saw_Adobe_marker);
        if (jpeg->truncated) fail(jpeg, FOLIO_JPEG_CORRUPT, "JPEG data ends before the last row");
    }
    free(row);
    row = NULL;
    // Not jpeg_finish_decompress: every row is in, and a file that lacks only its EOI marker is whole.
    jpeg_abort_decompress(cinfo);
    return FOLIO_JPEG_OK;
}

void folio_jpeg_close(folio_jpeg *jpeg) {
    if (jpeg == NULL) return;
    jpeg_destroy_decompress(&jpeg->cinfo);
    free(jpeg);
}
