import FolioStyle

/// An emphasis mark (`text-emphasis`) in horizontal text: a character at half the text's size,
/// centred over (or, with `text-emphasis-position: under`, under) each character that takes
/// one. The line makes room for the marks when its leading is too small, as for ruby.
/// https://www.w3.org/TR/css-text-decor-3/#emphasis-marks
struct EmphasisMark {
    /// The mark: one character (of a `<string>` value, its first grapheme cluster).
    var text: String
    var color: RGBA
    var under: Bool

    /// The mark's size against the text's.
    static let scale = 0.5

    /// The style's mark, nil for `text-emphasis-style: none`.
    init?(_ style: borrowing ComputedStyle) {
        let text: String
        switch style.rareInherited.emphasisStyle {
        case .none: return nil
        case .string(let string):
            guard let first = string.first else { return nil }
            text = String(first)
        case .mark(let filled, let shape):
            // Horizontal writing: a missing shape is a dot.
            text = switch shape ?? .dot {
            case .dot: filled ? "\u{2022}" : "\u{25E6}"
            case .circle: filled ? "\u{25CF}" : "\u{25CB}"
            case .doubleCircle: filled ? "\u{25C9}" : "\u{25CE}"
            case .triangle: filled ? "\u{25B2}" : "\u{25B3}"
            case .sesame: filled ? "\u{FE45}" : "\u{FE46}"
            }
        }
        self.text = text
        color = style.resolve(style.rareInherited.emphasisColor)
        under = style.rareInherited.emphasisPosition.under
    }

    /// Word separators and other spaces, punctuation, and control and format characters take
    /// no mark.
    static func takesMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator, .control, .format, .unassigned, .surrogate,
             .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
             .finalPunctuation, .otherPunctuation:
            false
        default:
            true
        }
    }

    /// A text box's metrics with room for the marks above (or under) the text in `face` at
    /// `size`: half the face's height beyond its ascender (descender), when the leading has less.
    func makingRoom(in metrics: InlineMetrics, face: FontFace, size: Double) -> InlineMetrics {
        let m = face.metrics
        let ascender = m.px(m.ascender, size: size), descender = -m.px(m.descender, size: size)
        let room = Self.scale * (ascender + descender)
        var out = metrics
        if under {
            out.descent = max(out.descent, descender + room)
        } else {
            out.ascent = max(out.ascent, ascender + room)
        }
        return out
    }

    /// The x of the centre of each character of a placed run that takes a mark: `shaped` are
    /// the run's glyphs as shaped (clusters into the paragraph's `scalars`), `placed` the same
    /// glyphs positioned.
    static func centres(_ shaped: ArraySlice<ShapedGlyph>, _ placed: [PositionedGlyph], scalars: [Unicode.Scalar]) -> [Double] {
        var out: [Double] = []
        var k = shaped.startIndex
        while k < shaped.endIndex {
            let cluster = shaped[k].cluster
            var end = k + 1
            while end < shaped.endIndex && shaped[end].cluster == cluster { end += 1 }
            if cluster >= 0, cluster < scalars.count, takesMark(scalars[cluster]) {
                let left = placed[k - shaped.startIndex].x - shaped[k].xOffset
                let width = shaped[k..<end].reduce(0) { $0 + $1.xAdvance }
                out.append(left + width / 2)
            }
            k = end
        }
        return out
    }
}
