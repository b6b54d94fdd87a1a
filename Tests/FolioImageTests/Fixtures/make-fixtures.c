// Writes the binary image fixtures of FolioImageTests with the encoders of the same libraries
// Folio decodes with (no PIL or ImageMagick on the build machine). The SVG fixtures are text, kept
// by hand. Rebuild them from this folder with:
//
//   cc -std=c11 -O0 make-fixtures.c -ljpeg -lpng16 -lgif -lwebp -lwebpmux -lz -o /tmp/make-fixtures && /tmp/make-fixtures
//
// Colours: red = 0xFF0000, blue = 0x0000FF, green = 0x00FF00.

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gif_lib.h>
#include <jpeglib.h>
#include <png.h>
#include <webp/encode.h>
#include <webp/mux.h>
#include <zlib.h>

static void die(const char *what) {
    fprintf(stderr, "make-fixtures: %s\n", what);
    exit(1);
}

static void write_file(const char *path, const uint8_t *data, size_t size) {
    FILE *file = fopen(path, "wb");
    if (file == NULL || fwrite(data, 1, size, file) != size || fclose(file) != 0) die(path);
}

static uint8_t *read_file(const char *path, size_t *size) {
    FILE *file = fopen(path, "rb");
    if (file == NULL) die(path);
    fseek(file, 0, SEEK_END);
    *size = (size_t)ftell(file);
    fseek(file, 0, SEEK_SET);
    uint8_t *data = malloc(*size);
    if (fread(data, 1, *size, file) != *size) die(path);
    fclose(file);
    return data;
}

// 16 x 8 RGB: the left half red, the right half blue.
static uint8_t halves[16 * 8 * 3];
static void make_halves(void) {
    for (int y = 0; y < 8; y++)
        for (int x = 0; x < 16; x++) {
            uint8_t *p = halves + 3 * (y * 16 + x);
            p[0] = x < 8 ? 255 : 0;
            p[1] = 0;
            p[2] = x < 8 ? 0 : 255;
        }
}

// ---- JPEG ---------------------------------------------------------------------------------------

static void write_exif_orientation(j_compress_ptr cinfo, int orientation, int big_endian) {
    uint8_t big[] = {'E', 'x', 'i', 'f', 0, 0, 'M', 'M', 0, 42, 0, 0, 0, 8, 0, 1,
                     0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, (uint8_t)orientation, 0, 0, 0, 0, 0, 0};
    uint8_t little[] = {'E', 'x', 'i', 'f', 0, 0, 'I', 'I', 42, 0, 8, 0, 0, 0, 1, 0,
                        0x12, 0x01, 3, 0, 1, 0, 0, 0, (uint8_t)orientation, 0, 0, 0, 0, 0, 0, 0};
    jpeg_write_marker(cinfo, JPEG_APP0 + 1, big_endian ? big : little, sizeof big);
}

// orientation 0: no EXIF.
static void write_jpeg(const char *path, const uint8_t *pixels, int width, int height, J_COLOR_SPACE space,
                       int components, int orientation, int big_endian, int progressive) {
    struct jpeg_compress_struct cinfo;
    struct jpeg_error_mgr error;
    cinfo.err = jpeg_std_error(&error);
    jpeg_create_compress(&cinfo);
    unsigned char *out = NULL;
    unsigned long size = 0;
    jpeg_mem_dest(&cinfo, &out, &size);
    cinfo.image_width = (JDIMENSION)width;
    cinfo.image_height = (JDIMENSION)height;
    cinfo.input_components = components;
    cinfo.in_color_space = space;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, 100, TRUE);
    if (progressive) jpeg_simple_progression(&cinfo);
    jpeg_start_compress(&cinfo, TRUE);
    if (orientation) write_exif_orientation(&cinfo, orientation, big_endian);
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)cinfo.next_scanline * (size_t)(width * components));
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    write_file(path, out, size);
    free(out);
}

