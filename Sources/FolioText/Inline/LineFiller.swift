import FolioStyle

/// Chooses where the paragraph's lines end: first fit, greedily (each line takes as many
/// break opportunities as fit).
///
/// A line ends at the last opportunity whose content fits, trailing spaces hanging (CSS Text
/// 3 §4.1.2) and a hyphen counted at a hyphenated break. When not even the first fits, the
/// line takes emergency breaks (`overflow-wrap`) if the style allows, else it overflows with
/// its unbreakable word. A hyphenation point in the paragraph's last word is never used.
///
/// `hyphens: auto` is looked up lazily, only for the words whose points can change the line
/// (usually the one that straddles its end); the lines are the same as with every word
/// hyphenated up front (see `settle`).
///
/// Paragraphs are set total-fit instead (`totalFit`, LineFiller+TotalFit.swift); first fit
/// remains for lines beside floats and the emergencies total fit gives up on.
/// https://www.w3.org/TR/css-text-3/#line-breaking
struct LineFiller {
    struct Line {
        var range: Range<Int>
        var kind: BreakOpportunity
        var overflows: Bool
    }

    let shaped: ShapedParagraph
    var breaker: LineBreaker
    /// Hyphenated breaks after this offset fall in the paragraph's last word.
    let lastWordStart: Int
    /// The width of the hyphen shown after scalar k.
    let hyphenWidth: (Int) -> Double
    /// `hyphens: auto` words are hyphenated when needed (the breaker has a lazy hyphenator).
    let lazy: Bool
    /// Punctuation that may hang into the margins (nil: none can).
    var protrusion: Protrusion?
    /// The widest hyphen of the paragraph, once asked for.
    var widestHyphenWidth: Double?
    /// The first usable break found after `from` (no other break lies between), while the
    /// breaker's breaks are unchanged.
    var firstBreakAhead: FirstBreak?

    struct FirstBreak {
        var from: Int
        var at: Int
        var generation: Int
        /// `from..<at - 1` lies inside one word too long for the hyphenator.
        var longWord: Bool
    }
    static let epsilon = 1e-6

    init(shaped: ShapedParagraph, breaker: LineBreaker, hyphenWidth: @escaping (Int) -> Double) {
        self.shaped = shaped
        self.breaker = breaker
        self.hyphenWidth = hyphenWidth
        lazy = breaker.lazyHyphenator != nil
        let kinds = breaker.kinds
        lastWordStart = kinds.indices.dropLast().last { kinds[$0] == .allowed || kinds[$0] == .mandatory }.map { $0 + 1 } ?? 0
    }

    /// The content width of a line ending at a break: trailing spaces and a forced break
    /// hang; a hyphen is added at a hyphenated break.
    func measure(_ range: Range<Int>, kind: BreakOpportunity) -> Double {
        let end = contentEnd(range)
        var width = shaped.width(range.lowerBound..<end)
        if kind == .hyphenated && end > range.lowerBound { width += hyphenWidth(end - 1) }
        return width
    }

    func contentEnd(_ range: Range<Int>) -> Int {
        var end = range.upperBound
        let scalars = shaped.collected.scalars
        while end > range.lowerBound, Self.hangs(scalars[end - 1]) { end -= 1 }
        return end
    }

    static func hangs(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\u{3000}" || scalar == CollectedText.lineSeparator
    }

    /// What hangs into the margins of the line from `start` to break `b`, `natural` px wide in
    /// `available` px (`Protrusion`).
    func hang(start: Int, end b: LineBreaker.Break, natural: Double, available: Double) -> Double {
        guard let protrusion else { return 0 }
        let hangs = protrusion.hangs(content: start..<contentEnd(start..<b.offset), hyphenated: b.kind == .hyphenated,
                                     last: b.offset >= shaped.collected.scalars.count, natural: natural, room: available)
        return hangs.start + hangs.end
    }

    /// True when `range` is longer than any word the hyphenator takes and holds no space.
    func isLongWord(_ range: Range<Int>) -> Bool {
        guard range.count > Hyphenator.maximumWordBytes else { return false }
        let scalars = shaped.collected.scalars
        return !range.contains { LineBreaker.isSpace(scalars[$0]) }
    }

