import CCairo
import FolioLayout
import FolioStyle

/// The four sides of a box, in the order CSS lists them.
enum Side: CaseIterable {
    case top, right, bottom, left
}

extension Edges {
    subscript(side: Side) -> Value {
        switch side {
        case .top: top
        case .right: right
        case .bottom: bottom
        case .left: left
        }
    }
}

extension FramePainter {
    /// Draws a border: each visible edge within its own wedge of the border box (the corners
    /// split along the line from the outer to the inner corner), in its style and colour.
    /// https://www.w3.org/TR/css-backgrounds-3/#border-style
    func drawBorder(_ border: BorderItem, on canvas: CairoCanvas) {
        guard border.rect.width > 0, border.rect.height > 0 else { return }
        let widths = Edges(top: visibleWidth(border, .top), right: visibleWidth(border, .right),
                           bottom: visibleWidth(border, .bottom), left: visibleWidth(border, .left))
        let sides = Side.allCases.filter { widths[$0] > 0 }
        guard !sides.isEmpty else { return }
        let outer = BorderShape(rect: border.rect, radii: border.radii)
        let inner = outer.inset(by: widths, fraction: 1)
        let cr = canvas.context

        // The common case in one fill: no seams along the corner diagonals.
        let first = sides[0]
        if sides.count == 4, sides.allSatisfy({ border.styles[$0] == .solid && border.colors[$0] == border.colors[first] }) {
            canvas.setColor(border.colors[first])
            outer.fillRing(to: inner, on: cr)
            return
        }
        for side in sides {
            canvas.saved {
                clip(to: side, of: outer, widths: widths, on: cr)
                drawEdge(side, border: border, outer: outer, inner: inner, widths: widths, on: canvas)
            }
        }
    }

    private func visibleWidth(_ border: BorderItem, _ side: Side) -> Double {
        let width = border.widths[side]
        let style = border.styles[side]
        guard width.isFinite, width > 0, style != .none, style != .hidden, border.colors[side].alpha > 0 else { return 0 }
        return width
    }

    private func drawEdge(_ side: Side, border: BorderItem, outer: BorderShape, inner: BorderShape, widths: Edges<Double>, on canvas: CairoCanvas) {
        let cr = canvas.context
        let color = border.colors[side]
        let width = widths[side]
        // Top and left edges are the ones lit from above-left in the 3-D styles.
        let lit = side == .top || side == .left
        switch border.styles[side] {
        case .none, .hidden:
            return
        case .solid:
            canvas.setColor(color)
            outer.fillRing(to: inner, on: cr)
        case .double:
            canvas.setColor(color)
            // Three device pixels at least, or the two lines and their gap blur into one.
            guard width * dpr >= 3 else { return outer.fillRing(to: inner, on: cr) }
            outer.fillRing(to: outer.inset(by: widths, fraction: 1.0 / 3), on: cr)
            outer.inset(by: widths, fraction: 2.0 / 3).fillRing(to: inner, on: cr)
        case .groove, .ridge:
            let middle = outer.inset(by: widths, fraction: 0.5)
            let outerDark = (border.styles[side] == .groove) == lit
            canvas.setColor(outerDark ? Self.shade(color) : color)
            outer.fillRing(to: middle, on: cr)
            canvas.setColor(outerDark ? color : Self.shade(color))
            middle.fillRing(to: inner, on: cr)
        case .inset, .outset:
            let dark = (border.styles[side] == .inset) == lit
            canvas.setColor(dark ? Self.shade(color) : color)
            outer.fillRing(to: inner, on: cr)
        case .dotted, .dashed:
            canvas.setColor(color)
            strokeBrokenEdge(side, dotted: border.styles[side] == .dotted, outer: outer, widths: widths, on: cr)
        }
    }

