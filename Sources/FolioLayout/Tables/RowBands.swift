/// Where a tall table row is cut into bands, each one unit of the flow: only between lines
/// (where no line or image of its cells lies across), so that a page can end inside the row
/// and each page shows and lists its own lines of it rather than the paginator cutting
/// through text. Breaks between a cell's lines are class C breaks (orphans and widows hold;
/// `TableLayouter.emitRows` gives each band its class from the lines below its top).
/// https://www.w3.org/TR/css-break-3/#possible-breaks
enum RowBands {
    /// A row shorter than this share of a page is kept whole: moved to the next page it leaves
    /// at most this much of a page blank. A taller one (a play's long speech, a layout table
    /// around a whole chapter) can start at the foot of a page and go on over the next.
    static let wholeRowShare = 0.25

    /// The tops of the bands of a row from `top` to `bottom` holding `pieces` (the extents of
    /// its cells' lines and images): `top`, then every place between lines when the row is
    /// taller than `wholeRowShare` of `pageHeight`; `[top]` otherwise.
    static func tops(of pieces: [(top: Double, bottom: Double)], from top: Double, to bottom: Double, pageHeight: Double) -> [Double] {
        guard bottom - top > pageHeight * wholeRowShare, pageHeight > 0 else { return [top] }
        let epsilon = 0.01
        let sorted = pieces.sorted { $0.top < $1.top }
        // reach[i]: the lowest bottom among the first i pieces, for "does a piece lie across y".
        var reach = [-Double.infinity]
        for piece in sorted { reach.append(max(reach[reach.count - 1], piece.bottom)) }
        func isClear(_ y: Double) -> Bool {
            var low = 0, high = sorted.count
            while low < high {
                let mid = (low + high) / 2
                if sorted[mid].top < y - epsilon { low = mid + 1 } else { high = mid }
            }
            return reach[low] <= y + epsilon
        }
        let cuts = Set(sorted.map(\.bottom)).filter { $0 > top + epsilon && $0 < bottom - epsilon && isClear($0) }.sorted()
        return [top] + cuts
    }
}
