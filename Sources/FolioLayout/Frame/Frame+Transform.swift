import FolioStyle
import FolioText

extension Frame {
    /// The frame with every position and size multiplied by `scale` (text sizes too).
    func scaled(by scale: Double) -> Frame {
        scaled(x: scale, y: scale)
    }

    /// The frame with horizontal positions and sizes multiplied by `sx`, vertical ones by `sy`
    /// (border widths by the axis they lie across, radii and text as the runs scale).
    func scaled(x sx: Double, y sy: Double) -> Frame {
        func rect(_ r: Rect) -> Rect { Rect(x: r.x * sx, y: r.y * sy, width: r.width * sx, height: r.height * sy) }
        var out = Frame(width: width * sx, height: height * sy, background: background)
        out.items = items.map { item in
            switch item {
            case .text(let origin, let run):
                return .text(origin: Point(x: origin.x * sx, y: origin.y * sy), run: run.scaled(x: sx, y: sy))
            case .fill(let r, let color): return .fill(rect(r), color)
            case .border(var border):
                border.rect = rect(border.rect)
                let w = border.widths
                border.widths = Edges(top: w.top * sy, right: w.right * sx, bottom: w.bottom * sy, left: w.left * sx)
                border.radii = border.radii.map { $0 * sx }
                return .border(border)
            case .image(var image):
                image.rect = rect(image.rect)
                return .image(image)
            case .link(let r, let href): return .link(rect(r), href: href)
            case .line(let r, let setting): return .line(rect(r), setting.scaled(sx))
            }
        }
        return out
    }

    /// The frame with every item moved by (`dx`, `dy`).
    func moved(dx: Double, dy: Double) -> Frame {
        var out = self
        out.items = items.map { $0.moved(dx: dx, dy: dy) }
        return out
    }
}

extension Frame {
    /// The rectangles covering the text of chapter range `range`: whole runs inside it, and the
    /// glyphs of runs partly inside (by `PositionedGlyph.sourceOffset`); rectangles touching on one
    /// line are merged. Text extends from the face's ascender to its descender, or fills the row
    /// under the cell metric.
    public func textRects(covering range: Range<Int>, offsets: TextOffsets, metric: TextMetric) -> [Rect] {
        guard !range.isEmpty else { return [] }
        var rects: [Rect] = []
        for item in items {
            guard case .text(let origin, let run) = item, let source = run.source, source.node >= 0, !run.sourceRange.isEmpty else { continue }
            let nodeStart = offsets.offset(node: source.node, offsetInNode: 0)
            let runStart = nodeStart + run.sourceRange.lowerBound, runEnd = nodeStart + run.sourceRange.upperBound
            guard runStart < range.upperBound, runEnd > range.lowerBound else { continue }
            var left = run.x, right = run.x + run.width
            if runStart < range.lowerBound || runEnd > range.upperBound {
                let inside = run.glyphs.filter { $0.sourceOffset >= 0 && range.contains(nodeStart + Int($0.sourceOffset)) }
                guard let first = inside.first else { continue }
                left = inside.reduce(first.x) { min($0, $1.x) }
                right = inside.reduce(first.x + first.advance) { max($0, $1.x + $1.advance) }
            }
            rects.append(textBox(origin: origin, run: run, left: left, right: right, metric: metric))
        }
        return Self.merged(rects)
    }

    /// The runs drawn from the text nodes `nodes` (by `TextSource.node`), in painting order:
    /// each one's box (from the face's ascender to its descender, as `textRects`), its text and
    /// its range of paragraph text (a run continues the one before when the ranges meet).
    public func runs(ofTextNodes nodes: Set<Int>, metric: TextMetric) -> [(box: Rect, text: String, textRange: Range<Int>)] {
        guard !nodes.isEmpty else { return [] }
        return items.compactMap { item in
            guard case .text(let origin, let run) = item, let node = run.source?.node, nodes.contains(node) else { return nil }
            return (textBox(origin: origin, run: run, left: run.x, right: run.x + run.width, metric: metric), run.text, run.textRange)
        }
    }

    /// The frame with `color` filled under `rects`, each fill placed just before the first text it
    /// lies under: above the boxes' own backgrounds, beneath the glyphs.
    public func highlighting(_ rects: [Rect], color: RGBA) -> Frame {
        guard !rects.isEmpty else { return self }
        var before: [Int: [Rect]] = [:]
        for rect in rects {
            let index = items.firstIndex { item in
                guard case .text(let origin, let run) = item else { return false }
                let x = origin.x + run.x, y = origin.y + run.baseline
                return x < rect.maxX && x + run.width > rect.x && y >= rect.y && y <= rect.maxY
            } ?? items.count
            before[index, default: []].append(rect)
        }
        var out = self
        out.items = []
        out.items.reserveCapacity(items.count + rects.count)
        for (k, item) in items.enumerated() {
            for rect in before[k] ?? [] { out.items.append(.fill(rect, color)) }
            out.items.append(item)
        }
        for rect in before[items.count] ?? [] { out.items.append(.fill(rect, color)) }
        return out
    }

    /// The frame with the text of some source nodes in new colours (by text node index).
    public func recoloringText(_ colors: [Int: RGBA]) -> Frame {
        guard !colors.isEmpty else { return self }
        var out = self
        out.items = items.map { item in
            guard case .text(let origin, var run) = item, let node = run.source?.node, let color = colors[node] else { return item }
            run.color = color
            run.decorations = run.decorations.map { var d = $0; d.color = d.color == item.textColor ? color : d.color; return d }
            return .text(origin: origin, run: run)
        }
        return out
    }

    /// The box of a run's text between `left` and `right` (run coordinates): from the face's ascender
    /// to its descender; under the cell metric, snapped to the cells the cell renderer puts the text
    /// in (the row nearest the line top, as `CellRenderer` places text; its columns rounded).
    func textBox(origin: Point, run: PositionedRun, left: Double, right: Double, metric: TextMetric) -> Rect {
        switch metric {
        case .cells:
            let cell = CellMetric.cell
            let row = (origin.y / cell.height).rounded()
            let first = ((origin.x + left) / cell.width).rounded(), last = ((origin.x + right) / cell.width).rounded()
            return Rect(x: first * cell.width, y: row * cell.height, width: max(1, last - first) * cell.width, height: cell.height)
        case .fonts:
            let m = run.face.metrics
            let ascent = m.px(m.ascender, size: run.size), descent = abs(m.px(m.descender, size: run.size))
            return Rect(x: origin.x + left, y: origin.y + run.baseline - ascent, width: right - left, height: ascent + descent)
        }
    }

    /// Rectangles of one line (same top and height) that touch or nearly do, joined.
    static func merged(_ rects: [Rect]) -> [Rect] {
        var out: [Rect] = []
        for rect in rects {
            if let k = out.indices.last(where: { abs(out[$0].y - rect.y) < 0.01 && abs(out[$0].height - rect.height) < 0.01 }),
               rect.x <= out[k].maxX + 1, rect.maxX >= out[k].x - 1 {
                let x = min(out[k].x, rect.x)
                out[k] = Rect(x: x, y: rect.y, width: max(out[k].maxX, rect.maxX) - x, height: rect.height)
            } else {
                out.append(rect)
            }
        }
        return out
    }
}

private extension FrameItem {
    var textColor: RGBA? {
        if case .text(_, let run) = self { return run.color }
        return nil
    }
}
