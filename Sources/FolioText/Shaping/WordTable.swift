/// One generation of the `ShapeCache`: shaped words kept in flat pools (their scalars, their
/// glyphs) and found through an open-addressing table of 64-bit hashes.
///
/// A lookup hashes the word where it lies in the paragraph, probes a few adjacent slots and
/// compares the scalars in the pool: no allocation and no reference counting per word, and
/// few cache lines touched — a book's vocabulary is tens of thousands of words, looked up
/// hundreds of thousands of times.
struct WordTable {
    struct Slot {
        /// 0: empty.
        var hash: UInt64 = 0
        var style: Int32 = 0
        var textStart: Int32 = 0
        var textCount: Int32 = 0
        var glyphStart: Int32 = 0
        var glyphCount: Int32 = 0
        var needsSmallCapsSynthesis = false
    }

    private var slots: [Slot]
    private var mask: Int
    private(set) var text: [Unicode.Scalar] = []
    private(set) var glyphs: [ShapedGlyph] = []
    private(set) var count = 0
    /// Entries this generation takes before it ages.
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        // At most half full, so probes stay short.
        var size = 16
        while size < capacity * 2 { size *= 2 }
        slots = [Slot](repeating: Slot(), count: size)
        mask = size - 1
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
                var index = Int(truncatingIfNeeded: hash) & mask
                while true {
                    let slot = slots[index]
                    if slot.hash == 0 { return nil }
                    if slot.hash == hash && Int(slot.style) == style && Int(slot.textCount) == word.count
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
    func appendGlyphs(of slot: Slot, offset: Int, to out: inout [ShapedGlyph]) {
        let start = out.count
        glyphs.withUnsafeBufferPointer { pool in
            out.append(contentsOf: UnsafeBufferPointer(rebasing: pool[Int(slot.glyphStart)..<Int(slot.glyphStart + slot.glyphCount)]))
        }
        out.withUnsafeMutableBufferPointer { out in
            for k in start..<out.count { out[k].cluster += offset }
        }
    }

    /// A slot's glyphs.
    func glyphs(of slot: Slot) -> ArraySlice<ShapedGlyph> {
        glyphs[Int(slot.glyphStart)..<Int(slot.glyphStart + slot.glyphCount)]
    }

    /// Adds a word (the caller checked it is absent); `clusterShift` is taken off the glyphs'
    /// clusters, which the table keeps relative to the word.
    mutating func insert<W: Collection<Unicode.Scalar>, G: Collection<ShapedGlyph>>(_ hash: UInt64, style: Int, _ word: W,
                                                     glyphs run: G, clusterShift: Int = 0, needsSmallCapsSynthesis: Bool) {
        var index = Int(truncatingIfNeeded: hash) & mask
        while slots[index].hash != 0 { index = (index + 1) & mask }
        slots[index] = Slot(hash: hash, style: Int32(truncatingIfNeeded: style), textStart: Int32(text.count),
                            textCount: Int32(word.count), glyphStart: Int32(glyphs.count), glyphCount: Int32(run.count),
                            needsSmallCapsSynthesis: needsSmallCapsSynthesis)
        text.append(contentsOf: word)
        let start = glyphs.count
        glyphs.append(contentsOf: run)
        if clusterShift != 0 {
            for k in start..<glyphs.count { glyphs[k].cluster -= clusterShift }
        }
        count += 1
    }
}
