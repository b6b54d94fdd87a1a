import FolioStyle
import FolioText

/// What the content of a column is laid out under, besides its width: given by the layouter
/// that opens the column (a table cell, a measurement, a shrink-to-fit box) and by the boxes
/// being filled in it, and read by what is laid out inside. A column laid out apart starts
/// from the constraints its layouter gives it (`ChapterLayout.fragment`), so nothing has to be
/// restored when it is done.
struct LayoutConstraints {
    /// Set while content is measured for its intrinsic widths (a table cell, a shrink-to-fit
    /// box's min-content): paragraphs and nested tables report their widths here instead of
    /// being laid out. Shared by the columns laid out inside.
    var measure: IntrinsicMeasure?
    /// How many table cells the content is inside.
    var cellDepth = 0
    /// How many of those belong to a table narrower than its min-content, where even
    /// `nowrap` and `pre` text must wrap.
    var squeezedDepth = 0
    /// Shrink-to-fit boxes (floats, inline-blocks) the content is inside.
    var shrinkDepth = 0
    /// The last child an anonymous cell being laid out wraps, by the parent whose children
    /// they are: a run of misparented parts inside the cell ends there, short of the real
    /// cells and rows that follow it among the parent's children.
    var anonymousCellEnds: [Int32: Int32] = [:]
    /// The text decoration the blocks around give their text.
    var decoration: PropagatedDecoration?

    /// Whether paragraphs must go through `TableCellLayouter.prepareCellParagraph`.
    var isInCell: Bool { measure != nil || cellDepth > 0 }

    /// The key of a measurement of `node` at `width`: the same box measures differently
    /// inside a cell (words may break anywhere), a squeezed table, or a cell being measured.
    func measureKey(_ node: Int32, width: Double, kind: UInt8) -> LayoutMemo.MeasureKey {
        let mode = (cellDepth > 0 ? 1 : 0) | (squeezedDepth > 0 ? 2 : 0) | (measure != nil ? 4 : 0)
        return LayoutMemo.MeasureKey(node: node, width: width, kind: kind, mode: UInt8(mode))
    }
}

/// A cell's min-content and max-content widths as its content reports them, in px; the
/// contributions include the padding, borders and margins of boxes inside the cell. A class:
/// the columns laid out inside the measured content report to the same one.
/// https://www.w3.org/TR/css-sizing-3/#intrinsic-contribution
final class IntrinsicMeasure {
    /// The node of the cell being measured, and the node its content lies in (itself, or
    /// for an anonymous cell the parent whose children it wraps): contributions count the
    /// boxes below them.
    let cell: Int32
    let container: Int32
    private(set) var minContent = 0.0
    private(set) var maxContent = 0.0

    init(cell: Int32, container: Int32) {
        self.cell = cell
        self.container = container
    }

    func add(minContent: Double, maxContent: Double) {
        self.minContent = max(self.minContent, minContent)
        self.maxContent = max(self.maxContent, maxContent, minContent)
    }
}

/// What layout works out once in a chapter and reuses: boxes measured at a width, table
/// cells' paragraphs from their measuring to their setting, runs of misparented table parts
/// laid out already.
final class LayoutMemo {
    /// Shrink-to-fit measurements made (extent, min-content), by `LayoutConstraints.measureKey`.
    var measured: [MeasureKey: Double] = [:]
    /// What cells' paragraphs keep from being measured to being set.
    let cellParagraphs = CellParagraphs()
    /// The last run of misparented table parts laid out as one anonymous table under each
    /// parent: the first and last part. One per parent, because a run's parts may hold runs
    /// of their own (a `thead` in a stray `tbody`), laid out before the outer run's later
    /// parts come up to be skipped.
    var anonymousRuns: [Int32: (first: Int32, last: Int32)] = [:]

    struct MeasureKey: Hashable {
        var node: Int32
        var width: Double
        var kind: UInt8
        var mode: UInt8
    }
}

/// What the paragraphs of table cells keep from being measured to being set: the styles
/// that let them wrap inside words, and the paragraphs themselves, shaped.
final class CellParagraphs {
    /// Styles with wrapping relaxed for cells, by the style they replace.
    var wrapping: [ObjectIdentifier: SharedStyle] = [:]
    /// Paragraphs measured and not set yet; emptied when the outermost table is laid out.
    let measured = ParagraphMemo()
}
