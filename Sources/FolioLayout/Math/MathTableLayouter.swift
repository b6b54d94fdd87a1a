import FolioStyle
import FolioText
import FolioXML

/// `mtable`: rows of cells aligned on their baselines, columns as wide as their widest cell,
/// cells aligned in them as `columnalign` says (on the table, the row or the cell), spacing,
/// lines between rows and columns and a frame, the whole centred on the math axis.
/// https://w3c.github.io/mathml-core/#tables
struct MathTableLayouter {
    let math: MathLayouter

    func table(_ node: XMLNode, environment: MathEnvironment) -> MathBox {
        var inner = environment
        inner.displayStyle = false
        inner.operatorForm = nil
        let size = environment.size
        // Rows of cells; a labelled row's label is left out, content outside rows or cells is a cell.
        var rows: [(node: XMLNode?, cells: [(node: XMLNode?, box: MathBox)])] = []
        for child in math.children(of: node) {
            if child.kind == .element, child.localName == "mtr" || child.localName == "mlabeledtr" {
                var cells = math.children(of: child)
                if child.localName == "mlabeledtr", !cells.isEmpty { cells.removeFirst() }
                rows.append((child, cells.map { cell in
                    let content = cell.kind == .element && cell.localName == "mtd" ? math.children(of: cell) : [cell]
                    return (cell, math.row(content, environment: inner))
                }))
            } else {
                rows.append((nil, [(nil, math.layout(child, environment: inner))]))
            }
        }
        let columns = rows.map(\.cells.count).max() ?? 0
        guard columns > 0, columns * rows.count <= 100_000 else { return .empty }
        var widths = [Double](filled: 0, count: columns)
        for row in rows { for (k, cell) in row.cells.enumerated() { widths[k] = max(widths[k], cell.box.width) } }
        let ascents = rows.map { $0.cells.map(\.box.ascent).max() ?? 0 }
        let descents = rows.map { $0.cells.map(\.box.descent).max() ?? 0 }

        func list(_ name: String, on element: XMLNode?) -> [String] {
            element?.attribute(name).map { MathLayouter.words($0.lowercased()) } ?? []
        }
        func pick(_ values: [String], _ k: Int) -> String? { values.isEmpty ? nil : values[min(k, values.count - 1)] }
        let columnSpacing = list("columnspacing", on: node).map { math.length($0, environment: environment, relativeTo: size) ?? size * 0.8 }
        let rowSpacing = list("rowspacing", on: node).map { math.length($0, environment: environment, relativeTo: size) ?? size * 0.5 }
        let columnLines = list("columnlines", on: node), rowLines = list("rowlines", on: node)
        let frame = (node.attribute("frame") ?? "none").lowercased() != "none"
        let frameSpacing = list("framespacing", on: node)
        let xHeight = Double(math.font.face.metrics.xHeight) / Double(math.font.face.metrics.unitsPerEm) * size
        // Cells are padded 0.4em across and 0.5ex down (MathML Core's user-agent sheet): the
        // outer padding keeps a matrix clear of its fences; a frame's spacing replaces it.
        let frameX = frame ? pick(frameSpacing, 0).flatMap { math.length($0, environment: environment, relativeTo: size) } ?? size * 0.4 : size * 0.4
        let frameY = frame ? pick(frameSpacing, 1).flatMap { math.length($0, environment: environment, relativeTo: size) } ?? xHeight / 2 : xHeight / 2
        let columnGap = { (k: Int) in columnSpacing.isEmpty ? size * 0.8 : columnSpacing[min(k, columnSpacing.count - 1)] }
        let rowGap = { (k: Int) in rowSpacing.isEmpty ? xHeight : rowSpacing[min(k, rowSpacing.count - 1)] }

        var lefts: [Double] = []
        var x = frameX
        for k in 0..<columns {
            lefts.append(x)
            x += widths[k] + (k < columns - 1 ? columnGap(k) : 0)
        }
        let width = x + frameX
        var tops: [Double] = []
        var y = frameY
        for k in rows.indices {
            tops.append(y)
            y += ascents[k] + descents[k] + (k < rows.count - 1 ? rowGap(k) : 0)
        }
        let height = y + frameY
        // The table's vertical alignment: its centre on the axis unless `align` says otherwise.
        let axis = math.font.constant(.axisHeight) * size
        let ascent: Double = switch pick(list("align", on: node), 0) {
        case "top": 0
        case "bottom": height
        case "center": height / 2
        case "baseline": rows.isEmpty ? height / 2 : tops[0] + ascents[0]
        default: height / 2 + axis
        }
        var box = MathBox(width: width, ascent: ascent, descent: height - ascent)
        let tableAlign = list("columnalign", on: node)
        for (r, row) in rows.enumerated() {
            let rowAlign = list("columnalign", on: row.node)
            for (k, cell) in row.cells.enumerated() {
                let align = pick(list("columnalign", on: cell.node), 0) ?? pick(rowAlign, k) ?? pick(tableAlign, k) ?? "center"
                let offset: Double = switch align {
                case "left": 0
                case "right": widths[k] - cell.box.width
                default: (widths[k] - cell.box.width) / 2
                }
                box.draw(cell.box, x: lefts[k] + offset, y: tops[r] + ascents[r] - ascent)
            }
        }
        let line = max(0.5, math.font.constant(.fractionRuleThickness) * size)
        func draw(_ rect: Rect, _ style: String) {
            for piece in Self.dashes(rect, dashed: style == "dashed", thickness: line) { box.items.append(.rule(piece, environment.color)) }
        }
        for k in 0..<max(0, columns - 1) {
            let style = (pick(columnLines, k) ?? "none").lowercased()
            guard style != "none" else { continue }
            let middle = lefts[k] + widths[k] + columnGap(k) / 2
            draw(Rect(x: middle - line / 2, y: -ascent, width: line, height: height), style)
        }
        for k in 0..<max(0, rows.count - 1) {
            let style = (pick(rowLines, k) ?? "none").lowercased()
            guard style != "none" else { continue }
            let middle = tops[k] + ascents[k] + descents[k] + rowGap(k) / 2
            draw(Rect(x: 0, y: middle - ascent - line / 2, width: width, height: line), style)
        }
        if frame {
            let style = (node.attribute("frame") ?? "solid").trimmingWhitespace().lowercased()
            for rect in [Rect(x: 0, y: -ascent, width: width, height: line), Rect(x: 0, y: height - ascent - line, width: width, height: line),
                         Rect(x: 0, y: -ascent, width: line, height: height), Rect(x: width - line, y: -ascent, width: line, height: height)] {
                draw(rect, style)
            }
        }
        return box
    }

    /// A table line as rules: whole when solid; `dashed` (MathML 3's `rowlines`,
    /// `columnlines` and `frame`) as dashes three thicknesses long with gaps of two, along the
    /// line's longer side, ending on a dash.
    static func dashes(_ rect: Rect, dashed: Bool, thickness: Double) -> [Rect] {
        guard dashed else { return [rect] }
        let vertical = rect.height > rect.width
        let length = vertical ? rect.height : rect.width
        let dash = max(1, thickness * 3), gap = max(1, thickness * 2)
        guard length > dash + gap else { return [rect] }
        let count = Int(((length - dash) / (dash + gap)).rounded(.down)) + 1
        // The gaps share the room left, so that both ends are dashes.
        let spread = count > 1 ? (length - Double(count) * dash) / Double(count - 1) : 0
        return (0..<count).map { i in
            let start = Double(i) * (dash + spread)
            return vertical ? Rect(x: rect.x, y: rect.y + start, width: rect.width, height: dash)
                            : Rect(x: rect.x + start, y: rect.y, width: dash, height: rect.height)
        }
    }
}
