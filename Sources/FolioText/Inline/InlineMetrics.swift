import FolioStyle

/// The vertical extent of an inline box on a line: above and below its baseline with
/// half-leading applied, and how far `vertical-align` raises it.
/// https://www.w3.org/TR/CSS2/visudet.html#inline-box-height
struct InlineMetrics {
    var ascent: Double
    var descent: Double
    /// Positive: up from the line's baseline.
    var shift: Double = 0
    /// `top`/`bottom` boxes are placed once the rest of the line is known.
    var edge: VerticalAlignKeyword?

    var height: Double { ascent + descent }

    /// A box of text in `face` at `size` with the style's `line-height`.
    init(face: FontFace, size: Double, style: borrowing ComputedStyle) {
        self.init(face: face, size: size, font: style.font)
    }

    /// The same from the font properties alone (`line-height` and `font-size`).
    init(face: FontFace, size: Double, font: FontProperties) {
        let m = face.metrics
        let a = m.px(m.ascender, size: size), d = -m.px(m.descender, size: size)
        let lineHeight: Double = switch font.lineHeight {
        case .normal: a + d + m.px(m.lineGap, size: size)
        case .number(let n): n * font.size
        case .px(let px): px
        }
        let leading = lineHeight - (a + d)
        ascent = a + leading / 2
        descent = d + leading / 2
    }

    /// An atomic inline: its baseline is `baseline` below its top; no leading.
    init(height: Double, baseline: Double) {
        ascent = baseline
        descent = height - baseline
    }

    /// Applies `vertical-align` against the block's font (`size`, `xHeight` in px).
    mutating func align(_ verticalAlign: VerticalAlign, blockSize: Double, blockXHeight: Double) {
        switch verticalAlign {
        case .keyword(.baseline), .keyword(.textTop), .keyword(.textBottom): shift = 0
        case .keyword(.sub): shift = -0.2 * blockSize
        case .keyword(.super): shift = 0.34 * blockSize
        case .keyword(.middle): shift = blockXHeight / 2 - (ascent - descent) / 2
        case .keyword(let keyword): edge = keyword
        case .length(let length): shift = length.resolve(against: ascent + descent)
        }
    }

    /// The line's ascent and descent around its baseline.
    struct Extent {
        var ascent: Double
        var descent: Double

        /// Where a box's baseline lands, down from the line's top.
        func baseline(of box: InlineMetrics) -> Double {
            switch box.edge {
            case .top: box.ascent
            case .bottom: ascent + descent - box.descent
            default: ascent - box.shift
            }
        }
    }

    /// The line's extent from the strut and the line's boxes (`top`/`bottom` boxes last).
    /// `above` and `below` start from the extent of boxes already taken in.
    static func lineExtent<C: Collection<InlineMetrics>>(strut: InlineMetrics, _ boxes: C, above: Double = 0,
                                                         below: Double = 0) -> Extent {
        var above = above, below = below
        func include(_ box: InlineMetrics) {
            guard box.edge == nil else { return }
            above = max(above, box.ascent + box.shift)
            below = max(below, box.descent - box.shift)
        }
        func stretch(_ box: InlineMetrics) {
            guard box.edge != nil else { return }
            let extra = box.ascent + box.descent - (above + below)
            if extra > 0 {
                if box.edge == .top { below += extra } else { above += extra }
            }
        }
        include(strut)
        for box in boxes { include(box) }
        stretch(strut)
        for box in boxes { stretch(box) }
        return Extent(ascent: above, descent: below)
    }
}
