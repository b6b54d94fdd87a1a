import FolioStyle
import Synchronization

/// Remembers shaped words, so that a word repeated through a book is shaped once.
///
/// Explicit (one per layout context, never global) and bounded: entries live in two
/// generations of at most `capacity` each; when the young one fills, the old one is dropped
/// and the young one ages. A hit in the old generation moves the entry back to the young one,
/// so frequent words stay. Safe to share between threads (a mutex guards the tables; shaping
/// itself happens outside the lock with the caller's `Shaper`).
///
/// Keys are cheap: everything but the text (face, size, direction, script, language,
/// features) is interned once as a small integer, and the text is the word's scalars, hashed
/// in place — the paragraph setter looks words up without making a `String` (`WordTable`).
///
/// Shaping word by word ignores context across the word's edges; that is right for the
/// space-separated words this cache is for, and wrong for joining scripts split mid-word —
/// shape those runs whole.
public final class ShapeCache: Sendable {
    /// How a word is shaped, apart from its text.
    struct Style: Hashable {
        var face: ObjectIdentifier
        var size: Double
        var direction: Direction
        var script: Script?
        var language: String?
        var features: [FontFeature]
        var smallCaps: Bool
    }

    struct Tables {
        var young: WordTable
        var old: WordTable
        /// Interned styles; holding the face keeps its ObjectIdentifier from being reused by
        /// another face while entries name it.
        var styles: [Style: (id: Int, face: FontFace)] = [:]
        /// px per font unit, by style id.
        var scales: [Int: Double] = [:]
        /// Ids are never reused, so a word shaped under a forgotten style cannot answer for
        /// a new one.
        var nextStyle = 0
        /// The style interned last, compared before hashing: a paragraph's words come in runs
        /// of one style, and hashing a style (its language, its features) cost more than
        /// looking a word up.
        var last: (style: Style, id: Int)?
        var hits = 0
        var misses = 0

        init(capacity: Int) {
            young = WordTable(capacity: capacity)
            old = WordTable(capacity: 0)
        }

        mutating func intern(_ style: Style, face: FontFace) -> Int {
            if let last, last.style == style { return last.id }
            let id: Int
            if let known = styles[style] {
                id = known.id
            } else {
                id = nextStyle
                nextStyle += 1
                styles[style] = (id, face)
                scales[id] = style.size / Double(max(1, face.metrics.unitsPerEm))
            }
            last = (style, id)
            return id
        }

        /// Looks words up from `k` on, appending the glyphs of those found to `glyphs`, and
        /// stops at the first missing one: returns its index and hash (nil when none is).
        mutating func lookUp(_ words: [Range<Int>], from k: inout Int, in scalars: UnsafeBufferPointer<Unicode.Scalar>,
                             style id: Int, into glyphs: inout [ShapedGlyph], space: inout [ShapedGlyph]?,
                             synthesis: inout Bool) -> UInt64? {
            let scale = scales[id] ?? 0
            while k < words.count {
                let range = words[k]
                let word = UnsafeBufferPointer(rebasing: scalars[range])
                let isSpace = range.count == 1 && word[0] == " "
                if isSpace, let space {
                    hits += 1
                    ShapeCache.append(space, offset: range.lowerBound, to: &glyphs)
                    k += 1
                    continue
                }
                let hash = WordTable.hash(style: id, word)
                if let slot = young.find(hash, style: id, word) {
                    young.appendGlyphs(of: slot, offset: range.lowerBound, scale: scale, to: &glyphs)
                    synthesis = slot.needsSmallCapsSynthesis
                    if isSpace { space = young.glyphs(of: slot, scale: scale) }
                } else if let slot = old.find(hash, style: id, word) {
                    // A hit in the old generation moves the word back to the young one.
                    let table = old
                    table.appendGlyphs(of: slot, offset: range.lowerBound, scale: scale, to: &glyphs)
                    synthesis = slot.needsSmallCapsSynthesis
                    if isSpace { space = table.glyphs(of: slot, scale: scale) }
                    ageIfFull()
                    young.insert(hash, style: id, word, pooled: table.pooled(of: slot),
                                 needsSmallCapsSynthesis: slot.needsSmallCapsSynthesis)
                } else {
                    misses += 1
                    return hash
                }
                hits += 1
                k += 1
            }
            return nil
        }

        /// Adds a word to the young generation, aging it first when it is full.
        mutating func insert<W: Collection<Unicode.Scalar>, G: Collection<ShapedGlyph>>(_ hash: UInt64, style: Int, _ word: W,
                                                         glyphs: G, clusterShift: Int = 0, needsSmallCapsSynthesis: Bool) {
            ageIfFull()
            young.insert(hash, style: style, word, glyphs: glyphs, clusterShift: clusterShift, scale: scales[style] ?? 0,
                         needsSmallCapsSynthesis: needsSmallCapsSynthesis)
        }

