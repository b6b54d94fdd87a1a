import CGIF

/// GIF through giflib, reading from memory with `DGifOpen` and a read callback; first frame only.
///
/// https://www.w3.org/Graphics/GIF/spec-gif89a.txt
enum GIFCodec {
    /// The canvas: the logical screen, grown to the first frame when that frame is larger (as
    /// browsers do, since some encoders write a 0 × 0 screen).
    static func probe(_ bytes: [UInt8]) -> (width: Double, height: Double)? {
        try? withFirstFrame(bytes) { _, frame throws(ImageError) in
            guard frame.canvasWidth > 0, frame.canvasHeight > 0 else { throw .corrupt("GIF has no pixels") }
            return (Double(frame.canvasWidth), Double(frame.canvasHeight))
        }
    }

    static func decode(_ bytes: [UInt8], maxPixels: Int) throws(ImageError) -> Bitmap {
        try withFirstFrame(bytes) { gif, frame throws(ImageError) in
            try Bitmap.checkSize(width: frame.canvasWidth, height: frame.canvasHeight, maxPixels: maxPixels)
            let palette = try palette(gif, transparentIndex: frame.transparentIndex)
            var bitmap = Bitmap(transparentWidth: frame.canvasWidth, height: frame.canvasHeight)
            var line = [GifPixelType](repeating: 0, count: frame.width)
            for row in rowOrder(height: frame.height, interlaced: frame.interlaced) {
                guard DGifGetLine(gif, &line, Int32(frame.width)) == GIF_OK else { throw error(gif) }
                let y = frame.top + row
                guard y < bitmap.height else { continue }
                let stride = bitmap.stride
                let visible = max(0, min(frame.width, bitmap.width - frame.left))
                bitmap.pixels.withUnsafeMutableBytes { raw in
                    for x in 0..<visible {
                        raw.storeBytes(of: palette[Int(line[x])], toByteOffset: y * stride + 4 * (frame.left + x), as: UInt32.self)
                    }
                }
            }
            return bitmap
        }
    }

    /// Where the first image sits on the canvas, and its transparent colour index.
    struct Frame {
        var canvasWidth, canvasHeight, left, top, width, height: Int
        var interlaced: Bool
        var transparentIndex: Int
    }

    /// The order rows arrive in: interlaced images send every 8th row from 0, every 8th from 4,
    /// every 4th from 2, then every 2nd from 1 (GIF89a Appendix E).
    static func rowOrder(height: Int, interlaced: Bool) -> [Int] {
        guard interlaced else { return Array(0..<height) }
        return [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in Array(stride(from: start, to: height, by: step)) }
    }

    /// Opens the GIF over the bytes and reads records up to the first image descriptor.
    private static func withFirstFrame<R>(_ bytes: [UInt8],
                                          _ body: (UnsafeMutablePointer<GifFileType>, Frame) throws(ImageError) -> R) throws(ImageError) -> R {
        let result: Result<R, ImageError> = bytes.withUnsafeBufferPointer { buffer in
            var source = MemorySource(bytes: buffer, offset: 0)
            return withUnsafeMutablePointer(to: &source) { source in
                var code: Int32 = 0
                guard let gif = DGifOpen(source, readFromMemory, &code) else {
                    return .failure(.corrupt("GIF: " + describe(code)))
                }
                defer { DGifCloseFile(gif, &code) }
                do throws(ImageError) {
                    let frame = try firstFrame(gif)
                    return .success(try body(gif, frame))
                } catch {
                    return .failure(error)
                }
            }
        }
        return try result.get()
    }

