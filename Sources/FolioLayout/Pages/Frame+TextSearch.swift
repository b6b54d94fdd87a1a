import Foundation
import FolioText

extension Frame {
    /// The rectangles (CSS px, font metric) covering each occurrence of `query` in the text
    /// runs of the page, compared with `options` (a reader's search: case- and
    /// diacritic-insensitive). Where glyphs carry their source offsets a hit covers its
    /// glyphs; else its share of the run. An occurrence split between runs (half a word in
    /// italics) is not found.
    public func textRects(matching query: String, options: String.CompareOptions) -> [Rect] {
        guard !query.isEmpty else { return [] }
        var rects: [Rect] = []
        for item in items {
            guard case .text(let origin, let run) = item, !run.text.isEmpty else { continue }
            let text = run.text
            let count = text.unicodeScalars.count
            var range = text.startIndex..<text.endIndex
            while let found = text.range(of: query, options: options, range: range) {
                range = found.upperBound..<text.endIndex
                let a = text.unicodeScalars.distance(from: text.startIndex, to: found.lowerBound)
                let b = text.unicodeScalars.distance(from: text.startIndex, to: found.upperBound)
                var left = run.x + run.width * Double(a) / Double(count)
                var right = run.x + run.width * Double(b) / Double(count)
                if run.source != nil {
                    let base = run.sourceRange.lowerBound
                    let inside = run.glyphs.filter { $0.sourceOffset >= 0 && (base + a..<base + b).contains(Int($0.sourceOffset)) }
                    if let first = inside.first {
                        left = inside.reduce(first.x) { min($0, $1.x) }
                        right = inside.reduce(first.x + first.advance) { max($0, $1.x + $1.advance) }
                    }
                }
                rects.append(textBox(origin: origin, run: run, left: left, right: right, metric: .fonts))
            }
        }
        return rects
    }
}