    /// Dots or dashes along the middle of the edge. A straight edge fits a whole number of
    /// them from corner to corner, as browsers do; a rounded one strokes the middle curve.
    private func strokeBrokenEdge(_ side: Side, dotted: Bool, outer: BorderShape, widths: Edges<Double>, on cr: OpaquePointer) {
        let width = widths[side]
        let rect = outer.rect
        cairo_new_path(cr)
        cairo_set_line_width(cr, width)
        cairo_set_line_cap(cr, dotted ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT)
        guard !outer.isRounded else {
            var pattern = dotted ? [0, 2 * width] : [3 * width, 3 * width]
            cairo_set_dash(cr, &pattern, 2, 0)
            outer.inset(by: widths, fraction: 0.5).addPath(to: cr)
            cairo_stroke(cr)
            return
        }
        let (start, end): ((Double, Double), (Double, Double)) = switch side {
        case .top: ((rect.x, rect.y + width / 2), (rect.maxX, rect.y + width / 2))
        case .right: ((rect.maxX - width / 2, rect.y), (rect.maxX - width / 2, rect.maxY))
        case .bottom: ((rect.maxX, rect.maxY - width / 2), (rect.x, rect.maxY - width / 2))
        case .left: ((rect.x + width / 2, rect.maxY), (rect.x + width / 2, rect.y))
        }
        let length = side == .top || side == .bottom ? rect.width : rect.height
        var pattern: [Double]
        var (from, to) = (start, end)
        if dotted {
            // Dots of the edge's width, centred half a width in from each end (the line is
            // shortened to their centres, and a hair longer so the last one is not lost).
            let usable = max(0, length - width)
            let count = max(2, Self.patternCount(usable / (2 * width)) + 1)
            pattern = [0, max(usable / Double(count - 1), 1e-6)]
            let unit = ((end.0 - start.0) / length, (end.1 - start.1) / length)
            from = (start.0 + unit.0 * width / 2, start.1 + unit.1 * width / 2)
            to = (end.0 - unit.0 * (width / 2 - 1e-3), end.1 - unit.1 * (width / 2 - 1e-3))
        } else {
            // Dashes three widths long, the gaps stretched so that both ends get a dash.
            let dash = 3 * width
            let count = max(1, Self.patternCount((length + dash) / (2 * dash)))
            let gap = count > 1 ? max(0, (length - Double(count) * dash) / Double(count - 1)) : length
            pattern = count > 1 ? [dash, gap] : [length, 0]
        }
        cairo_set_dash(cr, &pattern, 2, 0)
        cairo_move_to(cr, from.0, from.1)
        cairo_line_to(cr, to.0, to.1)
        cairo_stroke(cr)
    }

    /// A number of dots or dashes, rounded and kept below 100,000: a hair-thin border
    /// (`1e-20px dotted`) would ask for more than `Int` holds, and past that many the dots
    /// are finer than any device pixel anyway.
    static func patternCount(_ value: Double) -> Int {
        guard value.isFinite else { return 1 }
        return Int(min(max(value.rounded(), 0), 100_000))
    }

    /// Clips to the wedge of `side`: the outer edge and the lines from its two outer corners
    /// inwards along the corners' width ratios, reaching past the corner curves (never past
    /// the box's centre).
    private func clip(to side: Side, of outer: BorderShape, widths: Edges<Double>, on cr: OpaquePointer) {
        let rect = outer.rect
        func inward(_ corner: Int, horizontal: Double, vertical: Double) -> Double {
            var reach = 1.0
            if horizontal > 0 { reach = max(reach, outer.radii[corner].x / horizontal) }
            if vertical > 0 { reach = max(reach, outer.radii[corner].y / vertical) }
            var cap = Double.infinity
            if horizontal > 0 { cap = min(cap, rect.width / 2 / horizontal) }
            if vertical > 0 { cap = min(cap, rect.height / 2 / vertical) }
            return min(reach, cap)
        }
        let (t, r, b, l) = (widths.top, widths.right, widths.bottom, widths.left)
        let tl = inward(0, horizontal: l, vertical: t), tr = inward(1, horizontal: r, vertical: t)
        let br = inward(2, horizontal: r, vertical: b), bl = inward(3, horizontal: l, vertical: b)
        let outerTL = (rect.x, rect.y), outerTR = (rect.maxX, rect.y)
        let outerBR = (rect.maxX, rect.maxY), outerBL = (rect.x, rect.maxY)
        let innerTL = (rect.x + l * tl, rect.y + t * tl), innerTR = (rect.maxX - r * tr, rect.y + t * tr)
        let innerBR = (rect.maxX - r * br, rect.maxY - b * br), innerBL = (rect.x + l * bl, rect.maxY - b * bl)
        let points = switch side {
        case .top: [outerTL, outerTR, innerTR, innerTL]
        case .right: [outerTR, outerBR, innerBR, innerTR]
        case .bottom: [outerBR, outerBL, innerBL, innerBR]
        case .left: [outerBL, outerTL, innerTL, innerBL]
        }
        cairo_new_path(cr)
        cairo_move_to(cr, points[0].0, points[0].1)
        for point in points.dropFirst() { cairo_line_to(cr, point.0, point.1) }
        cairo_close_path(cr)
        cairo_clip(cr)
    }

    /// The darker tone of the 3-D border styles; black, which has none, lightens to grey.
    static func shade(_ color: RGBA) -> RGBA {
        if max(color.red, color.green, color.blue) < 32 {
            return RGBA(red: color.red &+ 96, green: color.green &+ 96, blue: color.blue &+ 96, alpha: color.alpha)
        }
        func darker(_ channel: UInt8) -> UInt8 { UInt8(Double(channel) * 0.6) }
        return RGBA(red: darker(color.red), green: darker(color.green), blue: darker(color.blue), alpha: color.alpha)
    }
}
