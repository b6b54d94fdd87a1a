/// One of Folio's pinned default font files: what it is for, and where Debian installs it.
///
/// The list lives in `Fonts/manifest.tsv` (with each file's sha256, which `scripts/setup`
/// checks); `FontManifest.pinned` mirrors it for the library, and a test keeps the two equal.
public struct PinnedFont: Sendable, Hashable {
    public var role: FontRole
    public var family: String
    /// CSS weight, 1–1000.
    public var weight: Int
    public var isItalic: Bool
    /// The Debian package that installs `path`.
    public var package: String
    public var path: String

    public init(role: FontRole, family: String, weight: Int, isItalic: Bool, package: String, path: String) {
        self.role = role
        self.family = family
        self.weight = weight
        self.isItalic = isItalic
        self.package = package
        self.path = path
    }
}

/// What a pinned font is used for: a generic family, or a fallback for scripts the generic
/// families lack. The order fallbacks are tried in is `FontContext.fallbackFace`'s.
public enum FontRole: String, Sendable, Hashable, CaseIterable {
    case serif
    case sans
    case monospace
    /// A face with an OpenType MATH table, for MathML (`font-family: math`).
    case math
    case fallbackArabic = "fallback-arabic"
    case fallbackCJK = "fallback-cjk"
    /// Symbols, and Greek, Cyrillic, Hebrew, Armenian, Georgian … beyond the defaults.
    case fallbackOther = "fallback-other"
    /// Noto faces for symbols, math, music and CJK punctuation (`FontManifest.commonFallbackFamilies`).
    case fallbackSymbols = "fallback-symbols"
    case fallbackEmoji = "fallback-emoji"
    /// One Noto face per script, tried for the scripts `FontManifest.scriptFallbackFamilies` gives it.
    case fallbackScript = "fallback-script"

    public var isFallback: Bool {
        switch self {
        case .serif, .sans, .monospace, .math: false
        case .fallbackArabic, .fallbackCJK, .fallbackOther, .fallbackSymbols, .fallbackEmoji, .fallbackScript: true
        }
    }
}
