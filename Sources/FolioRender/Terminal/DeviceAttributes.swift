/// A terminal's primary device attributes (DA1): its reply to `ESC [ c`, a list of numbers
/// naming its class and the features it has; `4` is sixel graphics.
/// https://vt100.net/docs/vt510-rm/DA1.html · https://invisible-island.net/xterm/ctlseqs/ctlseqs.html#h3-Functions-using-CSI-_-ordered-by-the-final-character_s_
public struct DeviceAttributes: Sendable, Hashable {
    /// The reply's parameters in order: the first is the terminal class (`62`-`65` for VT220
    /// to VT525 level, `1` or `6` on older ones), the rest its features.
    public var parameters: [Int]

    public init(parameters: [Int]) {
        self.parameters = parameters
    }

    /// The query the pager writes; the terminal answers `ESC [ ? … c`.
    public static let query = "\u{1B}[c"

    /// Whether the terminal lists sixel graphics (feature 4).
    public var supportsSixel: Bool { parameters.dropFirst().contains(4) }

    /// The attributes in a DA1 reply, `ESC [ ? Ps ; … c`, found anywhere in `reply` (other
    /// replies and typed keys may come with it; the last DA1 reply wins). Nil when there is
    /// none: a terminal that does not answer has no sixel.
    public init?(reply: String) {
        let scalars = Array(reply.unicodeScalars)
        var found: [Int]?
        var k = 0
        while k + 2 < scalars.count {
            defer { k += 1 }
            guard scalars[k] == "\u{1B}", scalars[k + 1] == "[", scalars[k + 2] == "?" else { continue }
            var end = k + 3
            while end < scalars.count, scalars[end] == ";" || ("0"..."9").contains(scalars[end]) { end += 1 }
            // `c` ends a DA1 reply; anything else (a mode report `…$y`, a key) is not one.
            guard end < scalars.count, scalars[end] == "c" else { continue }
            let text = String(String.UnicodeScalarView(scalars[(k + 3)..<end]))
            let numbers = text.split(separator: ";").compactMap { Int($0) }
            guard !numbers.isEmpty else { continue }
            found = numbers
            k = end
        }
        guard let found else { return nil }
        parameters = found
    }
}
