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
/// Passes, as TeX: without hyphenation points first (soft hyphens the book wrote count),
/// with a tolerance of r ≤ 1 (badness 100); then, when that fails, with every word
/// hyphenated (where the text may be) and r ≤ 1.26 (badness 200); then with any stretch, the
/// badness no longer capped so that the loosest line is kept as tight as the words allow. No more than two hyphenated lines in a row. When no set of breaks
/// keeps every line from being overfull (a word wider than the line), nil: the caller sets
/// the paragraph first-fit, whose emergency breaks handle such words.
/// https://www.w3.org/TR/css-text-4/#text-wrap-style (`pretty`)
extension LineFiller {
    /// What the breaks are weighed with.
    struct TotalFit {
        /// Added to every line's badness: fewer lines are better, all else equal.
        var linePenalty = 10.0
        var hyphenPenalty = 50.0
        var doubleHyphenDemerits = 3000.0
        var adjacentFitnessDemerits = 10000.0
        /// Stretch and shrink of word separators, as shares of their width.
        var stretch = 0.5
        var shrink = 1.0 / 3
        /// Paragraphs with more break opportunities than this are set first-fit (their cost
        /// would grow with the active nodes; such paragraphs are lists of words, not prose).
        var maximumCandidates = 50_000
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
    }

    /// The paragraph's lines chosen total-fit, line `k` at most `available(k)` px wide; nil
    /// when no pass finds breaks that keep every line within its width.
    /// `separators[i]` is the width of the word separators before scalar `i`.
    mutating func totalFit(available: (Int) -> Double, separators: [Double], parameters: TotalFit = TotalFit()) -> [Line]? {
        let hyphenating = breaker.lazyHyphenator != nil || breaker.kinds.contains(.hyphenated)
        if let lines = totalFitPass(available: available, separators: separators, parameters: parameters, autoHyphens: false, tolerance: 1) {
            return lines
        }
        if hyphenating && lazy { hyphenateEverything() }
        if let lines = totalFitPass(available: available, separators: separators, parameters: parameters, autoHyphens: hyphenating,
                                    tolerance: 1.26) {
            return lines
        }
        return totalFitPass(available: available, separators: separators, parameters: parameters, autoHyphens: hyphenating,
                            tolerance: .infinity)
    }

    private mutating func totalFitPass(available: (Int) -> Double, separators: [Double], parameters p: TotalFit,
                                       autoHyphens: Bool, tolerance: Double) -> [Line]? {
        let scalars = shaped.collected.scalars
        var nodes = [Node(position: 0, line: 0, fitness: 1, demerits: 0, previous: nil, kind: .allowed, hyphens: 0)]
        var active = [0]
        var candidates = 0
        breaker.seek(to: 0)
        while let b = breaker.nextBreak() {
            candidates += 1
            guard candidates <= p.maximumCandidates else { return nil }
            if b.kind == .hyphenated {
                guard usable(b), autoHyphens || scalars[b.offset - 1] == "\u{AD}" else { continue }
            }
            let forced = b.kind == .mandatory
            // The best way to end a line here, per fitness class.
            var best: [(demerits: Double, from: Int)?] = [nil, nil, nil, nil]
            var k = 0
            while k < active.count {
                let a = nodes[active[k]]
                let range = a.position..<b.offset
                let end = contentEnd(range)
                let natural = measure(range, kind: b.kind)
                let room = available(a.line)
                let glue = separators[end] - separators[min(a.position, end)]
                let ratio: Double
                if natural > room + Self.epsilon {
                    // The last line and a line before a forced break are not justified: they must fit.
                    ratio = glue > 0 && !forced ? (room - natural) / (glue * p.shrink) : -.infinity
                } else if forced {
                    ratio = 0
                } else {
                    ratio = natural < room - Self.epsilon ? (glue > 0 ? (room - natural) / (glue * p.stretch) : .infinity) : 0
                }
                if ratio < -1 {
                    // Overfull: every later break from this node is too.
                    active.remove(at: k)
                    continue
                }
                k += 1
                guard ratio <= tolerance || (tolerance.isInfinite && ratio.isInfinite) else { continue }
                let hyphenated = b.kind == .hyphenated
                if hyphenated && a.hyphens >= 2 { continue }
                // Not capped at TeX's 10,000: in the last pass a line twice too loose must
                // still weigh more than one a little too loose.
                let badness = ratio.isInfinite ? 1e9 : 100 * abs(ratio * ratio * ratio)
                let fitness = ratio < -0.5 ? 0 : ratio <= 0.5 ? 1 : ratio <= 1 ? 2 : 3
                var demerits = (p.linePenalty + badness) * (p.linePenalty + badness)
                if hyphenated { demerits += p.hyphenPenalty * p.hyphenPenalty }
                if hyphenated && a.kind == .hyphenated { demerits += p.doubleHyphenDemerits }
                if abs(fitness - a.fitness) > 1 { demerits += p.adjacentFitnessDemerits }
                let total = a.demerits + demerits
                if best[fitness].map({ total < $0.demerits }) ?? true { best[fitness] = (total, active[k - 1]) }
            }
            if forced { active.removeAll() }
            for (fitness, found) in best.enumerated() {
                guard let found else { continue }
                let from = nodes[found.from]
                nodes.append(Node(position: b.offset, line: from.line + 1, fitness: forced ? 1 : fitness, demerits: found.demerits,
                                  previous: found.from, kind: b.kind, hyphens: b.kind == .hyphenated ? from.hyphens + 1 : 0))
                active.append(nodes.count - 1)
            }
            if forced {
                // Only the best way to reach a forced break matters from here on.
                guard let winner = active.min(by: { nodes[$0].demerits < nodes[$1].demerits }) else { return nil }
                active = [winner]
            }
            if active.isEmpty { return nil }
        }
        guard let last = active.filter({ nodes[$0].position == scalars.count }).min(by: { nodes[$0].demerits < nodes[$1].demerits }) else {
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
}
