import CFriBidi
import FolioStyle

/// The Unicode Bidirectional Algorithm over one paragraph: its base direction, the embedding
/// level of each character, and the visual order of a line's runs.
///
/// Levels come from FriBidi (`fribidi_get_par_embedding_levels_ex`, rules P2–I1 with bracket
/// pairs, BD16). Reordering a line applies the rest of L1 (trailing white space and isolate
/// marks take the paragraph level) and L2 (reverse runs from the highest level down) here,
/// on runs rather than characters, so the layout can keep shaped runs whole.
///
/// Offsets count Unicode scalars. Explicit controls (LRE…PDF, LRI…PDI) stay in the text with
/// a level; HarfBuzz draws them as nothing.
///
/// https://www.unicode.org/reports/tr9/ · https://www.w3.org/TR/css-writing-modes-3/#text-direction
public struct BidiParagraph: Sendable {
    /// The paragraph's base direction as CSS gives it: `direction`, or `auto` (the HTML `dir=auto`
    /// and `unicode-bidi: plaintext`, rules P2–P3: the first strong character decides).
    public enum BaseDirection: Sendable, Hashable {
        case ltr, rtl, auto

        public init(_ direction: Direction) {
            self = direction == .rtl ? .rtl : .ltr
        }
    }

    /// A maximal stretch of one level.
    public struct Run: Hashable, Sendable {
        public var range: Range<Int>
        public var level: UInt8
        public var direction: Direction { level & 1 == 1 ? .rtl : .ltr }
    }

    public let levels: [UInt8]
    /// The resolved base direction (for `auto`: from the first strong character, else LTR).
    public let direction: Direction
    public var baseLevel: UInt8 { direction == .rtl ? 1 : 0 }
    let types: [UInt32]
    /// Every level is 0 (found without FriBidi): a line is one left-to-right run.
    private let allLTR: Bool
    var isAllLTR: Bool { allLTR }

    // FriBidiParType values (the header builds them from masks Swift cannot import).
    private static let maskRTL: UInt32 = 0x1
    private static let parLTR: UInt32 = 0x110
    private static let parRTL: UInt32 = 0x111
    private static let parON: UInt32 = 0x40
    private static let maskSpace: UInt32 = 0x800
    private static let maskIsolate: UInt32 = 0x8000
    private static let maskArabic: UInt32 = 0x2
    private static let maskExplicit: UInt32 = 0x1000

    public init(text: String, base: BaseDirection) {
        self.init(scalars: Array(text.unicodeScalars), base: base)
    }

    /// The paragraph setter's entry: no string, and no FriBidi for left-to-right text.
    init(scalars: [Unicode.Scalar], base: BaseDirection) {
        let count = scalars.count
        if base != .rtl && !Self.needsResolution(scalars) {
            // No R, AL or AN character and no explicit embedding: every level is 0, and an
            // `auto` paragraph resolves to LTR (P2–P3 find no strong R/AL).
            levels = [UInt8](filled: 0, count: count)
            direction = .ltr
            types = []
            allLTR = true
            return
        }
        allLTR = false
        let chars = scalars.map { FriBidiChar($0.value) }
        var types = [FriBidiCharType](filled: FriBidiCharType(rawValue: 0), count: count)
        var brackets = [FriBidiBracketType](filled: 0, count: count)
        var levels = [FriBidiLevel](filled: 0, count: count)
        let requested: UInt32 = switch base {
        case .ltr: Self.parLTR
        case .rtl: Self.parRTL
        case .auto: Self.parON
        }
        var parType = FriBidiParType(rawValue: requested)
        var resolved = false
        if count > 0 {
            chars.withUnsafeBufferPointer { c in
                fribidi_get_bidi_types(c.baseAddress, FriBidiStrIndex(count), &types)
                fribidi_get_bracket_types(c.baseAddress, FriBidiStrIndex(count), types, &brackets)
            }
            resolved = fribidi_get_par_embedding_levels_ex(types, brackets, FriBidiStrIndex(count), &parType, &levels) != 0
        }
        if resolved {
            self.levels = levels.map { UInt8(bitPattern: $0) }
            direction = parType.rawValue & Self.maskRTL != 0 ? .rtl : .ltr
        } else {
            // Empty text, or FriBidi out of memory: everything at the base level.
            direction = base == .rtl ? .rtl : .ltr
            self.levels = [UInt8](filled: direction == .rtl ? 1 : 0, count: count)
        }
        self.types = types.map { UInt32($0.rawValue) }
    }

    /// True when some character could take a level other than 0 in a left-to-right
    /// paragraph: a right-to-left letter (R, AL), an Arabic number (AN), or an explicit
    /// embedding, override or isolate (X1–X10). Everything below U+0590 is neither.
    static func needsResolution(_ scalars: [Unicode.Scalar]) -> Bool {
        for scalar in scalars where scalar.value >= 0x590 {
            let type = UInt32(fribidi_get_bidi_type(FriBidiChar(scalar.value)).rawValue)
            if type & (maskRTL | maskArabic | maskExplicit | maskIsolate) != 0 { return true }
        }
        return false
    }

    /// The runs of the line `line` (a range of offsets) in visual order, left to right.
    public func visualRuns(line: Range<Int>) -> [Run] {
        let line = line.clamped(to: 0..<levels.count)
        guard !line.isEmpty else { return [] }
        if allLTR { return [Run(range: line, level: 0)] }
        var lineLevels = Array(levels[line])
        // L1: white space and isolate marks at the end of the line go to the paragraph level.
        var i = lineLevels.count - 1
        while i >= 0, types[line.lowerBound + i] & (Self.maskSpace | Self.maskIsolate) != 0 {
            lineLevels[i] = baseLevel
            i -= 1
        }
        var runs: [Run] = []
        var start = 0
        for k in 1...lineLevels.count where k == lineLevels.count || lineLevels[k] != lineLevels[start] {
            runs.append(Run(range: (line.lowerBound + start)..<(line.lowerBound + k), level: lineLevels[start]))
            start = k
        }
        // L2: from the highest level down to the lowest odd one, reverse every sequence of
        // runs at that level or above.
        guard let highest = runs.map(\.level).max(), let lowest = runs.map(\.level).min() else { return runs }
        let lowestOdd = lowest | 1
        var level = highest
        while level >= lowestOdd {
            var k = 0
            while k < runs.count {
                guard runs[k].level >= level else { k += 1; continue }
                var end = k
                while end < runs.count && runs[end].level >= level { end += 1 }
                runs[k..<end].reverse()
                k = end
            }
            if level == 0 { break }
            level -= 1
        }
        return runs
    }
}