    private static func firstFrame(_ gif: UnsafeMutablePointer<GifFileType>) throws(ImageError) -> Frame {
        var transparentIndex = -1
        // Every record consumes input, so the loop ends at the end of the bytes at the latest.
        while true {
            var type = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(gif, &type) == GIF_OK else { throw error(gif) }
            switch type {
            case EXTENSION_RECORD_TYPE:
                var code: Int32 = 0
                var block: UnsafeMutablePointer<GifByteType>?
                guard DGifGetExtension(gif, &code, &block) == GIF_OK else { throw error(gif) }
                if code == GRAPHICS_EXT_FUNC_CODE, let block {
                    var control = GraphicsControlBlock()
                    if DGifExtensionToGCB(Int(block[0]), block + 1, &control) == GIF_OK {
                        transparentIndex = Int(control.TransparentColor)
                    }
                }
                while block != nil {
                    guard DGifGetExtensionNext(gif, &block) == GIF_OK else { throw error(gif) }
                }
            case IMAGE_DESC_RECORD_TYPE:
                guard DGifGetImageDesc(gif) == GIF_OK else { throw error(gif) }
                let image = gif.pointee.Image
                var frame = Frame(canvasWidth: Int(gif.pointee.SWidth), canvasHeight: Int(gif.pointee.SHeight),
                                  left: Int(image.Left), top: Int(image.Top), width: Int(image.Width), height: Int(image.Height),
                                  interlaced: image.Interlace, transparentIndex: transparentIndex)
                guard frame.width > 0, frame.height > 0 else { throw .corrupt("GIF frame has no pixels") }
                if frame.width > frame.canvasWidth || frame.height > frame.canvasHeight {
                    (frame.canvasWidth, frame.canvasHeight, frame.left, frame.top) = (frame.width, frame.height, 0, 0)
                }
                return frame
            case TERMINATE_RECORD_TYPE:
                throw .corrupt("GIF has no image")
            default:
                throw .corrupt("GIF: unknown record")
            }
        }
    }

    /// The frame's colours as ARGB32 words, indexed by colour number; the transparent index is
    /// 0 (transparent black), and numbers past the colour table are opaque black, as in Firefox.
    private static func palette(_ gif: UnsafeMutablePointer<GifFileType>, transparentIndex: Int) throws(ImageError) -> [UInt32] {
        guard let map = gif.pointee.Image.ColorMap ?? gif.pointee.SColorMap, let colors = map.pointee.Colors else {
            throw .corrupt("GIF has no colour table")
        }
        var palette = [UInt32](repeating: 0xFF00_0000, count: 256)
        for index in 0..<min(256, max(0, Int(map.pointee.ColorCount))) {
            let color = colors[index]
            palette[index] = 0xFF00_0000 | UInt32(color.Red) << 16 | UInt32(color.Green) << 8 | UInt32(color.Blue)
        }
        if (0..<256).contains(transparentIndex) { palette[transparentIndex] = 0 }
        return palette
    }

    private static func error(_ gif: UnsafeMutablePointer<GifFileType>) -> ImageError {
        .corrupt("GIF: " + describe(gif.pointee.Error))
    }

    private static func describe(_ code: Int32) -> String {
        GifErrorString(code).map { String(cString: $0) } ?? "error \(code)"
    }
}

/// The bytes giflib reads, and how far it has read.
private struct MemorySource {
    var bytes: UnsafeBufferPointer<UInt8>
    var offset: Int
}

/// giflib's input callback: copies up to `length` bytes; fewer at the end (giflib then reports a read error).
private func readFromMemory(_ gif: UnsafeMutablePointer<GifFileType>?, _ buffer: UnsafeMutablePointer<GifByteType>?, _ length: Int32) -> Int32 {
    guard let gif, let buffer, length > 0,
          let source = gif.pointee.UserData?.assumingMemoryBound(to: MemorySource.self),
          let base = source.pointee.bytes.baseAddress else { return 0 }
    let count = min(Int(length), source.pointee.bytes.count - source.pointee.offset)
    guard count > 0 else { return 0 }
    buffer.update(from: base + source.pointee.offset, count: count)
    source.pointee.offset += count
    return Int32(count)
}
