import FolioCore
import FolioStyle
import FoundationEssentials
import Glibc

/// The fonts of one book: Folio's pinned defaults and the book's `@font-face` faces, with the
/// CSS font matching that picks a face for a `font-family` list, per-glyph fallback, and the
/// x-height normalisation that keeps a changed family at the same visual size.
///
/// Made once per book (or render) and passed to layout; faces are loaded lazily, when first
/// matched, and cached by file. Safe to share between threads.
/// https://www.w3.org/TR/css-fonts-4/#font-matching-algorithm
public final class FontContext: @unchecked Sendable {
    public let diagnostics: Diagnostics
    /// The pinned default serif, regular: the face of last resort and the x-height reference.
    public let defaultFace: FontFace
    let pinned: [PinnedFont]
    let bookRules: [(rule: FontFaceRule, sheet: String)]
    let loadResource: (String) -> [UInt8]?

    /// Candidates by lowercased family name: the book's families, and the pinned ones.
    let bookFamilies: [String: [FontCandidate]]
    let pinnedFamilies: [String: [FontCandidate]]
    /// The pinned candidates of each role, in manifest order.
    let pinnedRoles: [FontRole: [FontCandidate]]

    let lock = Lock()
    /// Loaded files, by path and face index; nil when the file could not be read.
    var filesLoaded: [String: FontFace?] = [:]
    /// Loaded `@font-face` rules, by index; nil when none of its sources loaded.
    var bookFacesLoaded: [Int: FontFace?] = [:]
    var fallbacks: [FallbackKey: FontChoice?] = [:]
    var fallbackPlans: [FallbackPlanKey: FallbackPlan] = [:]
    var fallbackRequests: [FallbackRequest: Int] = [:]
    var requests: [FallbackRequest] = []

    /// - Parameters:
    ///   - fontFaces: the book's `@font-face` rules with the sheet each came from
    ///     (`StyledDocument.fontFaces`); their `url()`s are resolved against that sheet.
    ///   - loadResource: reads a file of the container by path (already de-obfuscated).
    public init(
        pinned: [PinnedFont] = FontManifest.pinned,
        fontFaces: [(rule: FontFaceRule, sheet: String)] = [],
        loadResource: @escaping (String) -> [UInt8]? = { _ in nil },
        diagnostics: Diagnostics
    ) throws(FontContextError) {
        self.pinned = pinned
        self.diagnostics = diagnostics
        self.loadResource = loadResource
        bookRules = fontFaces
        var book: [String: [FontCandidate]] = [:]
        for (index, entry) in fontFaces.enumerated() {
            guard let family = entry.rule.family, !entry.rule.sources.isEmpty else { continue }
            book[family.lowercased(), default: []].append(FontCandidate(rule: entry.rule, family: family, index: index))
        }
        bookFamilies = book
        pinnedFamilies = Dictionary(grouping: pinned.map(FontCandidate.init(pinned:)), by: { $0.family.lowercased() })
        pinnedRoles = Dictionary(grouping: pinned, by: \.role).mapValues { $0.map(FontCandidate.init(pinned:)) }

        guard let serif = pinned.first(where: { $0.role == .serif && $0.weight == 400 && !$0.isItalic }) ?? pinned.first,
              let face = Self.readFile(serif.path) else {
            throw .defaultFontMissing(path: pinned.first?.path ?? "(no pinned fonts)")
        }
        defaultFace = face
        filesLoaded[serif.path] = face
    }

    /// The face for text in `families` (a computed `font-family`), at a CSS weight (1–1000),
    /// italic or not, and a `font-stretch` percentage.
    ///
    /// Each family is tried in turn: the book's `@font-face` families first, then the pinned
    /// ones; generic families map to the pinned defaults; a family no face answers to is
    /// skipped. The default serif ends the list. Within a family, faces are matched by
    /// stretch, style and weight (CSS Fonts 4 §5.2); an `@font-face` with a `unicode-range`
    /// is preferred when it covers basic Latin.
    public func face(for families: [FontFamily], weight: Int, italic: Bool, stretch: Double = 100) -> FontChoice {
        lock.lock()
        defer { lock.unlock() }
        for family in families {
            if let choice = choose(candidates(for: family), weight: weight, italic: italic, stretch: stretch, scalar: nil) {
                return choice
            }
        }
        return choose(candidates(for: .generic(.serif)), weight: weight, italic: italic, stretch: stretch, scalar: nil)
            ?? FontChoice(face: defaultFace, synthesizeBold: weight >= 600, synthesizeItalic: italic)
    }

