/// An `@font-face` rule: its declarations and the descriptors Folio uses to pick fonts.
///
/// Descriptors that do not parse keep their initial values (the spec drops the
/// invalid descriptor, not the rule); a rule without `font-family` or `src` is
/// kept too, and the font loader ignores it.
/// https://www.w3.org/TR/css-fonts-4/#font-face-rule
public struct FontFaceRule: Sendable {
    public var declarations: [Declaration]
    /// `font-family`, unquoted.
    public var family: String?
    /// `src`, in order of preference.
    public var sources: [FontFaceSource]
    /// `font-weight`: one value or a range; initial `400`.
    public var weight: ClosedRange<Double>
    public var style: FontFaceStyle
    /// `font-stretch` as percentages; initial `100`.
    public var stretch: ClosedRange<Double>
    /// `unicode-range`; initial `U+0-10FFFF`.
    public var unicodeRanges: [ClosedRange<UInt32>]

    public init(declarations: [Declaration]) {
        self.init(declarations: declarations, unicodeRangeSource: nil)
    }

    /// `unicodeRangeSource` is the declaration's source text, which beats its tokens.
    init(declarations: [Declaration], unicodeRangeSource: String?) {
        self.declarations = declarations
        family = nil
        sources = []
        weight = 400...400
        style = .normal
        stretch = 100...100
        unicodeRanges = [0...0x10FFFF]
        for declaration in declarations {
            let value = declaration.value
            switch declaration.name {
            case "font-family": family = Self.family(value) ?? family
            case "src": sources = Self.sources(value)
            case "font-weight": weight = Self.range(value, keyword: Self.weightKeyword) ?? weight
            case "font-stretch": stretch = Self.range(value, keyword: Self.stretchKeyword) ?? stretch
            case "font-style": style = Self.style(value) ?? style
            case "unicode-range":
                let text = unicodeRangeSource.flatMap { $0.split(separator: ":", maxSplits: 1).last.map(String.init) }
                    ?? value.cssText
                unicodeRanges = UnicodeRange.parseList(text) ?? unicodeRanges
            default: break
            }
        }
    }

    // MARK: Descriptors

    static func family(_ value: [ComponentValue]) -> String? {
        let parts = value.filter { !$0.isWhitespace }
        if parts.count == 1, case .token(.string(let s)) = parts[0] { return s }
        let idents = parts.compactMap(\.identValue)
        return idents.count == parts.count && !idents.isEmpty ? idents.joined(separator: " ") : nil
    }

    static func sources(_ value: [ComponentValue]) -> [FontFaceSource] {
        var out: [FontFaceSource] = []
        for part in value.splitOnCommas() {
            guard let first = part.first else { continue }
            if let url = CSSRuleParser.urlOrString(first), !Self.isString(first) {
                var format: String?
                for v in part.dropFirst() {
                    if case .function(name: "format", let arguments) = v {
                        format = arguments.trimmingWhitespace.first.flatMap { a -> String? in
                            if case .token(.string(let s)) = a { return s.lowercased() }
                            return a.identValue?.lowercased()
                        }
                    }
                }
                out.append(.url(url, format: format))
            } else if case .function(name: "local", let arguments) = first, let name = family(arguments) {
                out.append(.local(name))
            }
        }
        return out
    }

    private static func isString(_ v: ComponentValue) -> Bool {
        if case .token(.string) = v { return true }
        return false
    }

    static func weightKeyword(_ s: String) -> Double? {
        switch s {
        case "normal": 400
        case "bold": 700
        default: nil
        }
    }

    static func stretchKeyword(_ s: String) -> Double? {
        switch s {
        case "ultra-condensed": 50
        case "extra-condensed": 62.5
        case "condensed": 75
        case "semi-condensed": 87.5
        case "normal": 100
        case "semi-expanded": 112.5
        case "expanded": 125
        case "extra-expanded": 150
        case "ultra-expanded": 200
        default: nil
        }
    }

    /// One or two numbers (or percentages, or keywords), sorted into a range.
    static func range(_ value: [ComponentValue], keyword: (String) -> Double?) -> ClosedRange<Double>? {
        let parts = value.filter { !$0.isWhitespace }
        var numbers: [Double] = []
        for part in parts {
            switch part {
            case .token(.number(let v, _, _)), .token(.percentage(let v)): numbers.append(v)
            case .token(.ident(let s)):
                guard let v = keyword(s.lowercased()) else { return nil }
                numbers.append(v)
            default: return nil
            }
        }
        guard let lo = numbers.min(), let hi = numbers.max(), (1...2).contains(numbers.count) else { return nil }
        return lo...hi
    }

    static func style(_ value: [ComponentValue]) -> FontFaceStyle? {
        let parts = value.filter { !$0.isWhitespace }
        guard let keyword = parts.first?.identValue?.lowercased() else { return nil }
        switch keyword {
        case "normal": return parts.count == 1 ? .normal : nil
        case "italic": return parts.count == 1 ? .italic : nil
        case "oblique":
            let angles = parts.dropFirst().compactMap { v -> Double? in
                if case .token(.dimension(let a, let unit, _)) = v, unit.lowercased() == "deg" { return a }
                return nil
            }
            guard angles.count == parts.count - 1, angles.count <= 2 else { return nil }
            guard let lo = angles.min(), let hi = angles.max() else { return .oblique(14...14) }
            return .oblique(lo...hi)
        default: return nil
        }
    }
}

/// One entry of an `@font-face` `src` list.
public enum FontFaceSource: Sendable, Hashable {
    /// A font file, with its `format()` hint lowercased (`woff2`, `opentype`).
    case url(String, format: String?)
    /// A font installed on the system, by full name.
    case local(String)
}

/// `font-style` of an `@font-face` rule.
public enum FontFaceStyle: Sendable, Hashable {
    case normal
    case italic
    /// Oblique with its angle range in degrees.
    case oblique(ClosedRange<Double>)
}