// A copy of `source` whose SOF0 marker claims width x height.
static void write_jpeg_claiming(const char *source, const char *path, int width, int height) {
    size_t size;
    uint8_t *data = read_file(source, &size);
    for (size_t i = 0; i + 9 < size; i++)
        if (data[i] == 0xFF && data[i + 1] == 0xC0) {
            data[i + 5] = (uint8_t)(height >> 8);
            data[i + 6] = (uint8_t)height;
            data[i + 7] = (uint8_t)(width >> 8);
            data[i + 8] = (uint8_t)width;
            write_file(path, data, size);
            free(data);
            return;
        }
    die("no SOF0");
}

// A valid 8 x 8 grey progressive JPEG of 694 scans: each AC coefficient sent alone, one bit at a
// time (a first scan at Al 10, then ten refinements). Decoders that visit every coefficient per
// scan slow down with the scan count, so libjpeg-turbo's TurboJPEG caps it at 500.
static void write_many_scans(const char *path) {
    static jpeg_scan_info scans[1 + 63 * 11];
    int n = 0;
    scans[n++] = (jpeg_scan_info){.comps_in_scan = 1, .component_index = {0}, .Ss = 0, .Se = 0, .Ah = 0, .Al = 0};
    for (int k = 1; k < 64; k++) {
        scans[n++] = (jpeg_scan_info){.comps_in_scan = 1, .component_index = {0}, .Ss = k, .Se = k, .Ah = 0, .Al = 10};
        for (int al = 9; al >= 0; al--)
            scans[n++] = (jpeg_scan_info){.comps_in_scan = 1, .component_index = {0}, .Ss = k, .Se = k, .Ah = al + 1, .Al = al};
    }
    uint8_t gray[8 * 8];
    for (int i = 0; i < 64; i++) gray[i] = (uint8_t)(i * 4);
    struct jpeg_compress_struct cinfo;
    struct jpeg_error_mgr error;
    cinfo.err = jpeg_std_error(&error);
    jpeg_create_compress(&cinfo);
    unsigned char *out = NULL;
    unsigned long size = 0;
    jpeg_mem_dest(&cinfo, &out, &size);
    cinfo.image_width = 8;
    cinfo.image_height = 8;
    cinfo.input_components = 1;
    cinfo.in_color_space = JCS_GRAYSCALE;
    jpeg_set_defaults(&cinfo);
    cinfo.scan_info = scans;
    cinfo.num_scans = n;
    jpeg_start_compress(&cinfo, TRUE);
    for (int y = 0; y < 8; y++) {
        JSAMPROW row = gray + 8 * y;
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    write_file(path, out, size);
    free(out);
}

static void make_jpegs(void) {
    write_jpeg("red-blue-16x8.jpg", halves, 16, 8, JCS_RGB, 3, 0, 0, 0);
    write_jpeg("progressive-red-blue-16x8.jpg", halves, 16, 8, JCS_RGB, 3, 0, 0, 1);
    write_jpeg("exif-orientation-6.jpg", halves, 16, 8, JCS_RGB, 3, 6, 1, 0);
    write_jpeg("exif-orientation-8.jpg", halves, 16, 8, JCS_RGB, 3, 8, 0, 0);
    write_jpeg("exif-orientation-3.jpg", halves, 16, 8, JCS_RGB, 3, 3, 1, 0);

    uint8_t gray[8 * 8];
    memset(gray, 128, sizeof gray);
    write_jpeg("grayscale.jpg", gray, 8, 8, JCS_GRAYSCALE, 1, 0, 0, 0);

    // Adobe stores inks inverted: red (C 0, M 255, Y 255, K 0) is written 255, 0, 0, 255.
    uint8_t cmyk[8 * 8 * 4];
    for (int i = 0; i < 8 * 8; i++) {
        cmyk[4 * i] = 255;
        cmyk[4 * i + 1] = 0;
        cmyk[4 * i + 2] = 0;
        cmyk[4 * i + 3] = 255;
    }
    write_jpeg("cmyk-adobe-red.jpg", cmyk, 8, 8, JCS_CMYK, 4, 0, 0, 0);

    write_many_scans("many-scans.jpg");
    write_jpeg_claiming("red-blue-16x8.jpg", "claims-65000x65000.jpg", 65000, 65000);
    write_jpeg_claiming("red-blue-16x8.jpg", "zero-height.jpg", 16, 0);
}

// ---- PNG ----------------------------------------------------------------------------------------

// 4 x 3 RGBA; row 0: red, green at alpha 128, transparent blue, white. Rows 1-2: blue.
static uint8_t rgba[4 * 3 * 4];
static void make_rgba(void) {
    const uint8_t row0[16] = {255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0, 255, 255, 255, 255};
    memcpy(rgba, row0, 16);
    for (int i = 4; i < 12; i++) {
        uint8_t *p = rgba + 4 * i;
        p[0] = 0, p[1] = 0, p[2] = 255, p[3] = 255;
    }
}

static void write_png_rgba(const char *path) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = 4;
    image.height = 3;
    image.format = PNG_FORMAT_RGBA;
    if (!png_image_write_to_file(&image, path, 0, rgba, 0, NULL)) die(image.message);
}

