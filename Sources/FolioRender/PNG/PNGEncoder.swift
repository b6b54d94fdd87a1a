import CLibPNG
import FolioImage

/// Encodes a Cairo ARGB32 bitmap as a PNG file with libpng, at a chosen zlib level.
///
/// Not `cairo_surface_write_to_png`: it cannot choose the level, and pages are written often
/// enough for the fast levels to matter. Nothing but the image goes in the file (no `tIME`,
/// no text chunks), so the bytes depend only on the pixels and the level.
/// https://www.w3.org/TR/png-3/
public enum PNGEncoder {
    /// The PNG bytes: 8-bit greyscale when every pixel is an opaque grey (a page of black text
    /// on white: a third of the bytes for zlib, the same pixels decoded), 8-bit RGB when every
    /// pixel is opaque, else 8-bit RGBA with straight (un-premultiplied) alpha, as PNG requires.
    /// Empty for a bitmap with no pixels.
    ///
    /// libpng reports errors by `longjmp`, which Swift cannot catch (with no handler it calls
    /// `abort()`): bitmaps it would refuse — wider or taller than its 1,000,000-pixel user
    /// limits — give empty bytes here instead, so the only error left is running out of
    /// memory. One call uses its own `png_struct`: calls may run on several threads at once.
    public static func encode(_ bitmap: Bitmap, level: Int) -> [UInt8] {
        guard bitmap.width > 0, bitmap.height > 0, bitmap.width <= 1_000_000, bitmap.height <= 1_000_000,
              bitmap.stride >= bitmap.width * 4, bitmap.stride % 4 == 0,
              bitmap.pixels.count >= bitmap.stride * (bitmap.height - 1) + bitmap.width * 4 else { return [] }
        let kind = Self.kind(of: bitmap)
        let channels = kind.channels

        // Warnings are dropped (libraries never print); errors cannot be caught (see above).
        var created = png_create_write_struct(PNG_LIBPNG_VER_STRING, nil, nil, { _, _ in })
        var info = created.flatMap { png_create_info_struct($0) }
        defer { png_destroy_write_struct(&created, &info) }
        guard let png = created, info != nil else { return [] }

        let output = Output()
        let unmanaged = Unmanaged.passRetained(output)
        defer { unmanaged.release() }
        png_set_write_fn(png, unmanaged.toOpaque(), { png, data, length in
            guard let png, let data, let io = png_get_io_ptr(png) else { return }
            Unmanaged<Output>.fromOpaque(io).takeUnretainedValue().bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: length))
        }, { _ in })
        png_set_compression_level(png, Int32(min(9, max(0, level))))
        // One filter instead of libpng's adaptive choice among five per row (which took more
        // time than the drawing): UP turns the repeated rows of a page into zeros for zlib.
        png_set_filter(png, 0, level <= 3 ? PNG_FILTER_UP : 0xF8 /* PNG_ALL_FILTERS */)
        png_set_IHDR(png, info, png_uint_32(bitmap.width), png_uint_32(bitmap.height), 8,
                     kind.colorType,
                     PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT)
        png_write_info(png, info)
        var row = [UInt8](repeating: 0, count: bitmap.width * channels)
        for y in 0..<bitmap.height {
            convertRow(y, of: bitmap, into: &row, channels: channels)
            row.withUnsafeBufferPointer { png_write_row(png, $0.baseAddress) }
        }
        png_write_end(png, nil)
        return output.bytes
    }

    private final class Output {
        var bytes: [UInt8] = []
    }

    /// The smallest PNG colour type that holds the bitmap's pixels exactly.
    enum Kind {
        case grey, rgb, rgba

        var channels: Int {
            switch self {
            case .grey: 1
            case .rgb: 3
            case .rgba: 4
            }
        }

        var colorType: Int32 {
            switch self {
            case .grey: PNG_COLOR_TYPE_GRAY
            case .rgb: PNG_COLOR_TYPE_RGB
            case .rgba: PNG_COLOR_TYPE_RGB_ALPHA
            }
        }
    }

    static func kind(of bitmap: Bitmap) -> Kind {
        bitmap.pixels.withUnsafeBytes { bytes in
            var grey = true
            for y in 0..<bitmap.height {
                let row = pixels(bytes, row: y, of: bitmap)
                var alpha: UInt32 = 0xFF00_0000
                var differs: UInt32 = 0
                for x in 0..<bitmap.width {
                    let pixel = row[x]
                    alpha &= pixel
                    // Opaque grey: the same byte in red, green and blue.
                    differs |= ((pixel & 0xFF) &* 0x01_0101) ^ (pixel & 0xFF_FFFF)
                }
                if alpha != 0xFF00_0000 { return .rgba }
                if differs != 0 { grey = false }
            }
            return grey ? .grey : .rgb
        }
    }

    /// Row `y` of the bitmap as 32-bit pixels (rows start at multiples of 4 bytes in Cairo's
    /// stride; the caller has checked the bounds).
    @inline(__always)
    private static func pixels(_ bytes: UnsafeRawBufferPointer, row y: Int, of bitmap: Bitmap) -> UnsafePointer<UInt32> {
        (bytes.baseAddress! + y * bitmap.stride).assumingMemoryBound(to: UInt32.self)
    }

    /// One row as grey, R G B, or R G B A bytes, undoing Cairo's premultiplication.
    private static func convertRow(_ y: Int, of bitmap: Bitmap, into row: inout [UInt8], channels: Int) {
        bitmap.pixels.withUnsafeBytes { bytes in
            row.withUnsafeMutableBufferPointer { out in
                let source = pixels(bytes, row: y, of: bitmap)
                if channels == 1 {
                    let target = out.baseAddress!
                    for x in 0..<bitmap.width { target[x] = UInt8(truncatingIfNeeded: source[x]) }
                    return
                }
                for x in 0..<bitmap.width {
                    let pixel = source[x]
                    let alpha = pixel >> 24
                    let at = x * channels
                    if alpha == 0xFF {
                        out[at] = UInt8(truncatingIfNeeded: pixel >> 16)
                        out[at + 1] = UInt8(truncatingIfNeeded: pixel >> 8)
                        out[at + 2] = UInt8(truncatingIfNeeded: pixel)
                    } else {
                        for (k, shift) in [UInt32(16), 8, 0].enumerated() {
                            let value = (pixel >> shift) & 0xFF
                            out[at + k] = alpha == 0 ? 0 : UInt8(min(255, (value * 255 + alpha / 2) / alpha))
                        }
                    }
                    if channels == 4 { out[at + 3] = UInt8(alpha) }
                }
            }
        }
    }
}
