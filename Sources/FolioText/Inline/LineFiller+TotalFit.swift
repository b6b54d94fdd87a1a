/// Total-fit line breaking (Knuth & Plass, "Breaking Paragraphs into Lines", 1981): the
/// breaks of a whole paragraph chosen together, so that its lines are as evenly spaced as
/// the words allow, rather than each line taking as much as fits.
///
/// The model is TeX's. A line's word separators are glue that stretches by half its width
/// and shrinks by a third; a line's adjustment ratio r is the share of that stretch (or
/// shrink) its justification uses. Its badness is 100·|r|³; a line shrunk past r = −1 is
/// impossible. Demerits are (line penalty + badness)², plus the square of a hyphen's
/// penalty, plus a charge for two hyphenated lines in a row and for neighbouring lines of
/// very different tightness (fitness classes). The last line, and a line before a forced
/// break, end with infinitely stretchable glue: they are not stretched. The paragraph's
/// breaks are those of least total demerits, found by dynamic programming over the break
/// opportunities with the nodes still able to start a line kept active.
///
/// Ragged text is set by the same machinery: its word spaces neither stretch nor shrink, and
/// the empty end of each line is glue with a fixed stretch (`raggedStretch`, 3 em), so that
/// the least demerits give the most even right edge the words allow. A break after a hyphen
/// of the text costs as TeX's \exhyphenpenalty.
///
/// Passes, as TeX: without hyphenation points first (soft hyphens the book wrote count),
/// with a tolerance of r ≤ 1 (badness 100); then, when that fails, with hyphenation points
/// (where the text may be hyphenated) and r ≤ 2 (badness 800; spaces at most twice their width); then with any
/// stretch, the badness no longer capped so that the loosest line is kept as tight as the
/// words allow. No more than two hyphenated lines in a row. Words are hyphenated lazily: in
/// a pass with a tolerance, only a word some active node could end a line inside within it
/// (`mayEndLine`), which gives the breaks hyphenating every word would. When no set of breaks
/// keeps every line from being overfull (a word wider than the line), nil: the caller sets
/// the paragraph first-fit, whose emergency breaks handle such words. A very long paragraph
/// is set in windows (`windowScalars`), each ending as a paragraph would, its last lines set
/// again with the next: linear time and memory, the breaks those of total fit but near the
/// seams.
/// https://www.w3.org/TR/css-text-4/#text-wrap-style (`pretty`)
extension LineFiller {
    /// What the breaks are weighed with.
    struct TotalFit {
        /// Added to every line's badness: fewer lines are better, all else equal.
        var linePenalty = 10.0
        var hyphenPenalty = 50.0
        /// A break after a hyphen written in the text ("north-|east"): TeX's \exhyphenpenalty.
        var explicitHyphenPenalty = 50.0
        var doubleHyphenDemerits = 3000.0
        var adjacentFitnessDemerits = 10000.0
        /// Stretch and shrink of word separators, as shares of their width.
        var stretch = 0.5
        var shrink = 1.0 / 3
        /// The tolerance of the second pass: r ≤ 2, word spaces at most twice their natural
        /// width (badness 800). A paragraph whose best breaks need a line looser than this is
        /// set by a last pass without one; bounding it first lets lazy hyphenation leave alone
        /// the words no line that loose can end in. (TeX's r ≤ 1.26, then r ≤ 4, gave the
        /// same distribution of spacing on the corpus books for a third more time.)
        var looseTolerance = 2.0
        /// For ragged text: the stretch of the empty end of a line, px (its word spaces do not
        /// stretch or shrink). Nil for justified text.
        var raggedStretch: Double?
        /// Ragged text's end-of-line stretch, in ems of the block's font (ragged2e's default
        /// for LaTeX is 2 em on a 30 em line; a phone's line is some 21 em).
        static let raggedEms = 3.0
        /// A paragraph longer than this many scalars is set in windows of about this length
        /// (some 2,000 words): each window total-fit, its last lines set again at the start
        /// of the next, so that time and memory stay linear in the paragraph's length.
        var windowScalars = 12_000
        /// Lines of a window set again in the next.
        static let windowOverlap = 3
        /// A window with more break opportunities than this is set first-fit instead (its
        /// cost would grow with the active nodes; such text is a list of words, not prose).
        var maximumCandidates = 50_000
    }

