/// The EXIF `Orientation` tag (0x0112): how a camera's stored pixels must be turned to be upright.
///
/// EXIF 2.32 §4.6.4 A, tag 274 (https://www.cipa.jp/std/documents/e/DC-X008-Translation-2019-E.pdf);
/// CSS applies it by default: https://www.w3.org/TR/css-images-3/#the-image-orientation
enum EXIFOrientation: Int, Sendable {
    case up = 1, upMirrored, down, downMirrored, leftMirrored, right, rightMirrored, left

    /// Orientations 5–8 turn the image a quarter: width and height trade places.
    var swapsAxes: Bool { rawValue >= 5 }

    /// Reads the tag from an APP1 payload (`Exif\0\0` then a TIFF structure); `.up` when it is
    /// absent, out of range or the structure is broken (a bad tag never stops an image).
    init(app1 payload: UnsafeBufferPointer<UInt8>) {
        self = Self.read(payload) ?? .up
    }

    private static func read(_ payload: UnsafeBufferPointer<UInt8>) -> EXIFOrientation? {
        let tiff = 6  // after "Exif\0\0"
        guard payload.count >= tiff + 8 else { return nil }
        let bigEndian: Bool
        switch (payload[tiff], payload[tiff + 1]) {
        case (0x49, 0x49): bigEndian = false  // "II"
        case (0x4D, 0x4D): bigEndian = true   // "MM"
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= payload.count else { return nil }
            let a = Int(payload[at]), b = Int(payload[at + 1])
            return bigEndian ? a << 8 | b : b << 8 | a
        }
        func u32(_ at: Int) -> Int? {
            guard let high = u16(bigEndian ? at : at + 2), let low = u16(bigEndian ? at + 2 : at) else { return nil }
            return high << 16 | low
        }
        guard u16(tiff + 2) == 42, let ifd = u32(tiff + 4), let count = u16(tiff + ifd) else { return nil }
        for entry in 0..<count {
            let at = tiff + ifd + 2 + 12 * entry
            guard let tag = u16(at) else { return nil }
            // Type 3 is SHORT; the value sits in the first two bytes of the entry's value field.
            if tag == 0x0112, u16(at + 2) == 3, let value = u16(at + 8) {
                return EXIFOrientation(rawValue: value)
            }
        }
        return nil
    }
}
