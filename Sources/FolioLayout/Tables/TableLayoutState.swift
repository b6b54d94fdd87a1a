import FolioStyle
import FolioText

/// What layout keeps while it measures content: whether a cell's content is being measured
/// for column widths and how it must wrap, and how deep shrink-to-fit boxes are nested.
struct TableLayoutState {
    /// Set while a cell's content is measured: paragraphs and nested tables report their
    /// intrinsic widths here instead of being laid out.
    var measure: IntrinsicMeasure?
    /// How many table cells the content being laid out is inside.
    var cellDepth = 0
    /// How many of those belong to a table narrower than its min-content, where even
    /// `nowrap` and `pre` text must wrap.
    var squeezedDepth = 0
    /// The last run of misparented table parts laid out as one anonymous table under each
    /// parent: the first and last part. One per parent, because a run's parts may hold runs
    /// of their own (a `thead` in a stray `tbody`), laid out before the outer run's later
    /// parts come up to be skipped.
    var anonymousRuns: [Int32: (first: Int32, last: Int32)] = [:]
    /// The last child an anonymous cell being laid out wraps, by the parent whose children
    /// they are: a run of misparented parts inside the cell ends there, short of the real
    /// cells and rows that follow it among the parent's children.
    var anonymousCellEnds: [Int32: Int32] = [:]
    /// What cells' paragraphs keep from being measured to being set.
    let paragraphs = CellParagraphs()
    /// Shrink-to-fit boxes (floats, inline-blocks) being laid out inside each other.
    var shrinkDepth = 0
    /// Shrink-to-fit measurements made (extent, min-content), by `measureKey`.
    var measured: [MeasureKey: Double] = [:]

    struct MeasureKey: Hashable {
        var node: Int32
        var width: Double
        var kind: UInt8
        var mode: UInt8
    }

    /// The key of a measurement of `node` at `width`: the same box measures differently
    /// inside a cell (words may break anywhere), a squeezed table, or a cell being measured.
    func measureKey(_ node: Int32, width: Double, kind: UInt8) -> MeasureKey {
        let mode = (cellDepth > 0 ? 1 : 0) | (squeezedDepth > 0 ? 2 : 0) | (measure != nil ? 4 : 0)
        return MeasureKey(node: node, width: width, kind: kind, mode: UInt8(mode))
    }

    /// Whether paragraphs must go through `prepareCellParagraph`.
    var isActive: Bool { measure != nil || cellDepth > 0 }
}

/// A cell's min-content and max-content widths as its content reports them, in px; the
/// contributions include the padding, borders and margins of boxes inside the cell.
/// https://www.w3.org/TR/css-sizing-3/#intrinsic-contribution
struct IntrinsicMeasure {
    /// The node of the cell being measured, and the node its content lies in (itself, or
    /// for an anonymous cell the parent whose children it wraps): contributions count the
    /// boxes below them.
    let cell: Int32
    let container: Int32
    var minContent = 0.0
    var maxContent = 0.0

    mutating func add(minContent: Double, maxContent: Double) {
        self.minContent = max(self.minContent, minContent)
        self.maxContent = max(self.maxContent, maxContent, minContent)
    }
}

/// What the paragraphs of table cells keep from being measured to being set: the styles
/// that let them wrap inside words, and the paragraphs themselves, shaped. A class, so that
/// the table state's copies share one.
final class CellParagraphs {
    /// Styles with wrapping relaxed for cells, by the style they replace.
    var wrapping: [ObjectIdentifier: SharedStyle] = [:]
    /// Paragraphs measured and not set yet; emptied when the outermost table is laid out.
    let measured = ParagraphMemo()
}