static void write_png_palette(const char *path) {
    // 2 x 1, palette red and blue, blue fully transparent through tRNS.
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = 2;
    image.height = 1;
    image.format = PNG_FORMAT_RGBA_COLORMAP;
    image.colormap_entries = 2;
    const uint8_t colormap[8] = {255, 0, 0, 255, 0, 0, 255, 0};
    const uint8_t indices[2] = {0, 1};
    if (!png_image_write_to_file(&image, path, 0, indices, 0, colormap)) die(image.message);
}

static void put32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24), p[1] = (uint8_t)(v >> 16), p[2] = (uint8_t)(v >> 8), p[3] = (uint8_t)v;
}

// A signature, an IHDR claiming width x height (8-bit RGBA), a tiny IDAT and IEND, with valid CRCs.
static void write_png_claiming(const char *path, uint32_t width, uint32_t height) {
    uint8_t data[8 + 25 + 12 + 10 + 12];
    const uint8_t signature[8] = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
    memcpy(data, signature, 8);
    uint8_t *ihdr = data + 8;
    put32(ihdr, 13);
    memcpy(ihdr + 4, "IHDR", 4);
    put32(ihdr + 8, width);
    put32(ihdr + 12, height);
    ihdr[16] = 8, ihdr[17] = 6, ihdr[18] = 0, ihdr[19] = 0, ihdr[20] = 0;
    put32(ihdr + 21, (uint32_t)crc32(0, ihdr + 4, 17));
    uint8_t *idat = ihdr + 25;
    put32(idat, 10);
    memcpy(idat + 4, "IDAT", 4);
    const uint8_t deflate[10] = {0x78, 0x9C, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00};  // a lone zero byte
    memcpy(idat + 8, deflate, 10);
    put32(idat + 18, (uint32_t)crc32(0, idat + 4, 14));
    uint8_t *iend = idat + 22;
    put32(iend, 0);
    memcpy(iend + 4, "IEND", 4);
    put32(iend + 8, (uint32_t)crc32(0, iend + 4, 4));
    write_file(path, data, sizeof data);
}

// rgba-4x3.png with a tEXt chunk after IHDR whose length field claims 1.5 GB (8 bytes follow).
static void write_png_lying_chunk(const char *source, const char *path) {
    size_t size;
    uint8_t *data = read_file(source, &size);
    uint8_t chunk[8 + 8] = {0x5C, 0x00, 0x00, 0x19, 't', 'E', 'X', 't', 'T', 'i', 't', 'l', 'e', 0, 'x', 'y'};
    uint8_t *out = malloc(size + sizeof chunk);
    memcpy(out, data, 33);  // signature and IHDR
    memcpy(out + 33, chunk, sizeof chunk);
    memcpy(out + 33 + sizeof chunk, data + 33, size - 33);
    write_file(path, out, size + sizeof chunk);
    free(out);
    free(data);
}

static void make_pngs(void) {
    write_png_rgba("rgba-4x3.png");
    write_png_palette("palette-transparent.png");
    write_png_claiming("claims-100000x100000.png", 100000, 100000);
    write_png_claiming("zero-width.png", 0, 4);
    write_png_lying_chunk("rgba-4x3.png", "chunk-claims-1.5-gb.png");
}