    /// The least demerits found for each of the four fitness classes, and the node they come from.
    private struct BestPerFitness {
        private var demerits = (Double.infinity, Double.infinity, Double.infinity, Double.infinity)
        private var from = (-1, -1, -1, -1)

        subscript(fitness: Int) -> (demerits: Double, from: Int)? {
            let pair: (Double, Int)
            switch fitness {
            case 0: pair = (demerits.0, from.0)
            case 1: pair = (demerits.1, from.1)
            case 2: pair = (demerits.2, from.2)
            default: pair = (demerits.3, from.3)
            }
            return pair.1 < 0 ? nil : pair
        }

        mutating func offer(_ total: Double, from node: Int, fitness: Int) {
            switch fitness {
            case 0: if total < demerits.0 { demerits.0 = total; from.0 = node }
            case 1: if total < demerits.1 { demerits.1 = total; from.1 = node }
            case 2: if total < demerits.2 { demerits.2 = total; from.2 = node }
            default: if total < demerits.3 { demerits.3 = total; from.3 = node }
            }
        }
    }

    private struct Node {
        var position: Int
        var line: Int
        var fitness: Int
        var demerits: Double
        var previous: Int?
        var kind: BreakOpportunity
        /// Hyphenated lines in a row ending here.
        var hyphens: Int
        /// What the line starting here hangs before its start edge (`Protrusion`), px.
        var startHang: Double
    }

    /// The width of the first line (after its indent) and of the others.
    typealias Available = (first: Double, rest: Double)

    /// The paragraph's lines chosen total-fit, the first at most `available.first` px wide and
    /// the others `available.rest`; nil when no pass finds breaks that keep every line within
    /// its width. `separators[i]` is the width of the word separators before scalar `i`.
    mutating func totalFit(available: Available, separators: [Double], parameters: TotalFit = TotalFit()) -> [Line]? {
        let count = shaped.collected.scalars.count
        var lines: [Line] = []
        var from = 0
        while true {
            // The last window runs to the paragraph's end; another ends at the first break
            // past its length, and keeps all but its last lines.
            let until = count - from > parameters.windowScalars ? from + parameters.windowScalars : nil
            // The hyphenated lines in a row the kept lines end with count in the next window.
            let hyphens = lines.reversed().prefix { $0.kind == .hyphenated }.count
            let span = Window(from: from, firstLine: lines.isEmpty, until: until, kind: lines.last?.kind ?? .allowed, hyphens: hyphens)
            guard let window = totalFit(span, available: available, separators: separators, parameters: parameters) else {
                return nil
            }
            guard until != nil, let last = window.last, last.range.upperBound < count else { return lines + window }
            let kept = window.dropLast(min(TotalFit.windowOverlap, window.count - 1))
            lines += kept
            from = kept.last!.range.upperBound
        }
    }

    /// One window: the lines from scalar `from` (a line's start) to the paragraph's end, or to
    /// the first break at or past `until`, taken as the end of a paragraph.
    private mutating func totalFit(_ window: Window, available: Available, separators: [Double], parameters: TotalFit) -> [Line]? {
        let hyphenating = breaker.lazyHyphenator != nil || breaker.kinds.contains(.hyphenated)
        if let lines = totalFitPass(window, available: available, separators: separators, parameters: parameters, autoHyphens: false,
                                    tolerance: 1) {
            return lines
        }
        if let lines = totalFitPass(window, available: available, separators: separators, parameters: parameters,
                                    autoHyphens: hyphenating, tolerance: parameters.looseTolerance) {
            return lines
        }
        // Without a tolerance any point may end a line: every word is hyphenated.
        if hyphenating && lazy { hyphenateEverything() }
        return totalFitPass(window, available: available, separators: separators, parameters: parameters, autoHyphens: hyphenating,
                            tolerance: .infinity)
    }

    /// Where a pass starts and ends.
    private struct Window {
        var from: Int
        /// `from` starts the paragraph's first line (its room is `available.first`).
        var firstLine: Bool
        var until: Int?
        /// How the line before `from` ended, and the hyphenated lines in a row ending there.
        var kind: BreakOpportunity
        var hyphens: Int
    }

