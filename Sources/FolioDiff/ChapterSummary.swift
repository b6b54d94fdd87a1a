/// What changed in a chapter, in words, for people reading a CI log:
/// `chapter “IV”: 2 pages longer (12 → 14 pages)`, `chapter “IV”: paragraph “It was a dark…”
/// moved from page 41 to page 42`, `chapter “IV”: image on page 45 changed (EPUB/images/map.png)`.
///
/// Statements come in a fixed order: length, text edits, reflow, paragraph moves, renumbered
/// pages, images, other changes of look. Page numbers are the current rendering's unless the
/// page exists only in the baseline.
struct ChapterSummary {
    let work: ChapterWork
    /// Per pair of `work.pairs`: its status and where its pixels differ.
    let statuses: [PageStatus]
    let boxes: [PixelBox?]

    /// At most this many text edits are spelled out per chapter; the rest are counted.
    static let editLimit = 5

    func statements() -> [String] {
        let baselineNumbers = work.baseline.map(\.number), currentNumbers = work.current.map(\.number)
        if work.current.isEmpty { return ["\(work.label) removed (was \(Self.pages(baselineNumbers)))"] }
        if work.baseline.isEmpty { return ["\(work.label) added (\(Self.pages(currentNumbers)))"] }
        var out: [String] = []
        let difference = work.current.count - work.baseline.count
        if difference != 0 {
            let size = abs(difference) == 1 ? "1 page" : "\(abs(difference)) pages"
            out.append("\(size) \(difference > 0 ? "longer" : "shorter") (\(work.baseline.count) → \(work.current.count) pages)")
        }
        var touched = (baseline: Set<Int>(), current: Set<Int>())
        if let text = work.text {
            out += edits(text, touched: &touched)
        }
        var reflowed: [Int] = [], look: [(baseline: Int, current: Int)] = []
        var images: [String] = []
        for (k, pair) in work.pairs.enumerated() where statuses[k] == .changed {
            let b = work.baseline[pair.0], c = work.current[pair.1]
            if touched.baseline.contains(pair.0) || touched.current.contains(pair.1) { continue }
            if b.text != c.text {
                reflowed.append(c.number)
            } else if let box = boxes[k], let image = (c.images + b.images).first(where: { $0.box.intersects(box) }) {
                images.append("image on page \(Self.number(b, c)) changed" + (image.path.map { " (\($0))" } ?? ""))
            } else {
                look.append((b.number, c.number))
            }
        }
        if !reflowed.isEmpty {
            out.append("\(Self.pages(reflowed)) reflowed (same words, new page breaks)")
        }
        if let text = work.text { out += paragraphMoves(text) }
        out += renumbered()
        out += images
        if !look.isEmpty {
            let moved = look.contains { $0.baseline != $0.current }
            let was = moved ? " (\(look.count == 1 ? "was" : "were") \(Self.pages(look.map(\.baseline)).split(separator: " ", maxSplits: 1)[1]))" : ""
            out.append("\(Self.pages(look.map(\.current)))\(was) \(look.count == 1 ? "looks" : "look") different with the same text")
        }
        return out.map { "\(work.label): \($0)" }
    }