// ---- GIF ----------------------------------------------------------------------------------------

static GifFileType *gif_open(const char *path, int width, int height) {
    int error = 0;
    GifFileType *gif = EGifOpenFileName(path, false, &error);
    if (gif == NULL) die(GifErrorString(error));
    EGifSetGifVersion(gif, true);
    // Palette: 0 red, 1 blue, 2 green, 3 black.
    GifColorType colors[4] = {{255, 0, 0}, {0, 0, 255}, {0, 255, 0}, {0, 0, 0}};
    ColorMapObject *map = GifMakeMapObject(4, colors);
    if (EGifPutScreenDesc(gif, width, height, 8, 0, map) != GIF_OK) die(path);
    GifFreeMapObject(map);
    return gif;
}

static void gif_transparent(GifFileType *gif, int index) {
    GraphicsControlBlock control = {.DisposalMode = DISPOSAL_UNSPECIFIED, .UserInputFlag = false,
                                    .DelayTime = 10, .TransparentColor = index};
    GifByteType extension[4];
    size_t length = EGifGCBToExtension(&control, extension);
    EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, (int)length, extension);
}

static void gif_frame(GifFileType *gif, int left, int top, int width, int height, bool interlaced, const GifByteType *rows) {
    if (EGifPutImageDesc(gif, left, top, width, height, interlaced, NULL) != GIF_OK) die("image descriptor");
    for (int y = 0; y < height; y++)
        if (EGifPutLine(gif, (GifPixelType *)rows + y * width, width) != GIF_OK) die("line");
}

static void gif_close(GifFileType *gif) {
    int error = 0;
    if (EGifCloseFile(gif, &error) != GIF_OK) die(GifErrorString(error));
}

static void make_gifs(void) {
    // Frame 1: red, red, red, transparent / blue x 4. Frame 2: all green (must not show).
    GifFileType *gif = gif_open("two-frames.gif", 4, 2);
    gif_transparent(gif, 3);
    const GifByteType first[8] = {0, 0, 0, 3, 1, 1, 1, 1};
    gif_frame(gif, 0, 0, 4, 2, false, first);
    gif_transparent(gif, -1);
    const GifByteType second[8] = {2, 2, 2, 2, 2, 2, 2, 2};
    gif_frame(gif, 0, 0, 4, 2, false, second);
    gif_close(gif);

    // 2 x 10, row y has colour y % 3 (red, blue, green); rows sent in interlace order.
    gif = gif_open("interlaced.gif", 2, 10);
    GifByteType sent[20];
    int order[10], n = 0;
    const int starts[4] = {0, 4, 2, 1}, steps[4] = {8, 8, 4, 2};
    for (int pass = 0; pass < 4; pass++)
        for (int y = starts[pass]; y < 10; y += steps[pass]) order[n++] = y;
    for (int i = 0; i < 10; i++) sent[2 * i] = sent[2 * i + 1] = (GifByteType)(order[i] % 3);
    gif_frame(gif, 0, 0, 2, 10, true, sent);
    gif_close(gif);

    // A 2 x 2 red frame at (2, 2) on a 6 x 6 screen.
    gif = gif_open("frame-offset.gif", 6, 6);
    const GifByteType red[4] = {0, 0, 0, 0};
    gif_frame(gif, 2, 2, 2, 2, false, red);
    gif_close(gif);

    // A 3 x 2 blue frame on a 0 x 0 screen.
    gif = gif_open("frame-larger-than-screen.gif", 0, 0);
    const GifByteType blue[6] = {1, 1, 1, 1, 1, 1};
    gif_frame(gif, 0, 0, 3, 2, false, blue);
    gif_close(gif);

    // Screen and frame claim 65535 x 65535; no pixel data follows.
    const uint8_t claims[] = {'G', 'I', 'F', '8', '9', 'a', 0xFF, 0xFF, 0xFF, 0xFF, 0x80, 0, 0,
                              255, 0, 0, 0, 0, 255,
                              0x2C, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0, 2, 0, 0x3B};
    write_file("claims-65535x65535.gif", claims, sizeof claims);
}

