import FolioLayout
import FolioStyle

/// The terminal's background colour, as it answers xterm's OSC 11 query: what `--theme auto`
/// picks day or night from, so that a day page is not painted white over a dark terminal.
/// https://invisible-island.net/xterm/ctlseqs/ctlseqs.html#h3-Operating-System-Commands
public struct TerminalBackground: Sendable, Hashable {
    public var color: RGBA

    public init(color: RGBA) {
        self.color = color
    }

    /// The background query followed by DA1, which every terminal answers: a terminal that
    /// ignores OSC 11 still ends the wait at once with its `ESC [ ? … c`.
    public static let query = "\u{1B}]11;?\u{07}\u{1B}[c"

    /// A dark background: relative luminance under 0.18, CIE L* 50, the perceptual middle
    /// grey (sRGB #777777).
    public var isDark: Bool { PageInspector.luminance(color) < 0.18 }

    /// The colour in an OSC 11 reply, `ESC ] 11 ; rgb:RRRR/GGGG/BBBB` ended by BEL or ST (each
    /// component one to four hex digits), found anywhere in `reply`; nil when there is none.
    public init?(reply: String) {
        let bytes = Array(reply.utf8)
        let marker = Array("\u{1B}]11;rgb:".utf8)
        guard bytes.count >= marker.count else { return nil }
        var found: RGBA?
        var k = 0
        while k + marker.count <= bytes.count {
            defer { k += 1 }
            guard bytes[k..<(k + marker.count)].elementsEqual(marker) else { continue }
            var channels: [UInt8] = []
            var i = k + marker.count
            while channels.count < 3 {
                var value = 0, digits = 0
                while i < bytes.count, digits < 4, let digit = Self.hexValue(bytes[i]) {
                    value = value * 16 + digit
                    digits += 1
                    i += 1
                }
                guard digits > 0 else { break }
                // Scaled from its own width: `f` and `ffff` are both full.
                let maximum = (1 << (4 * digits)) - 1
                channels.append(UInt8((Double(value) * 255 / Double(maximum)).rounded()))
                if channels.count < 3 {
                    guard i < bytes.count, bytes[i] == UInt8(ascii: "/") else { break }
                    i += 1
                }
            }
            if channels.count == 3 { found = RGBA(red: channels[0], green: channels[1], blue: channels[2]) }
        }
        guard let found else { return nil }
        color = found
    }

    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
        default: nil
        }
    }
}
