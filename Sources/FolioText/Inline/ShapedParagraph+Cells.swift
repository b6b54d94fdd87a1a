import FolioStyle

/// The cell metric: no fonts and no shaping. Every grapheme cluster is one "glyph" whose
/// advance is its terminal width in columns (`CellMetric`), and whose id is the Unicode
/// scalar value of the cluster's first character; letter- and word-spacing are ignored.
extension ShapedParagraph {
    /// Pieces of one item and bidi level, in the default face at size 1.
    static func itemizeCells(_ collected: CollectedText, items: [InlineItem], levels: [UInt8], context: InlineContext) -> [InlinePiece] {
        // One face for every cell; bold and italic stay flags, for the terminal to show (SGR 1 and 3).
        let face = context.fonts.defaultFace
        let fonts = [false, true].flatMap { bold in [false, true].map { italic in FontChoice(face: face, synthesizeBold: bold, synthesizeItalic: italic) } }
        func font(_ item: Int) -> FontChoice {
            guard case .text(_, let shared, _) = items[item] else { return fonts[0] }
            let style = shared.style.font
            return fonts[(style.weight >= 600 ? 2 : 0) + (style.style != .normal ? 1 : 0)]
        }
        var pieces: [InlinePiece] = []
        // The open text piece (start < 0: none).
        var start = -1, pieceItem = 0, pieceLevel: UInt8 = 0
        func close(at end: Int) {
            guard start >= 0 else { return }
            pieces.append(InlinePiece(kind: .text, range: start..<end, item: pieceItem, font: font(pieceItem), size: 1,
                                      level: pieceLevel, script: .common))
            start = -1
        }
        for (i, scalar) in collected.scalars.enumerated() {
            let item = collected.item[i]
            let level = i < levels.count ? levels[i] : 0
            let kind: InlinePiece.Kind
            switch items[item] {
            case .text: kind = scalar == CollectedText.lineSeparator ? .forcedBreak : .text
            case .atomic: kind = .atomic
            case .forcedBreak: kind = .forcedBreak
            }
            if kind == .text {
                if start >= 0 && pieceItem == item && pieceLevel == level { continue }
                close(at: i)
                (start, pieceItem, pieceLevel) = (i, item, level)
            } else {
                close(at: i)
                pieces.append(InlinePiece(kind: kind, range: i..<(i + 1), item: item, font: nil, size: 0, level: level, script: .common))
            }
        }
        close(at: collected.scalars.count)
        return pieces
    }

    /// The hyphen in cells: "-", one column (U+2010 is ambiguous-width in terminals).
    static let cellHyphen = ShapedRun(glyphs: [ShapedGlyph(id: 0x2D, cluster: 0, xAdvance: 1, yAdvance: 0, xOffset: 0, yOffset: 0)],
                                      direction: .ltr, scalarCount: 1, needsSmallCapsSynthesis: false)
}

extension Advances {
    /// One glyph per grapheme cluster, its advance the cluster's columns on its first scalar.
    mutating func measureCells(_ piece: inout InlinePiece, items: [InlineItem], scalars: [Unicode.Scalar]) {
        switch piece.kind {
        case .atomic:
            if case .atomic(let width, _, _, _, _) = items[piece.item] { advance[piece.range.lowerBound] = width }
        case .forcedBreak:
            break
        case .text:
            let range = piece.range
            let simple = GraphemeBreaks.allSimple(scalars[range])
            let starts = simple ? [] : GraphemeBreaks.starts(scalars[range])
            var glyphs: [ShapedGlyph] = []
            glyphs.reserveCapacity(range.count)
            var start = range.lowerBound
            for i in (range.lowerBound + 1)...range.upperBound where simple || starts[i - range.lowerBound] {
                let width = Double(i == start + 1 ? CellMetric.width(scalars[start]) : CellMetric.width(of: scalars[start..<i]))
                advance[start] = width
                glyphs.append(ShapedGlyph(id: scalars[start].value, cluster: start, xAdvance: width, yAdvance: 0, xOffset: 0, yOffset: 0))
                start = i
            }
            // Right-to-left pieces list their glyphs in visual order, as shaping would.
            if piece.direction == .rtl { glyphs.reverse() }
            piece.glyphs = glyphs
            piece.order = piece.direction == .rtl ? .descending : .ascending
        }
    }
}
