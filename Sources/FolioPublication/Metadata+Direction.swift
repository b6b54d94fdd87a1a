extension Title {
    /// The title for plain-text output (`info`, PDF metadata, Markdown), see `Metadata.isolated`.
    public var isolated: String { Metadata.isolated(value, direction: direction) }
}

extension Contributor {
    /// The name for plain-text output, see `Metadata.isolated`.
    public var isolated: String { Metadata.isolated(name, direction: direction) }
}

extension Metadata {
    /// `text` in logical order, wrapped in the Unicode isolate its `dir` names (RLI for `rtl`, LRI
    /// for `ltr`, FSI for `auto` or none) when it is right-to-left or holds right-to-left letters:
    /// a reader that applies the bidi algorithm (a terminal that does, a PDF viewer) then shows
    /// it in the direction the publisher gave, and the text around it keeps its place. Text that
    /// is left-to-right through and through comes back as it is.
    /// https://www.w3.org/TR/epub-33/#attrdef-dir · https://www.unicode.org/reports/tr9/#Explicit_Directional_Isolates
    public static func isolated(_ text: String, direction: String?) -> String {
        guard direction == "rtl" || text.unicodeScalars.contains(where: isRightToLeftLetter) else { return text }
        let open: Character = switch direction {
        case "rtl": "\u{2067}"
        case "ltr": "\u{2066}"
        default: "\u{2068}"
        }
        return String(open) + text + "\u{2069}"
    }

    /// Letters of the right-to-left scripts' blocks: Hebrew to Arabic Extended, their
    /// presentation forms, and the historic right-to-left scripts of the SMP.
    static func isRightToLeftLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: true
        default: false
        }
    }
}