        /// When the young generation is full, it ages and the old one is dropped.
        mutating func ageIfFull() {
            guard young.isFull else { return }
            old = young
            young = WordTable(capacity: old.capacity)
            // Styles are few; should a book make thousands (sizes by the pixel), start
            // afresh once no entry names the old ones.
            if styles.count > 4096 {
                styles = [:]
                scales = [:]
                last = nil
            }
        }
    }

    public let capacity: Int
    private let tables: Mutex<Tables>
    /// Longer words are shaped each time and not kept: they are seldom repeated, and a book's
    /// one enormous "word" (a run of thousands of characters with no space) would otherwise be
    /// held twice, its text and glyphs copied into the cache beside the paragraph's own.
    static let longestCachedWord = 256

    public init(capacity: Int = 8192) {
        self.capacity = max(1, capacity)
        tables = Mutex(Tables(capacity: max(1, capacity)))
    }

    /// The shaped run for `text`, from the cache or shaped now with `shaper`.
    public func shape<S: StringProtocol>(
        text: S, face: FontFace, size: Double, direction: Direction = .ltr,
        script: Script? = nil, language: String? = nil,
        features: [FontFeature] = [], smallCaps: Bool = false, shaper: Shaper
    ) -> ShapedRun {
        let scalars = Array(text.unicodeScalars)
        let style = Style(face: ObjectIdentifier(face), size: size, direction: direction, script: script,
                          language: language, features: features, smallCaps: smallCaps)
        var glyphs: [ShapedGlyph] = []
        let synthesis = shapeWords(scalars, [0..<scalars.count], style: style, face: face, shaper: shaper, into: &glyphs)
        return ShapedRun(glyphs: glyphs, direction: direction, scalarCount: scalars.count, needsSmallCapsSynthesis: synthesis)
    }

    /// Hits and misses so far, for measurement.
    public var statistics: (hits: Int, misses: Int, count: Int) {
        tables.withLock { ($0.hits, $0.misses, $0.young.count + $0.old.count) }
    }

    /// Shapes several words of `scalars`, each alone, and appends their glyphs to `glyphs` in
    /// order, clusters made paragraph offsets. Words found are copied out under the lock;
    /// at a missing word the lock is let go while it is shaped, and taken again to store it
    /// and go on (a single space, met in most words' wake, is looked up once per call).
    /// Returns whether the last word needs small caps synthesised.
    @discardableResult
    func shapeWords(_ scalars: [Unicode.Scalar], _ words: [Range<Int>], style: Style, face: FontFace,
                    shaper: Shaper, into glyphs: inout [ShapedGlyph]) -> Bool {
        var synthesis = false
        var space: [ShapedGlyph]?
        var k = 0
        var id = -1
        // A word shaped while the lock was let go (its glyphs are the last ones of `glyphs`),
        // to store when the lock is taken again.
        var shaped: (word: Range<Int>, hash: UInt64, glyphs: Range<Int>, synthesis: Bool)?
        scalars.withUnsafeBufferPointer { buffer in
            while true {
                let missing: UInt64? = tables.withLock { t in
                    if id < 0 { id = t.intern(style, face: face) }
                    if let (word, hash, run, synthesis) = shaped {
                        let text = UnsafeBufferPointer(rebasing: buffer[word])
                        if word.count <= ShapeCache.longestCachedWord, t.young.find(hash, style: id, text) == nil {
                            t.insert(hash, style: id, text, glyphs: glyphs[run], clusterShift: word.lowerBound,
                                     needsSmallCapsSynthesis: synthesis)
                        }
                        shaped = nil
                    }
                    return t.lookUp(words, from: &k, in: buffer, style: id, into: &glyphs, space: &space, synthesis: &synthesis)
                }
                guard let hash = missing else { break }
                let word = words[k]
                let start = glyphs.count
                synthesis = shaper.shape(UnsafeBufferPointer(rebasing: buffer[word]), item: 0..<word.count, face: face, size: style.size,
                                         direction: style.direction, script: style.script, language: style.language,
                                         features: style.features, smallCaps: style.smallCaps,
                                         into: &glyphs, clusterOffset: word.lowerBound)
                shaped = (word, hash, start..<glyphs.count, synthesis)
                k += 1
            }
        }
        return synthesis
    }

    static func append(_ run: [ShapedGlyph], offset: Int, to glyphs: inout [ShapedGlyph]) {
        for glyph in run {
            var g = glyph
            g.cluster += offset
            glyphs.append(g)
        }
    }
}
