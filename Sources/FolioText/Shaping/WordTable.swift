/// One generation of the `ShapeCache`: shaped words kept in flat pools (their scalars, their
/// glyphs) and found through an open-addressing table of 64-bit hashes.
///
/// A lookup hashes the word where it lies in the paragraph, probes a few adjacent slots and
/// compares the scalars in the pool: no allocation and no reference counting per word, and
/// few cache lines touched — a book's vocabulary is tens of thousands of words, looked up
/// hundreds of thousands of times.
struct WordTable {
    /// A glyph as the pool keeps it: positions in font units, the integers HarfBuzz gives
    /// (the shaper scales them by `size / unitsPerEm`, and so does `appendGlyphs`, so they
    /// read back bit for bit) — 12 bytes instead of a `ShapedGlyph`'s 48, for a vocabulary of
    /// tens of thousands of words. OpenType glyph ids are 16-bit; a word whose clusters or
    /// positions do not fit 16 bits (a font of 30,000 units per em) is not kept.
    struct PooledGlyph {
        var id: UInt16
        /// Relative to the word.
        var cluster: UInt16
        var xAdvance: Int16
        var yAdvance: Int16
        var xOffset: Int16
        var yOffset: Int16
    }

    /// 24 bytes: the hash's low half tells slots apart before the text is compared; a
    /// generation's positions are scaled by its style's `scale`, which the caller knows.
    struct Slot {
        /// 0: empty.
        var tag: UInt32 = 0
        var style: Int32 = 0
        var textStart: Int32 = 0
        var glyphStart: Int32 = 0
        var textCount: UInt16 = 0
        var glyphCount: UInt16 = 0
        var needsSmallCapsSynthesis = false
    }

    /// A slot's tag for a hash: never 0 (empty).
    @inline(__always)
    static func tag(_ hash: UInt64) -> UInt32 {
        let low = UInt32(truncatingIfNeeded: hash)
        return low == 0 ? 1 : low
    }

