import CCairo
import FolioCore
import FolioImage
import FolioLayout
import FolioPublication
import FolioStyle
import Foundation
import Testing
@testable import FolioRender
@testable import FolioText

/// Frames, renderers and pixel measures shared by the render tests.
enum RenderSupport {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = packageRoot.appendingPathComponent("Tests/FolioRenderTests/Fixtures")

    static let red = RGBA(red: 255, green: 0, blue: 0)
    static let green = RGBA(red: 0, green: 160, blue: 0)
    static let blue = RGBA(red: 0, green: 0, blue: 255)

    /// A renderer whose images are solid bitmaps of `color`, made at the size asked for.
    static func renderer(dpr: Double = 1, compression: Int = 1, images color: RGBA? = nil) -> PNGRenderer {
        PNGRenderer(dpr: dpr, compression: compression) { _, width, height in
            color.map { solidBitmap($0, width: width, height: height) }
        }
    }

    /// An opaque bitmap of one colour, in Cairo's ARGB32 (native-endian words).
    static func solidBitmap(_ color: RGBA, width: Int, height: Int) -> Bitmap {
        let word = UInt32(0xFF) << 24 | UInt32(color.red) << 16 | UInt32(color.green) << 8 | UInt32(color.blue)
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        withUnsafeBytes(of: word) { bytes in
            for _ in 0..<(width * height) { pixels.append(contentsOf: bytes) }
        }
        return Bitmap(width: width, height: height, stride: width * 4, pixels: pixels)
    }

    static func fontContext() throws -> FontContext {
        try FontContext(diagnostics: Diagnostics())
    }

    /// `text` set by the paragraph layouter in Liberation Serif at `size` px, `width` px wide.
    static func paragraph(_ text: String, size: Double = 16, width: Double = 400, fonts: FontContext,
                          _ change: (inout ComputedStyle) -> Void = { _ in }) -> ParagraphLayout {
        var style = ComputedStyle.initial
        style.font.family = [.named("Liberation Serif")]
        style.font.size = size
        style.box.display = .block
        change(&style)
        let shared = StyleInterner().intern(style)
        let input = ParagraphInput(items: [.text(text, style: shared, source: TextSource(node: 0))], blockStyle: style, language: "en")
        return ParagraphLayouter.layout(input, width: width, context: InlineContext(fonts: fonts))
    }

    /// The text items of a laid-out paragraph whose first line's top-left is at `origin`.
    static func textItems(_ layout: ParagraphLayout, at origin: Point) -> [FrameItem] {
        var items: [FrameItem] = []
        var top = origin.y
        for line in layout.lines {
            items += line.runs.map { FrameItem.text(origin: Point(x: origin.x, y: top), run: $0) }
            top += line.height
        }
        return items
    }

    /// A PNG file decoded by Cairo's own reader, as a bitmap (nil when Cairo cannot read it).
    /// The first page of a fixture book laid out for a phone, with its images and publication.
    static func firstPage(ofFixture name: String) throws -> (page: Page, images: BookImages, publication: Publication) {
        let book = try chapters(ofFixture: name)
        let page = try #require(book.chapters.flatMap { $0 }.first)
        return (page, book.images, book.publication)
    }

    /// Every chapter's pages of a fixture book laid out for a phone.
    static func chapters(ofFixture name: String) throws
        -> (chapters: [[Page]], images: BookImages, publication: Publication) {
        let publication = try PublicationOpener.open(fixtures.appendingPathComponent(name).path)
        let images = BookImages(publication)
        let layout = BookLayout(publication: publication, environment: .phone, settings: .phone, images: images)
        return (layout.readingOrder.map { layout.chapter($0).pages }, images, publication)
    }

    static func decodePNG(_ bytes: [UInt8]) -> Bitmap? {
        final class Reader {
            let bytes: [UInt8]
            var offset = 0
            init(_ bytes: [UInt8]) { self.bytes = bytes }
        }
        let reader = Reader(bytes)
        let surface = withExtendedLifetime(reader) {
            cairo_image_surface_create_from_png_stream({ closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
                let reader = Unmanaged<Reader>.fromOpaque(closure).takeUnretainedValue()
                let count = Int(length)
                guard reader.offset + count <= reader.bytes.count else { return CAIRO_STATUS_READ_ERROR }
                for k in 0..<count { data[k] = reader.bytes[reader.offset + k] }
                reader.offset += count
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(reader).toOpaque())
        }
        guard let surface else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        // An RGB file reads as RGB24, whose high byte Cairo leaves undefined: make it opaque.
        if cairo_image_surface_get_format(surface) == CAIRO_FORMAT_RGB24 {
            data.withMemoryRebound(to: UInt32.self, capacity: stride * height / 4) { words in
                for k in 0..<(stride * height / 4) { words[k] |= 0xFF00_0000 }
            }
        }
        return Bitmap(width: width, height: height, stride: stride, pixels: Array(UnsafeBufferPointer(start: data, count: stride * height)))
    }

    /// The bitmap's pixels as 32-bit words, row-major with no padding (for comparing bitmaps
    /// whose strides differ).
    static func words(_ bitmap: Bitmap) -> [UInt32] {
        var words: [UInt32] = []
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width { words.append(bitmap.argb(x: x, y: y) ?? 0) }
        }
        return words
    }

    /// How many pixels in `region` (device pixels; the whole bitmap when nil) are darker than
    /// `threshold` in their darkest channel.
    static func darkPixels(_ bitmap: Bitmap, in region: (x: Range<Int>, y: Range<Int>)? = nil, threshold: UInt8 = 128) -> Int {
        let xs = region?.x ?? 0..<bitmap.width, ys = region?.y ?? 0..<bitmap.height
        var count = 0
        for y in ys {
            for x in xs {
                guard let color = bitmap.color(x: x, y: y) else { continue }
                if min(color.red, color.green, color.blue) < threshold { count += 1 }
            }
        }
        return count
    }

    /// The chunk types of a PNG file, in order.
    static func pngChunkTypes(_ bytes: [UInt8]) -> [String] {
        var types: [String] = []
        var at = 8
        while at + 8 <= bytes.count {
            let length = bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            types.append(String(decoding: bytes[at + 4..<at + 8], as: UTF8.self))
            at += 12 + length
        }
        return types
    }

    /// The PNG colour type byte of the IHDR chunk (2: RGB, 6: RGBA).
    static func pngColorType(_ bytes: [UInt8]) -> UInt8? {
        bytes.count > 25 ? bytes[25] : nil
    }
}
