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
            // The best way to end a line here, per fitness class (no allocation per break).
            var best = BestPerFitness()
            var kept = 0
            for k in active.indices {
                let index = active[k]
                let a = nodes[index]
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
                // Overfull: every later break from this node is too; it leaves the active list.
                guard ratio >= -1 else { continue }
                active[kept] = index
                kept += 1
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
                best.offer(a.demerits + demerits, from: index, fitness: fitness)
            }
            active.removeSubrange(kept...)
            if forced { active.removeAll() }
            // As TeX: a class whose best is worse than the overall best by more than the charge
            // for a fitness jump can never win; it makes no node.
            var least = Double.infinity
            for fitness in 0..<4 { if let found = best[fitness] { least = min(least, found.demerits) } }
            for fitness in 0..<4 {
                guard let found = best[fitness], found.demerits <= least + p.adjacentFitnessDemerits else { continue }
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
