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

    /// A box of text in `face` at `size` with the style's `line-height`.
    init(face: FontFace, size: Double, style: ComputedStyle) {
        let m = face.metrics
        let a = m.px(m.ascender, size: size), d = -m.px(m.descender, size: size)
        let lineHeight: Double = switch style.font.lineHeight {
        case .normal: a + d + m.px(m.lineGap, size: size)
        case .number(let n): n * style.font.size
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

    /// The line's ascent and descent around its baseline, for boxes (strut first) and where
    /// each box's baseline lands (down from the line's top).
    static func lineExtent(_ boxes: [InlineMetrics]) -> (ascent: Double, descent: Double, baselines: [Double]) {
        var above = 0.0, below = 0.0
        for box in boxes where box.edge == nil {
            above = max(above, box.ascent + box.shift)
            below = max(below, box.descent - box.shift)
        }
        for box in boxes where box.edge != nil {
            let extra = box.ascent + box.descent - (above + below)
            if extra > 0 {
                if box.edge == .top { below += extra } else { above += extra }
            }
        }
        let baselines = boxes.map { box -> Double in
            switch box.edge {
            case .top: box.ascent
            case .bottom: above + below - box.descent
            default: above - box.shift
            }
        }
        return (above, below, baselines)
    }
}
