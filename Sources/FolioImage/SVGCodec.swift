/// SVG through librsvg, rendered with Cairo.
///
/// https://www.w3.org/TR/SVG2/
enum SVGCodec {
    static func probe(_ bytes: [UInt8]) -> (width: Double, height: Double)? {
        // librsvg only when the root does not state its size plainly.
        PlainSVGSize.read(bytes) ?? (try? SVGDocument(bytes))?.intrinsicSize
    }

    static func decode(_ bytes: [UInt8], size: (width: Int, height: Int)?, maxPixels: Int) throws(ImageError) -> Bitmap {
        let document = try SVGDocument(bytes)
        let (width, height): (Int, Int)
        if let size {
            (width, height) = size
        } else {
            let intrinsic = document.intrinsicSize
            // Rounded up, so that a fractional edge is not cut off; clamped so the conversion cannot
            // trap (the size check refuses anything that large anyway).
            (width, height) = (Int(min(intrinsic.width, 1e9).rounded(.up)), Int(min(intrinsic.height, 1e9).rounded(.up)))
        }
        try Bitmap.checkSize(width: width, height: height, maxPixels: maxPixels)
        return try document.render(width: width, height: height)
    }
}