    private mutating func totalFitPass(_ window: Window, available: Available, separators: [Double], parameters p: TotalFit,
                                       autoHyphens: Bool, tolerance: Double) -> [Line]? {
        let scalars = shaped.collected.scalars
        let prefix = shaped.prefix
        let firstRoom = available.first, room = available.rest
        let from = window.from
        var nodes = [Node(position: from, line: window.firstLine ? 0 : 1, fitness: 1, demerits: 0, previous: nil, kind: window.kind,
                          hyphens: window.hyphens, startHang: protrusion?.start(at: from, first: from == 0) ?? 0)]
        var active = [0]
        var candidates = 0
        // Lines from later active nodes are no wider and have no more glue when widths and
        // separators never decrease: once a line is too short by more than any node's room
        // could make up, so are the lines from every node after it (`tooShortFromHere`).
        let monotone = tolerance.isFinite && Self.isNondecreasing(prefix, from: from) && Self.isNondecreasing(separators, from: from)
        var leastStartHang = nodes[0].startHang
        let leastBase = min(firstRoom, room)
        // Lazy hyphenation: the words before `decided` have been looked at; `previous` is
        // the last break taken.
        let lazyWords = lazy && autoHyphens && tolerance.isFinite
        var decided = from, previous = from
        var end = scalars.count
        breaker.seek(to: from)
        while end == scalars.count, let b = breaker.nextBreak() {
            if lazyWords, b.offset - 1 > decided {
                // The hyphenation points the eager breaker would give before `b` lie in the
                // words of `previous..<b.offset - 1`; the active nodes are those such points
                // would be weighed against. A word none of them can end a line inside
                // within tolerance is left alone: its points would change nothing.
                var hyphenated = false
                var next = decided
                while let word = nextWordMayHyphenate(from: &next, in: decided..<(b.offset - 1)) {
                    guard mayEndLine(inside: word, from: active, of: nodes, available: available, separators: separators,
                                     parameters: p, tolerance: tolerance) else { continue }
                    breaker.hyphenate(word: word)
                    hyphenated = true
                }
                decided = b.offset - 1
                if hyphenated {
                    breaker.seek(to: previous)
                    continue
                }
            }
            previous = b.offset
            candidates += 1
            guard candidates <= p.maximumCandidates else { return nil }
            if b.kind == .hyphenated {
                guard usable(b), autoHyphens || scalars[b.offset - 1] == "\u{AD}" else { continue }
            }
            // The window's end is a paragraph's.
            let windowEnd = window.until.map { b.offset >= $0 && b.offset < scalars.count } ?? false
            if windowEnd { end = b.offset }
            let forced = b.kind == .mandatory || windowEnd
            let afterHyphen = b.kind == .allowed && b.offset >= 2 && (scalars[b.offset - 1] == "-" || scalars[b.offset - 1] == "\u{2010}")
            // The best way to end a line here, per fitness class (no allocation per break).
            var best = BestPerFitness()
            var kept = 0
            // What every line ending here shares (as `measure` and `contentEnd` give it for
            // a line from a node before the hanging spaces): its content's end, the prefix
            // sums there and the hyphen.
            let lastEnd = contentEnd(0..<b.offset)
            let prefixAtEnd = prefix[lastEnd], separatorsAtEnd = separators[lastEnd]
            let hyphen = b.kind == .hyphenated && lastEnd > 0 ? hyphenWidth(lastEnd - 1) : 0
            let endHang = protrusion?.end(at: lastEnd, hyphenated: b.kind == .hyphenated, last: b.offset == scalars.count) ?? (fixed: 0, allowed: 0)
            // The active list and the nodes are read and written in place: through the arrays,
            // every write checked the list's uniqueness and every read its bounds.
            active.withUnsafeMutableBufferPointer { act in
                nodes.withUnsafeBufferPointer { nodeBuffer in
                    for k in act.indices {
                        let index = act[k]
                        let a = nodeBuffer[index]
                        let natural: Double, glue: Double
                        if lastEnd > a.position {
                            natural = prefixAtEnd - prefix[a.position] + hyphen
                            glue = separatorsAtEnd - separators[a.position]
                        } else {
                            // Nothing but hanging spaces since the node.
                            natural = 0
                            glue = 0
                        }
                        var room = (a.line == 0 ? firstRoom : room) + a.startHang
                        if lastEnd > a.position { room += Protrusion.endHang(natural: natural, room: room, end: endHang) }
                        let ratio: Double
                        if natural > room + Self.epsilon {
                            // The last line and a line before a forced break are not justified: they must
                            // fit; nor may a ragged line shrink.
                            ratio = glue > 0 && !forced && p.raggedStretch == nil ? (room - natural) / (glue * p.shrink) : -.infinity
                        } else if forced {
                            ratio = 0
                        } else {
                            let stretch = p.raggedStretch ?? glue * p.stretch
                            ratio = natural < room - Self.epsilon ? (stretch > 0 ? (room - natural) / stretch : .infinity) : 0
                        }
                        // Overfull: every later break from this node is too; it leaves the active list.
                        guard ratio >= -1 else { continue }
                        act[kept] = index
                        kept += 1
                        guard ratio <= tolerance || (tolerance.isInfinite && ratio.isInfinite) else {
                            if monotone && !forced && natural <= room - Self.epsilon,
                               tooShortFromHere(natural: natural, stretch: p.raggedStretch ?? glue * p.stretch,
                                                leastRoom: leastBase + min(0, leastStartHang) + min(0, endHang.fixed), tolerance: tolerance) {
                                // The rest stay active and end no line here.
                                for j in (k + 1)..<act.count {
                                    act[kept] = act[j]
                                    kept += 1
                                }
                                break
                            }
                            continue
                        }
                        let hyphenated = b.kind == .hyphenated
                        if hyphenated && a.hyphens >= 2 { continue }
                        // Not capped at TeX's 10,000: in the last pass a line twice too loose must
                        // still weigh more than one a little too loose.
                        let badness = ratio.isInfinite ? 1e9 : 100 * abs(ratio * ratio * ratio)
                        let fitness = ratio < -0.5 ? 0 : ratio <= 0.5 ? 1 : ratio <= 1 ? 2 : 3
                        var demerits = (p.linePenalty + badness) * (p.linePenalty + badness)
                        if hyphenated { demerits += p.hyphenPenalty * p.hyphenPenalty }
                        if afterHyphen { demerits += p.explicitHyphenPenalty * p.explicitHyphenPenalty }
                        if hyphenated && a.kind == .hyphenated { demerits += p.doubleHyphenDemerits }
                        if abs(fitness - a.fitness) > 1 { demerits += p.adjacentFitnessDemerits }
                        best.offer(a.demerits + demerits, from: index, fitness: fitness)
                    }
                }
            }
            active.removeSubrange(kept...)
            if forced { active.removeAll() }
            let startHang = protrusion?.start(at: b.offset, first: false) ?? 0
            // As TeX: a class whose best is worse than the overall best by more than the charge
            // for a fitness jump can never win; it makes no node.
            var least = Double.infinity
            for fitness in 0..<4 { if let found = best[fitness] { least = min(least, found.demerits) } }
            for fitness in 0..<4 {
                guard let found = best[fitness], found.demerits <= least + p.adjacentFitnessDemerits else { continue }
                let from = nodes[found.from]
                nodes.append(Node(position: b.offset, line: from.line + 1, fitness: forced ? 1 : fitness, demerits: found.demerits,
                                  previous: found.from, kind: b.kind, hyphens: b.kind == .hyphenated ? from.hyphens + 1 : 0,
                                  startHang: startHang))
                active.append(nodes.count - 1)
                leastStartHang = min(leastStartHang, startHang)
            }
            if forced {
                // Only the best way to reach a forced break matters from here on.
                guard let winner = active.min(by: { nodes[$0].demerits < nodes[$1].demerits }) else { return nil }
                active = [winner]
            }
            if active.isEmpty { return nil }
        }
        guard let last = active.filter({ nodes[$0].position == end }).min(by: { nodes[$0].demerits < nodes[$1].demerits }) else {
            return nil
        }
        var lines: [Line] = []
        var node = last
        while let previous = nodes[node].previous {
            lines.append(Line(range: nodes[previous].position..<nodes[node].position, kind: nodes[node].kind, overflows: false))
            node = previous
        }
        return lines.reversed()
    }