    /// The text edits, the first few spelled out, noting the pages they touch.
    private func edits(_ text: ChapterWork.TextComparison, touched: inout (baseline: Set<Int>, current: Set<Int>)) -> [String] {
        let (b, c) = (text.baseline, text.current)
        var out: [String] = []
        for edit in text.alignment.edits {
            var line: String
            switch edit {
            case .inserted(let paragraphs):
                let pages = paragraphs.flatMap { c.paragraphs[$0].words.map { c.wordPages[$0] } }
                touched.current.formUnion(pages)
                let numbers = Set(paragraphs.map { work.current[c.paragraphs[$0].page].number }).sorted()
                line = paragraphs.count == 1
                    ? "paragraph inserted on \(Self.pages(numbers)): \(c.opening(paragraphs.lowerBound))"
                    : "\(paragraphs.count) paragraphs inserted on \(Self.pages(numbers)), from \(c.opening(paragraphs.lowerBound))"
            case .deleted(let paragraphs):
                let pages = paragraphs.flatMap { b.paragraphs[$0].words.map { b.wordPages[$0] } }
                touched.baseline.formUnion(pages)
                let numbers = Set(paragraphs.map { work.baseline[b.paragraphs[$0].page].number }).sorted()
                line = paragraphs.count == 1
                    ? "paragraph \(b.opening(paragraphs.lowerBound)) deleted (was on \(Self.pages(numbers)))"
                    : "\(paragraphs.count) paragraphs deleted (were on \(Self.pages(numbers))), from \(b.opening(paragraphs.lowerBound))"
            case .reworded(_, let paragraph, let changes):
                for change in changes {
                    touched.baseline.formUnion(change.old.map { b.wordPages[$0] })
                    // A deletion touches the page where the following word now is.
                    let at = change.new.isEmpty ? [min(change.new.lowerBound, c.paragraphs[paragraph].words.upperBound - 1)] : Array(change.new)
                    touched.current.formUnion(at.map { c.wordPages[$0] })
                }
                guard let first = changes.first else { continue }
                let anchor = first.new.isEmpty ? min(first.new.lowerBound, c.paragraphs[paragraph].words.upperBound - 1) : first.new.lowerBound
                let page = work.current[c.wordPages[anchor]].number
                let old = ChapterText.quote(Array(b.words[first.old]), limit: 6), new = ChapterText.quote(Array(c.words[first.new]), limit: 6)
                line = first.old.isEmpty ? "page \(page): \(new) added" : first.new.isEmpty ? "page \(page): \(old) deleted" : "page \(page): \(old) → \(new)"
                if changes.count > 1 {
                    line += " (and \(changes.count - 1) more change\(changes.count == 2 ? "" : "s") in the paragraph)"
                }
            }
            out.append(line)
        }
        guard out.count > Self.editLimit else { return out }
        return Array(out.prefix(Self.editLimit)) + ["\(out.count - Self.editLimit) more text changes"]
    }

    /// Paragraphs kept whose first line is now on another page of the chapter: the first, and a count.
    private func paragraphMoves(_ text: ChapterWork.TextComparison) -> [String] {
        let moved = text.alignment.keptParagraphs.filter { text.baseline.paragraphs[$0.0].page != text.current.paragraphs[$0.1].page }
        guard let (b, c) = moved.first else { return [] }
        let from = work.baseline[text.baseline.paragraphs[b].page].number, to = work.current[text.current.paragraphs[c].page].number
        var line = "paragraph \(text.baseline.opening(b)) moved from page \(from) to page \(to)"
        if moved.count > 1 { line += " (and \(moved.count - 1) more paragraph\(moved.count == 2 ? "" : "s") moved)" }
        return [line]
    }

    /// Runs of pages with the same content at new numbers: `pages 6–9 are now pages 7–10`.
    private func renumbered() -> [String] {
        var runs: [(from: ClosedRange<Int>, shift: Int)] = []
        for (k, pair) in work.pairs.enumerated() where statuses[k] == .moved {
            let b = work.baseline[pair.0].number, shift = work.current[pair.1].number - b
            if let last = runs.last, last.shift == shift, last.from.upperBound == b - 1 {
                runs[runs.count - 1].from = last.from.lowerBound...b
            } else {
                runs.append((b...b, shift))
            }
        }
        return runs.map { run in
            let to = (run.from.lowerBound + run.shift)...(run.from.upperBound + run.shift)
            return run.from.count == 1
                ? "page \(run.from.lowerBound) is now page \(to.lowerBound) (same content)"
                : "pages \(run.from.lowerBound)–\(run.from.upperBound) are now pages \(to.lowerBound)–\(to.upperBound) (same content)"
        }
    }

    /// A matched page's number: `12`, or `12 (was 11)` when it moved.
    static func number(_ b: SnapshotPage, _ c: SnapshotPage) -> String {
        b.number == c.number ? "\(c.number)" : "\(c.number) (was \(b.number))"
    }

    /// `page 3`, `pages 3–5`, `pages 1, 3 and 5–7`.
    static func pages(_ numbers: [Int]) -> String {
        let sorted = Set(numbers).sorted()
        var runs: [ClosedRange<Int>] = []
        for n in sorted {
            if let last = runs.last, last.upperBound == n - 1 { runs[runs.count - 1] = last.lowerBound...n } else { runs.append(n...n) }
        }
        let parts = runs.map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)–\($0.upperBound)" }
        let list = parts.count <= 1 ? parts.joined() : parts.dropLast().joined(separator: ", ") + " and " + parts.last!
        return (sorted.count == 1 ? "page " : "pages ") + list
    }
}
