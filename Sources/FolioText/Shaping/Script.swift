import CHarfBuzz

/// A writing system, named by its ISO 15924 tag (`Latn`, `Arab`, `Hani`).
///
/// https://www.unicode.org/iso15924/ — HarfBuzz's `hb_script_t` is the same tag packed into
/// 32 bits; the conversion stays inside FolioText.
public struct Script: Hashable, Sendable, CustomStringConvertible {
    /// HarfBuzz's packed tag: comparing and hashing a script is comparing one integer, which
    /// the paragraph setter does for every character.
    let raw: UInt32

    /// The four-letter ISO 15924 tag, title-cased.
    public var tag: String {
        let value = hb_script_to_iso15924_tag(hb)
        guard value != 0 else { return "Zzzz" }
        let bytes = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    public init(tag: String) {
        // HarfBuzz title-cases and validates the tag; an unknown tag becomes `Zzzz`.
        self.init(hb: tag.withCString { hb_script_from_string($0, -1) })
    }

    init(hb script: hb_script_t) {
        // `hb_script_from_string` gives HB_SCRIPT_INVALID (0) for garbage; it reads as `Zzzz`.
        raw = script == HB_SCRIPT_INVALID ? HB_SCRIPT_UNKNOWN.rawValue : script.rawValue
    }

    var hb: hb_script_t { hb_script_t(rawValue: raw) }

    /// The script Unicode gives a character (`Zyyy` for punctuation and symbols, `Zinh` for
    /// most combining marks), from HarfBuzz's Unicode data.
    public init(of scalar: Unicode.Scalar) {
        self.init(hb: hb_unicode_script(hb_unicode_funcs_get_default(), scalar.value))
    }

    public static let common = Script(tag: "Zyyy")
    public static let inherited = Script(tag: "Zinh")
    public static let unknown = Script(tag: "Zzzz")
    public static let latin = Script(tag: "Latn")
    public static let arabic = Script(tag: "Arab")
    public static let hebrew = Script(tag: "Hebr")
    public static let han = Script(tag: "Hani")

    /// Common and Inherited characters take the script of their neighbours.
    public var isNeutral: Bool { self == .common || self == .inherited || self == .unknown }

    /// The script's own direction (Arabic, Hebrew … are right-to-left).
    public var isRightToLeft: Bool { hb_script_get_horizontal_direction(hb) == HB_DIRECTION_RTL }

    public var description: String { tag }
}

/// One OpenType feature setting, as `font-feature-settings` writes it (`"liga" 0`).
///
/// https://www.w3.org/TR/css-fonts-4/#font-feature-settings-prop
public struct FontFeature: Hashable, Sendable, CustomStringConvertible {
    /// Four ASCII characters (`kern`, `smcp`).
    public var tag: String
    /// 0 turns the feature off, 1 on; alternates take larger values.
    public var value: UInt32

    public init(_ tag: String, _ value: UInt32 = 1) {
        self.tag = tag
        self.value = value
    }

    var hb: hb_feature_t {
        hb_feature_t(tag: hbTag(tag), value: value, start: 0, end: UInt32.max)
    }

    public var description: String { "\"\(tag)\" \(value)" }
}

/// A four-character OpenType tag packed as HarfBuzz wants it (short tags are space-padded).
func hbTag(_ tag: String) -> hb_tag_t {
    tag.withCString { hb_tag_from_string($0, -1) }
}