    /// Hyphenates every word of the paragraph that is not done yet.
    mutating func hyphenateEverything() {
        hyphenateAll(0..<shaped.collected.scalars.count)
    }

    /// Hyphenates every word with a scalar in `range` that is not done yet.
    private mutating func hyphenateAll(_ range: Range<Int>) {
        for word in breaker.words(in: range) where breaker.mayHyphenate(word) {
            breaker.hyphenate(word: word)
        }
    }

    func usable(_ b: LineBreaker.Break) -> Bool {
        guard b.kind == .hyphenated else { return true }
        return b.offset <= lastWordStart || shaped.collected.scalars[b.offset - 1] == "\u{AD}"
    }

    /// The line starting at `start` in `available` px (the paragraph setter asks line after
    /// line, each with the room it has).
    mutating func next(from start: Int, available: Double) -> Line {
        let epsilon = Self.epsilon
        breaker.seek(to: start)
        var best: LineBreaker.Break?
        var first: LineBreaker.Break?
        var settled = Settled(lineStart: start, prefix: shaped.prefix[start])
        var cursor = start
        // Lines cut inside one long word all find the same first break after it: skip the
        // word's scalars instead of scanning them again for every line (linear, not quadratic).
        // With lazy hyphenation only inside a word too long to hyphenate, whose points never change.
        var insideLongWord = false
        if let known = firstBreakAhead, known.generation == breaker.generation, known.from <= start, start < known.at - 1,
           !lazy || known.longWord {
            breaker.seek(to: known.at - 1)
            cursor = known.at - 1
            settled.offset = max(settled.offset, known.at - 1)
            insideLongWord = known.longWord
        }
        // A hyphenation point's line has at least the room its start's hang gives.
        let pointRoom = available + (protrusion?.start(at: start, first: start == 0) ?? 0)
        while let b = breaker.nextBreak() {
            let usable = usable(b)
            let width = measure(start..<b.offset, kind: b.kind)
            let room = available + hang(start: start, end: b, natural: width, available: available)
            if lazy, b.offset > settled.offset,
               settle(&settled, before: b, fits: usable && width <= room + epsilon, available: pointRoom) {
                // New hyphenation points before `b`: look again from where we were.
                breaker.seek(to: cursor)
                continue
            }
            cursor = b.offset
            guard usable else { continue }
            if first == nil { first = b }
            guard width <= room + epsilon else { break }
            best = b
            if b.kind == .mandatory { break }
        }
        if let best { return Line(range: start..<best.offset, kind: best.kind, overflows: false) }
        if let first, firstBreakAhead?.at != first.offset || firstBreakAhead?.generation != breaker.generation {
            firstBreakAhead = FirstBreak(from: start, at: first.offset, generation: breaker.generation,
                                         longWord: isLongWord(start..<(first.offset - 1)))
        }
        guard let first else {
            let end = shaped.collected.scalars.count
            return Line(range: start..<end, kind: .mandatory, overflows: measure(start..<end, kind: .mandatory) > available + epsilon)
        }
        // Nothing fits: emergency breaks inside the first word, when allowed. Up-front
        // hyphenation would have turned some into (unusable) hyphenated breaks even in the
        // last word: hyphenate what is left before looking.
        if lazy && !insideLongWord { hyphenateAll(start..<first.offset) }
        breaker.seek(to: start)
        var emergency: LineBreaker.Break?
        while let b = breaker.nextBreak(includingEmergency: true), b.offset < first.offset {
            guard b.kind == .emergency else { continue }
            if emergency != nil && measure(start..<b.offset, kind: b.kind) > available + epsilon { break }
            emergency = b
        }
        if let emergency {
            let overflows = measure(start..<emergency.offset, kind: .emergency) > available + epsilon
            return Line(range: start..<emergency.offset, kind: .emergency, overflows: overflows)
        }
        return Line(range: start..<first.offset, kind: first.kind, overflows: true)
    }
}
