/// Turns the bytes a terminal sends into keys: UTF-8 characters, control keys, and the CSI /
/// SS3 sequences xterm-compatible terminals send for arrows, paging and editing keys.
/// https://invisible-island.net/xterm/ctlseqs/ctlseqs.html#h2-PC-Style-Function-Keys
public struct KeyDecoder: Sendable {
    /// Bytes of a sequence cut off at the end of the last read, kept for the next one.
    private var pending: [UInt8] = []

    public init() {}

    /// The keys in `bytes`. A lone ESC at the end of a read is the Escape key (a terminal
    /// sends a whole sequence in one write, so a cut-off sequence is rare); a UTF-8 character
    /// split across reads waits for its last byte.
    public mutating func decode(_ bytes: [UInt8]) -> [Key] {
        let input = pending + bytes
        pending = []
        var keys: [Key] = []
        var i = 0
        while i < input.count {
            let byte = input[i]
            switch byte {
            case 0x1B:
                let (key, used) = Self.escape(input, at: i)
                if let key { keys.append(key) }
                i += used
            case 0x0D, 0x0A: keys.append(.enter); i += 1
            case 0x09: keys.append(.tab); i += 1
            case 0x7F, 0x08: keys.append(.backspace); i += 1
            case 0x00..<0x20:
                keys.append(.control(Character(Unicode.Scalar(byte + 0x60))))
                i += 1
            default:
                let length = Self.utf8Length(byte)
                if i + length > input.count {
                    pending = Array(input[i...])
                    return keys
                }
                let scalars = String(decoding: input[i..<(i + length)], as: UTF8.self)
                for character in scalars { keys.append(.character(character)) }
                i += length
            }
        }
        return keys
    }

    private static func utf8Length(_ lead: UInt8) -> Int {
        switch lead {
        case 0xF0...0xF7: return 4
        case 0xE0...0xEF: return 3
        case 0xC0...0xDF: return 2
        default: return 1
        }
    }

    /// The key an ESC at `start` begins, and how many bytes it used.
    private static func escape(_ input: [UInt8], at start: Int) -> (Key?, Int) {
        guard start + 1 < input.count else { return (.escape, 1) }
        let introducer = input[start + 1]
        if introducer == UInt8(ascii: "O"), start + 2 < input.count {
            // SS3: arrows and Home/End in application cursor mode.
            return (final(input[start + 2], parameters: []), 3)
        }
        guard introducer == UInt8(ascii: "[") else {
            // Alt+key or a stray ESC: the Escape key, the rest read as typed.
            return (.escape, 1)
        }
        // SGR mouse reports: ESC [ < button ; column ; row M (press) or m (release).
        let isMouse = start + 2 < input.count && input[start + 2] == UInt8(ascii: "<")
        var i = start + (isMouse ? 3 : 2)
        var parameters: [Int] = []
        var number: Int?
        while i < input.count {
            let byte = input[i]
            if byte >= 0x30 && byte <= 0x39 {
                number = min((number ?? 0) * 10 + Int(byte - 0x30), 100_000)
            } else if byte == UInt8(ascii: ";") {
                parameters.append(number ?? 0)
                number = nil
            } else if byte >= 0x40 && byte <= 0x7E {
                if let number { parameters.append(number) }
                if isMouse { return (mouse(byte, parameters: parameters), i - start + 1) }
                return (final(byte, parameters: parameters), i - start + 1)
            } else if byte < 0x20 || byte > 0x7E {
                break
            }
            i += 1
        }
        // An unfinished or malformed sequence: dropped, so its bytes are not read as keys.
        return (nil, i - start)
    }

    /// An SGR mouse report: the button code (64, 65: the wheel; bits 4, 8 and 16 are Shift,
    /// Meta and Ctrl; 32 is motion, ignored) and the 1-based cell.
    private static func mouse(_ final: UInt8, parameters: [Int]) -> Key? {
        guard parameters.count == 3, final == UInt8(ascii: "M") || final == UInt8(ascii: "m") else { return nil }
        let code = parameters[0], column = max(0, parameters[1] - 1), row = max(0, parameters[2] - 1)
        guard code & 32 == 0 else { return nil }
        let button = code & ~(4 | 8 | 16)
        let action: MouseEvent.Action
        switch button {
        case 64: action = .wheelUp
        case 65: action = .wheelDown
        case 0...2: action = final == UInt8(ascii: "M") ? .press(button) : .release
        default: return nil
        }
        return .mouse(MouseEvent(action, column: column, row: row))
    }

    private static func final(_ byte: UInt8, parameters: [Int]) -> Key? {
        switch byte {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "Z"): return .backTab
        case UInt8(ascii: "~"):
            switch parameters.first {
            case 1, 7: return .home
            case 4, 8: return .end
            case 5: return .pageUp
            case 6: return .pageDown
            case 3: return .delete
            default: return nil
            }
        default: return nil
        }
    }
}