    /// Whether a line `natural` px wide with `stretch` px of stretch, and every line from a
    /// later node (no wider, no more stretch, in no less than `leastRoom` px), is too short
    /// for `tolerance`: a margin well above rounding keeps the answer the pass's own.
    private func tooShortFromHere(natural: Double, stretch: Double, leastRoom: Double, tolerance: Double) -> Bool {
        let slack = leastRoom - natural
        let margin = 1e-6
        return slack > Self.epsilon + margin && stretch >= 0 && slack > tolerance * stretch + margin
    }

    /// Whether `values[from...]` never decrease.
    private static func isNondecreasing(_ values: [Double], from: Int) -> Bool {
        guard from < values.count else { return true }
        var last = values[from]
        for value in values[from...] {
            if value < last { return false }
            last = value
        }
        return true
    }

    /// The next of the words with a scalar in `range`, from `next` on, that may still be given
    /// hyphenation points (long enough, not the paragraph's last, asking for `hyphens: auto`),
    /// moving `next` past it; nil when there is none. Words begun before the range are skipped:
    /// they were looked at with the range that held their start.
    private func nextWordMayHyphenate(from next: inout Int, in range: Range<Int>) -> Range<Int>? {
        while next < range.upperBound {
            let word = breaker.word(around: next)
            guard !word.isEmpty else {
                next += 1
                continue
            }
            next = word.upperBound
            if word.lowerBound >= range.lowerBound && word.lowerBound < lastWordStart && breaker.mayHyphenate(word) { return word }
        }
        return nil
    }