// ---- WebP ---------------------------------------------------------------------------------------

static void write_webp_lossless(const char *path, const uint8_t *pixels, int width, int height) {
    WebPConfig config;
    WebPPicture picture;
    WebPMemoryWriter writer;
    if (!WebPConfigInit(&config) || !WebPPictureInit(&picture)) die("webp init");
    config.lossless = 1;
    config.exact = 1;  // keep the colour under alpha 128 exactly
    picture.use_argb = 1;
    picture.width = width;
    picture.height = height;
    WebPMemoryWriterInit(&writer);
    picture.writer = WebPMemoryWrite;
    picture.custom_ptr = &writer;
    if (!WebPPictureImportRGBA(&picture, pixels, width * 4) || !WebPEncode(&config, &picture)) die(path);
    write_file(path, writer.mem, writer.size);
    WebPPictureFree(&picture);
    WebPMemoryWriterClear(&writer);
}

static void add_solid_frame(WebPAnimEncoder *encoder, int width, int height, uint8_t r, uint8_t g, uint8_t b, int timestamp) {
    WebPConfig config;
    WebPPicture picture;
    WebPConfigInit(&config);
    config.lossless = 1;
    WebPPictureInit(&picture);
    picture.use_argb = 1;
    picture.width = width;
    picture.height = height;
    uint8_t pixels[4 * 4 * 4];
    for (int i = 0; i < width * height; i++) pixels[4 * i] = r, pixels[4 * i + 1] = g, pixels[4 * i + 2] = b, pixels[4 * i + 3] = 255;
    WebPPictureImportRGBA(&picture, pixels, width * 4);
    if (!WebPAnimEncoderAdd(encoder, &picture, timestamp, &config)) die("animation frame");
    WebPPictureFree(&picture);
}

static void make_webps(void) {
    write_webp_lossless("lossless-rgba-4x3.webp", rgba, 4, 3);

    uint8_t *lossy = NULL;
    size_t size = WebPEncodeRGB(halves, 16, 8, 16 * 3, 100, &lossy);
    if (size == 0) die("lossy webp");
    write_file("lossy-red-blue-16x8.webp", lossy, size);
    WebPFree(lossy);

    // 4 x 4: a red frame, then a blue one.
    WebPAnimEncoderOptions options;
    WebPAnimEncoderOptionsInit(&options);
    options.allow_mixed = 0;
    WebPAnimEncoder *encoder = WebPAnimEncoderNew(4, 4, &options);
    add_solid_frame(encoder, 4, 4, 255, 0, 0, 0);
    add_solid_frame(encoder, 4, 4, 0, 0, 255, 100);
    WebPAnimEncoderAdd(encoder, NULL, 200, NULL);
    WebPData animation;
    WebPDataInit(&animation);
    if (!WebPAnimEncoderAssemble(encoder, &animation)) die("animation");
    write_file("animated-red-then-blue.webp", animation.bytes, animation.size);
    WebPDataClear(&animation);
    WebPAnimEncoderDelete(encoder);

    // A 1 x 1 lossless file whose VP8L header then claims 16383 x 16383 (the format's maximum).
    const uint8_t one[4] = {255, 0, 0, 255};
    write_webp_lossless("claims-16383x16383.webp", one, 1, 1);
    uint8_t *data = read_file("claims-16383x16383.webp", &size);
    if (size < 25 || memcmp(data + 12, "VP8L", 4) != 0 || data[20] != 0x2F) die("not a simple VP8L file");
    uint32_t bits = (uint32_t)data[21] | (uint32_t)data[22] << 8 | (uint32_t)data[23] << 16 | (uint32_t)data[24] << 24;
    bits = (bits & 0xF0000000u) | 16382u | 16382u << 14;
    for (int i = 0; i < 4; i++) data[21 + i] = (uint8_t)(bits >> (8 * i));
    write_file("claims-16383x16383.webp", data, size);
    free(data);
}

int main(void) {
    make_halves();
    make_rgba();
    make_jpegs();
    make_pngs();
    make_gifs();
    make_webps();
    return 0;
}