    private var slots: [Slot]
    private var mask: Int
    private(set) var text: [Unicode.Scalar] = []
    private(set) var glyphs: [PooledGlyph] = []
    private(set) var count = 0
    /// Entries this generation takes before it ages.
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        // The table starts small and doubles as words come (`grow`): a short book's handful of
        // words does not zero a full generation's table, 400 KB of pages touched at start-up.
        slots = [Slot](filled: Slot(), count: 16)
        mask = 15
    }

    /// Doubles the table once it is half full, so probes stay short; each slot goes back where
    /// `find` starts looking for it, from its word's hash (made again from the pooled text).
    private mutating func grow() {
        let old = slots
        let size = old.count * 2
        slots = [Slot](filled: Slot(), count: size)
        mask = size - 1
        for slot in old where slot.tag != 0 {
            let start = Int(slot.textStart)
            let hash = Self.hash(style: Int(slot.style), text[start..<(start + Int(slot.textCount))])
            var index = Int(truncatingIfNeeded: hash >> 32) & mask
            while slots[index].tag != 0 { index = (index + 1) & mask }
            slots[index] = slot
        }
    }

    /// Full: the entry count reached the capacity, or a pool could outgrow its 32-bit offsets.
    var isFull: Bool { count >= capacity || text.count > 1 << 30 || glyphs.count > 1 << 30 }

    static func hash<C: Collection<Unicode.Scalar>>(style: Int, _ word: C) -> UInt64 {
        // FNV-1a, then a final mix so that the low bits (the slot index) depend on every scalar.
        var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(UInt(bitPattern: style))
        for scalar in word { h = (h ^ UInt64(scalar.value)) &* 0x100_0000_01b3 }
        h ^= h >> 33
        h = h &* 0xff51_afd7_ed55_8ccd
        h ^= h >> 33
        return h == 0 ? 1 : h
    }

    /// The slot of `word` in `style`, or nil.
    func find(_ hash: UInt64, style: Int, _ word: UnsafeBufferPointer<Unicode.Scalar>) -> Slot? {
        slots.withUnsafeBufferPointer { slots in
            text.withUnsafeBufferPointer { text in
                let tag = Self.tag(hash)
                var index = Int(truncatingIfNeeded: hash >> 32) & mask
                while true {
                    let slot = slots[index]
                    if slot.tag == 0 { return nil }
                    if slot.tag == tag && Int(slot.style) == style && Int(slot.textCount) == word.count
                        && Self.equal(text, from: Int(slot.textStart), word) {
                        return slot
                    }
                    index = (index + 1) & mask
                }
            }
        }
    }

    /// Words are short: a loop beats a call to `memcmp`.
    @inline(__always)
    private static func equal(_ text: UnsafeBufferPointer<Unicode.Scalar>, from start: Int, _ word: UnsafeBufferPointer<Unicode.Scalar>) -> Bool {
        for k in 0..<word.count where text[start + k] != word[k] { return false }
        return true
    }

    /// Appends a slot's glyphs to `out`, their clusters moved by `offset`.
    func appendGlyphs(of slot: Slot, offset: Int, scale: Double, to out: inout [ShapedGlyph]) {
        glyphs.withUnsafeBufferPointer { pool in
            for g in pool[Int(slot.glyphStart)..<(Int(slot.glyphStart) + Int(slot.glyphCount))] {
                out.append(ShapedGlyph(id: UInt32(g.id), cluster: Int(g.cluster) + offset,
                                       xAdvance: Double(g.xAdvance) * scale, yAdvance: Double(g.yAdvance) * scale,
                                       xOffset: Double(g.xOffset) * scale, yOffset: Double(g.yOffset) * scale))
            }
        }
    }

    /// A slot's glyphs, clusters relative to the word.
    func glyphs(of slot: Slot, scale: Double) -> [ShapedGlyph] {
        var out: [ShapedGlyph] = []
        out.reserveCapacity(Int(slot.glyphCount))
        appendGlyphs(of: slot, offset: 0, scale: scale, to: &out)
        return out
    }

    /// A slot's glyphs as the pool keeps them.
    func pooled(of slot: Slot) -> ArraySlice<PooledGlyph> {
        glyphs[Int(slot.glyphStart)..<(Int(slot.glyphStart) + Int(slot.glyphCount))]
    }

    /// Adds a word (the caller checked it is absent); `clusterShift` is taken off the glyphs'
    /// clusters, which the table keeps relative to the word; `scale` is the px per font unit
    /// the shaper scaled positions by. A word whose positions are not whole font units times
    /// `scale` (or whose clusters do not fit) is not kept: returns false.
    @discardableResult
    mutating func insert<W: Collection<Unicode.Scalar>, G: Collection<ShapedGlyph>>(
        _ hash: UInt64, style: Int, _ word: W, glyphs run: G, clusterShift: Int = 0, scale: Double, needsSmallCapsSynthesis: Bool
    ) -> Bool {
        guard scale > 0, scale.isFinite, word.count <= Int(UInt16.max), run.count <= Int(UInt16.max) else { return false }
        var pooled: [PooledGlyph] = []
        pooled.reserveCapacity(run.count)
        func units(_ value: Double) -> Int16? {
            let rounded = (value / scale).rounded()
            guard let whole = Int16(exactly: rounded), Double(whole) * scale == value else { return nil }
            return whole
        }
        for g in run {
            guard let id = UInt16(exactly: g.id), let cluster = UInt16(exactly: g.cluster - clusterShift), let xAdvance = units(g.xAdvance),
                  let yAdvance = units(g.yAdvance), let xOffset = units(g.xOffset), let yOffset = units(g.yOffset) else { return false }
            pooled.append(PooledGlyph(id: id, cluster: cluster, xAdvance: xAdvance, yAdvance: yAdvance, xOffset: xOffset, yOffset: yOffset))
        }
        insert(hash, style: style, word, pooled: pooled, needsSmallCapsSynthesis: needsSmallCapsSynthesis)
        return true
    }

    /// Adds a word with glyphs already in the pool's form (moved from another generation).
    mutating func insert<W: Collection<Unicode.Scalar>, G: Collection<PooledGlyph>>(
        _ hash: UInt64, style: Int, _ word: W, pooled run: G, needsSmallCapsSynthesis: Bool
    ) {
        if count == 0 {
            // Room for a generation's words at once (untouched pages cost nothing), so the
            // pools do not double — old and new copies alive together — as they fill.
            text.reserveCapacity(capacity * 8)
            glyphs.reserveCapacity(capacity * 8)
        }
        if (count + 1) * 2 > slots.count { grow() }
        var index = Int(truncatingIfNeeded: hash >> 32) & mask
        while slots[index].tag != 0 { index = (index + 1) & mask }
        slots[index] = Slot(tag: Self.tag(hash), style: Int32(truncatingIfNeeded: style), textStart: Int32(text.count),
                            glyphStart: Int32(glyphs.count), textCount: UInt16(word.count), glyphCount: UInt16(run.count),
                            needsSmallCapsSynthesis: needsSmallCapsSynthesis)
        text.append(contentsOf: word)
        glyphs.append(contentsOf: run)
        count += 1
    }
}
