/// Where a table row taller than a page is cut into bands, each one unit of the flow: only
/// between lines (where no line or image of its cells lies across), so that each page shows
/// and lists its own lines of the row rather than the paginator cutting through text.
/// https://www.w3.org/TR/css-break-3/#possible-breaks
enum RowBands {
    /// The tops of the bands of a row from `top` to `bottom` holding `pieces` (the extents of
    /// its cells' lines and images), each band at most `pageHeight` tall when a cut allows;
    /// `[top]` when the row fits a page.
    static func tops(of pieces: [(top: Double, bottom: Double)], from top: Double, to bottom: Double, pageHeight: Double) -> [Double] {
        guard bottom - top > pageHeight, pageHeight > 0 else { return [top] }
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
        var tops = [top]
        var bandTop = top
        while bottom - bandTop > pageHeight + epsilon {
            // The last cut within a page of the band's top (by bisection: a row cut over
            // hundreds of pages has as many cuts).
            var low = 0, high = cuts.count
            while low < high {
                let mid = (low + high) / 2
                if cuts[mid] <= bandTop + pageHeight + epsilon { low = mid + 1 } else { high = mid }
            }
            guard low > 0, cuts[low - 1] > bandTop + epsilon else { break }
            let cut = cuts[low - 1]
            tops.append(cut)
            bandTop = cut
        }
        return tops
    }
}