    /// False only when no line from any of `nodes` can end at a point inside `word` with an
    /// adjustment ratio within [−1, `tolerance`]. Bounds, not exact: the narrowest such line
    /// has the word's shortest prefix and no hyphen, the widest its longest prefix and the
    /// paragraph's widest hyphen, and the glue lies between the separators before the word's
    /// second scalar and before its last; each bound is computed with the operations the pass
    /// uses, in the same order, so rounding cannot exclude a line the pass would take.
    private mutating func mayEndLine(inside word: Range<Int>, from active: [Int], of nodes: [Node], available: Available,
                                     separators: [Double],
                                     parameters p: TotalFit, tolerance: Double) -> Bool {
        guard word.count >= 2 else { return false }
        // Separators inside the word (a no-break space) let a node made at a break inside it
        // stretch a line to a later point: not worth bounding, the word is hyphenated.
        if separators[word.upperBound - 1] > separators[word.lowerBound] { return true }
        let prefix = shaped.prefix
        var lowest = Double.infinity, highest = -Double.infinity
        for point in (word.lowerBound + 1)..<word.upperBound {
            lowest = min(lowest, prefix[point])
            highest = max(highest, prefix[point])
        }
        let hyphen = widestHyphen()
        // A line ending inside the word ends in a hyphen, which may hang: by nothing at least,
        // by the widest hyphen's share at most.
        let hyphenHang = protrusion.map { $0.optical ? Protrusion.hyphenShare * hyphen : 0 } ?? 0
        let margin = 1e-9
        for index in active {
            let a = nodes[index]
            let room = (a.line == 0 ? available.first : available.rest) + a.startHang
            let roomest = room + hyphenHang
            let narrowest = lowest - prefix[a.position]
            let widest = highest - prefix[a.position] + hyphen
            let glue = separators[word.upperBound - 1] - separators[min(a.position, word.upperBound - 1)]
            if widest < room - Self.epsilon {
                // Every such line is short: the tightest stretches least.
                let stretch = p.raggedStretch ?? glue * p.stretch
                guard stretch > 0, (room - widest) / stretch <= tolerance + margin else { continue }
                return true
            }
            if narrowest > roomest + Self.epsilon {
                // Every such line is too long: the loosest shrinks least (a ragged one not at all).
                guard glue > 0, p.raggedStretch == nil, (roomest - narrowest) / (glue * p.shrink) >= -1 - margin else { continue }
                return true
            }
            return true
        }
        return false
    }
}