    /// The pinned math face's MATH table (`font-family: math`), nil when the face is missing or
    /// has none: formulas are then shown as their text.
    public func mathFont() -> MathFont? {
        lock.lock()
        defer { lock.unlock() }
        guard let choice = choose(pinnedCandidates(role: .math), weight: 400, italic: false, stretch: 100, scalar: nil) else { return nil }
        return MathFont(choice.face)
    }

    /// The factor to scale a face's font size by so that its x-height matches the default
    /// serif's (the idea of `font-size-adjust`), clamped to 0.8–1.25 so that a face with odd
    /// metrics cannot shrink or blow up text.
    /// https://www.w3.org/TR/css-fonts-5/#font-size-adjust-prop
    public func sizeAdjustment(for face: FontFace) -> Double {
        let reference = Double(defaultFace.metrics.xHeight) / Double(defaultFace.metrics.unitsPerEm)
        let own = Double(face.metrics.xHeight) / Double(face.metrics.unitsPerEm)
        guard own > 0, reference > 0 else { return 1 }
        return min(1.25, max(0.8, reference / own))
    }

    // MARK: Matching

    /// The faces a `font-family` entry names.
    func candidates(for family: FontFamily) -> [FontCandidate] {
        switch family {
        case .generic(let generic):
            return pinnedCandidates(role: Self.role(for: generic))
        case .named(let name):
            let key = name.lowercased()
            if let book = bookFamilies[key] { return book }
            if let own = pinnedFamilies[key] { return own }
            return Self.aliases[key].map(pinnedCandidates(role:)) ?? []
        }
    }

    func pinnedCandidates(role: FontRole) -> [FontCandidate] {
        pinnedRoles[role] ?? []
    }

    /// Matches within one family and loads the chosen face; a face that fails to load drops
    /// out and matching runs again over the rest. With a `scalar`, only faces whose
    /// `unicode-range` covers it and that have its glyph count (`accept` may refuse more).
    func choose(_ candidates: [FontCandidate], weight: Int, italic: Bool, stretch: Double,
                scalar: Unicode.Scalar?, accept: (FontFace) -> Bool = { _ in true }) -> FontChoice? {
        var remaining = candidates
        while !remaining.isEmpty {
            // Later rules win among equals (CSS Fonts 4 §4.1), hence reversed.
            let best = Array(FontMatcher.bestMatches(remaining, weight: weight, italic: italic, stretch: stretch).reversed())
            let probe = scalar ?? "a"
            var ordered = best.filter { $0.covers(probe) }
            if scalar == nil { ordered += best.filter { !$0.covers(probe) } }
            var failed = false
            for candidate in ordered {
                guard let face = load(candidate) else {
                    remaining.removeAll { $0.origin == candidate.origin }
                    failed = true
                    continue
                }
                if let scalar, !face.hasGlyph(scalar) { continue }
                guard accept(face) else { continue }
                return candidate.choice(face, weight: weight, italic: italic)
            }
            // Only a face that failed to load lets a worse match in.
            if !failed { return nil }
        }
        return nil
    }

    func load(_ candidate: FontCandidate) -> FontFace? {
        switch candidate.origin {
        case .pinned(let font): loadFile(font.path)
        case .book(let index): loadBookFace(index)
        }
    }

    func loadFile(_ path: String) -> FontFace? {
        if let loaded = filesLoaded[path] { return loaded }
        let face = Self.readFile(path)
        if face == nil {
            diagnostics.warn("font.unreadable", "pinned font \(path) is missing or unreadable; run scripts/setup")
        }
        filesLoaded[path] = face
        return face
    }

    static func readFile(_ path: String) -> FontFace? {
        if let face = FontFace(mappingFile: path) { return face }
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return FontFace(data: Array(data), source: path)
    }

    // MARK: Families

    /// https://www.w3.org/TR/css-fonts-4/#generic-font-families
    static func role(for generic: GenericFamily) -> FontRole {
        switch generic {
        case .serif, .uiSerif, .cursive, .fantasy, .fangsong: .serif
        case .math: .math
        case .sansSerif, .systemUI, .uiSansSerif, .uiRounded, .emoji: .sans
        case .monospace, .uiMonospace: .monospace
        }
    }

    /// Family names whose metric-compatible pinned face stands in for them.
    static let aliases: [String: FontRole] = [
        "times": .serif, "times new roman": .serif, "calibri": .sans,
        "courier": .monospace, "courier new": .monospace,
    ]
}
