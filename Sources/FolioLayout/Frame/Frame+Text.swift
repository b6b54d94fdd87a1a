import FolioStyle
import FolioText

extension Frame {
    /// The frame as text, an item a line: for looking at what a page holds.
    public func dump() -> String {
        func n(_ v: Double) -> String { String(printf: "%.1f", v) }
        func r(_ rect: Rect) -> String { "\(n(rect.x)),\(n(rect.y)) \(n(rect.width))×\(n(rect.height))" }
        var out = "frame \(n(width))×\(n(height)) background \(background)\n"
        for item in items {
            switch item {
            case .text(let origin, let run):
                // A line broken inside a word shows the hyphen it draws.
                let text = run.hasHyphen ? String(run.text.trimmingSuffix("\u{AD}")) + "\u{2010}" : run.text
                out += "text  \(n(origin.x + run.x)),\(n(origin.y + run.baseline)) \(n(run.width)) \(run.face.family) \(n(run.size))px \(run.color) “\(text)”\(Self.missingNote(run))\n"
            case .fill(let rect, let color): out += "fill  \(r(rect)) \(color)\n"
            case .border(let border):
                let w = border.widths
                out += "border \(r(border.rect)) widths \(n(w.top)) \(n(w.right)) \(n(w.bottom)) \(n(w.left))\n"
            case .image(let image): out += "image \(r(image.rect)) \(image.path ?? "(missing)") alt “\(image.alt)”\n"
            case .link(let rect, let href): out += "link  \(r(rect)) → \(href)\n"
            // How lines were set is in `folio layout --json`; the dump shows what is drawn.
            case .line: break
            }
        }
        return out
    }

    /// ` missing U+0378 …` for the characters of a run that show as missing-glyph boxes.
    static func missingNote(_ run: PositionedRun) -> String {
        guard run.hasMissingGlyphs else { return "" }
        let missing = run.glyphs.compactMap { $0.missing == 0 ? nil : MissingGlyphReport.codePoint($0.missing) }
        return missing.isEmpty ? "" : " missing " + missing.joined(separator: " ")
    }
}

extension Frame {
    /// The frame in terminal cells (a cell is 8×16 CSS px): what `CellRenderer` draws from a
    /// page laid out with the cell metric. Border widths and radii are in cells too (a
    /// table's border, one cell wide under the cell metric, becomes 1).
    public func inCells() -> Frame {
        scaled(x: 1 / CellMetric.cell.width, y: 1 / CellMetric.cell.height)
    }
}

extension PositionedRun {
    func scaled(x sx: Double, y sy: Double) -> PositionedRun {
        var run = self
        run.x *= sx
        run.width *= sx
        run.baseline *= sy
        run.size *= sy
        run.glyphs = self.glyphs.map { glyph in
            var glyph = glyph
            glyph.x *= sx
            glyph.advance *= sx
            glyph.y *= sy
            return glyph
        }
        return run
    }
}
