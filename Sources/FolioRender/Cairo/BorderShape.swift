import CCairo
import FolioLayout
import FolioStyle

/// A rectangle with elliptical corners: a border's outer edge, its inner edge, or a curve in
/// between, as CSS Backgrounds 3 shapes them.
/// https://www.w3.org/TR/css-backgrounds-3/#corner-shaping
struct BorderShape {
    var rect: Rect
    /// Horizontal and vertical radii of the top-left, top-right, bottom-right and bottom-left corners.
    var radii: [(x: Double, y: Double)]

    /// The outer edge of a border box with circular radii, scaled down together when
    /// adjacent radii would overlap (§5.5).
    init(rect: Rect, radii: [Double]) {
        self.rect = rect
        let given = (0..<4).map { $0 < radii.count && radii[$0].isFinite ? max(0, radii[$0]) : 0 }
        let sums = [given[0] + given[1], given[1] + given[2], given[2] + given[3], given[3] + given[0]]
        let sides = [rect.width, rect.height, rect.width, rect.height]
        let factor = zip(sides, sums).reduce(1.0) { factor, pair in pair.1 > 0 ? min(factor, pair.0 / pair.1) : factor }
        self.radii = given.map { (x: $0 * factor, y: $0 * factor) }
    }

    private init(rect: Rect, exactRadii: [(x: Double, y: Double)]) {
        self.rect = rect
        self.radii = exactRadii
    }

    var isRounded: Bool { radii.contains { $0.x > 0 && $0.y > 0 } }

    /// The shape moved in by `fraction` of each edge's width: 1 gives the padding edge (inner
    /// radii are the outer ones less the adjacent widths, §5.2), 0.5 the border's middle.
    func inset(by widths: Edges<Double>, fraction: Double) -> BorderShape {
        let top = widths.top * fraction, right = widths.right * fraction
        let bottom = widths.bottom * fraction, left = widths.left * fraction
        let inner = Rect(x: rect.x + left, y: rect.y + top,
                         width: max(0, rect.width - left - right), height: max(0, rect.height - top - bottom))
        let shrunk: [(x: Double, y: Double)] = [
            (max(0, radii[0].x - left), max(0, radii[0].y - top)),
            (max(0, radii[1].x - right), max(0, radii[1].y - top)),
            (max(0, radii[2].x - right), max(0, radii[2].y - bottom)),
            (max(0, radii[3].x - left), max(0, radii[3].y - bottom)),
        ]
        return BorderShape(rect: inner, exactRadii: shrunk)
    }

    /// Adds the closed outline to the context's current path, clockwise from the top-left.
    func addPath(to cr: OpaquePointer) {
        let (x, y, maxX, maxY) = (rect.x, rect.y, rect.maxX, rect.maxY)
        let r = radii.map { (x: min($0.x, rect.width), y: min($0.y, rect.height)) }
        cairo_move_to(cr, x + r[0].x, y)
        cairo_line_to(cr, maxX - r[1].x, y)
        Self.corner(cr, from: (maxX - r[1].x, y), to: (maxX, y + r[1].y), corner: (maxX, y))
        cairo_line_to(cr, maxX, maxY - r[2].y)
        Self.corner(cr, from: (maxX, maxY - r[2].y), to: (maxX - r[2].x, maxY), corner: (maxX, maxY))
        cairo_line_to(cr, x + r[3].x, maxY)
        Self.corner(cr, from: (x + r[3].x, maxY), to: (x, maxY - r[3].y), corner: (x, maxY))
        cairo_line_to(cr, x, y + r[0].y)
        Self.corner(cr, from: (x, y + r[0].y), to: (x + r[0].x, y), corner: (x, y))
        cairo_close_path(cr)
    }

    /// A quarter ellipse as one cubic Bézier (control points 0.5523 of the way to the corner).
    private static func corner(_ cr: OpaquePointer, from a: (Double, Double), to b: (Double, Double), corner c: (Double, Double)) {
        let k = 0.5522847498
        guard a != b else { return }
        cairo_curve_to(cr, a.0 + k * (c.0 - a.0), a.1 + k * (c.1 - a.1),
                       b.0 + k * (c.0 - b.0), b.1 + k * (c.1 - b.1), b.0, b.1)
    }

    /// Fills the ring between this shape and `inner` (even-odd) with the current source.
    func fillRing(to inner: BorderShape, on cr: OpaquePointer) {
        cairo_new_path(cr)
        addPath(to: cr)
        if inner.rect.width > 0, inner.rect.height > 0 { inner.addPath(to: cr) }
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_fill(cr)
    }
}
