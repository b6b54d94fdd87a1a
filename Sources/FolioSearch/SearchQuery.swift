import FoundationEssentials
import Glibc

/// What a reader looks for: literal text (the default) or a regular expression (PCRE2), with or
/// without regard to case. Literal text is found without regard to diacritics too (`CaseFolding`)
/// unless `matchesDiacritics` or `caseSensitive` (which matches the text exactly as written).
public struct SearchQuery: Sendable, Hashable {
    public var text: String
    public var isRegex: Bool
    public var caseSensitive: Bool
    public var matchesDiacritics: Bool

    public init(_ text: String, regex: Bool = false, caseSensitive: Bool = false, matchesDiacritics: Bool = false) {
        self.text = text
        isRegex = regex
        self.caseSensitive = caseSensitive
        self.matchesDiacritics = matchesDiacritics
    }

    /// The query as the searched text is written: NFC, runs of white space one space, no soft
    /// hyphens; trimmed. Regular expressions are kept as typed (but NFC).
    var normalized: String {
        let composed = text.nfc
        if isRegex { return composed }
        var out = String.UnicodeScalarView()
        var space = false
        for scalar in composed.unicodeScalars {
            if SearchText.Builder.isInvisible(scalar.value) { continue }
            if SearchText.Builder.isSpace(scalar.value) {
                space = !out.isEmpty
                continue
            }
            if space { out.append(" ") }
            space = false
            out.append(scalar)
        }
        return String(out)
    }
}

/// Why a query cannot be searched for.
public struct SearchError: Error, Sendable, CustomStringConvertible {
    public var description: String
}
