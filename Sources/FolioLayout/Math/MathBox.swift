import FolioStyle
import FolioText

/// A laid-out piece of a formula: its advance, how far it rises above its baseline and falls
/// below it, and what it draws, in px from its left edge on its baseline (y down).
/// https://w3c.github.io/mathml-core/#box-model
struct MathBox: Sendable {
    var width = 0.0
    var ascent = 0.0
    var descent = 0.0
    /// How far the last glyph's slant leans past the advance (a superscript moves right by it).
    var italicCorrection = 0.0
    var items: [MathItem] = []

    static let empty = MathBox()

    var height: Double { ascent + descent }

    /// Adds `other` with its origin at (`x`, `y`) of this box; sizes are the caller's. The
    /// child is kept whole and its items are moved once, when the formula becomes frame items:
    /// copying them up through every level of nesting cost more than laying them out.
    mutating func draw(_ other: MathBox, x: Double, y: Double) {
        guard !other.items.isEmpty else { return }
        items.append(.box(other.items, x: x, y: y))
    }

    /// A box stretched around nothing: an `mspace`, a phantom.
    static func space(width: Double, ascent: Double, descent: Double) -> MathBox {
        MathBox(width: width, ascent: ascent, descent: descent)
    }

    /// The box mirrored left to right, for an element laid out right to left
    /// (https://w3c.github.io/mathml-core/#the-dir-attribute): every run and rule keeps its
    /// shape and moves to the mirror image of its place, so that a row runs from the right and
    /// scripts sit on their base's left, while the text of each token still reads as it is
    /// shaped. Children's offsets are folded in on the way.
    func mirrored() -> MathBox {
        var box = self
        box.items = Self.mirror(items, dx: 0, width: width)
        box.italicCorrection = 0
        return box
    }

    private static func mirror(_ items: [MathItem], dx: Double, width: Double) -> [MathItem] {
        items.map { item in
            switch item {
            case .glyphs(let run, let x, let y):
                // The run's ink spans run.x ..< run.x + run.width from its origin.
                let left = dx + x + run.x
                return .glyphs(run, x: width - left - run.width - run.x, y: y)
            case .rule(let rect, let color):
                return .rule(Rect(x: width - (dx + rect.x) - rect.width, y: rect.y, width: rect.width, height: rect.height), color)
            case .box(let inner, let x, let y):
                return .box(mirror(inner, dx: dx + x, width: width), x: 0, y: y)
            }
        }
    }

    /// The items as frame items of a box whose top-left corner is the origin.
    func frameItems() -> [FrameItem] {
        var out: [FrameItem] = []
        func add(_ items: [MathItem], dx: Double, dy: Double) {
            for item in items {
                switch item {
                case .glyphs(let run, let x, let y):
                    out.append(.text(origin: Point(x: x + dx, y: y + dy - run.baseline), run: run))
                case .rule(let rect, let color):
                    out.append(.fill(rect.moved(dx: dx, dy: dy), color))
                case .box(let inner, let x, let y):
                    add(inner, dx: dx + x, dy: dy + y)
                }
            }
        }
        add(items, dx: 0, dy: ascent)
        return out
    }
}

/// What a formula draws: glyph runs (their origin at `x`, their baseline at `y`), rules
/// (fraction bars, radical overbars, table lines), and a child's items with its origin at (`x`, `y`).
enum MathItem: Sendable {
    case glyphs(PositionedRun, x: Double, y: Double)
    case rule(Rect, RGBA)
    case box([MathItem], x: Double, y: Double)
}

/// What a MathML element inherits as it is laid out: its font size and colour, its script
/// level and whether it is in display style, and the form its parent row gives an operator.
/// https://w3c.github.io/mathml-core/#the-math-style-property
struct MathEnvironment {
    /// The font size, from the script level and the size of level 0.
    var scale: ScriptScale
    var color: RGBA
    var displayStyle: Bool
    /// `mathvariant` given by an `mstyle` (MathML 3) for the tokens inside.
    var variant: String?
    /// The form an operator at the core of this element takes (its place in its row).
    var operatorForm: MathOperators.Form?
    /// Nesting depth, bounded so that a hostile formula cannot exhaust the stack.
    var depth = 0
    /// Right to left (`dir="rtl"`, or the `math` element's CSS direction): rows run from the
    /// right, scripts sit on the left and brackets are mirrored.
    var rtl = false

    init(size: Double, color: RGBA, displayStyle: Bool) {
        scale = ScriptScale(base: size)
        self.color = color
        self.displayStyle = displayStyle
    }

    /// The font size tokens are set in here.
    var size: Double {
        get { scale.size }
        set { scale.size = newValue }
    }

    var scriptLevel: Int { scale.level }

    /// The environment one script level deeper (`increment`), no longer in display style.
    func scripted(_ increment: Int = 1, font: MathFont) -> MathEnvironment {
        var next = self
        next.displayStyle = false
        next.operatorForm = nil
        next.scale.setLevel(scriptLevel + increment, font: font)
        return next
    }

    /// Sets the script level (`scriptlevel` of an `mstyle`).
    mutating func setScriptLevel(_ level: Int, font: MathFont) {
        scale.setLevel(level, font: font)
    }
}

/// A formula's font size at its script level: the size of level 0 scaled down as the math
/// font says for each level deeper, or set outright (`mathsize`).
struct ScriptScale {
    let base: Double
    private(set) var level = 0
    var size: Double

    init(base: Double) {
        self.base = base
        size = base
    }

    /// Sets the script level and scales the size as the font's MATH table says: level 1 by
    /// scriptPercentScaleDown, level 2 by scriptScriptPercentScaleDown, each further level by 0.71.
    mutating func setLevel(_ level: Int, font: MathFont) {
        let level = max(0, min(level, 8))
        self.level = level
        let first = nonZero(font.constant(.scriptPercentScaleDown), 0.71)
        let second = nonZero(font.constant(.scriptScriptPercentScaleDown), 0.5041)
        var factor = 1.0
        if level >= 1 { factor = first }
        if level >= 2 { factor = second }
        if level > 2 { for _ in 2..<level { factor *= 0.71 } }
        size = base * factor
    }

    private func nonZero(_ value: Double, _ fallback: Double) -> Double { value > 0 ? value : fallback }
}

/// What a chapter's formulas share while they are laid out: tokens already set (by text,
/// size, colour and script style) and glyphs' ink boxes. A CFF font's ink box is found by
/// running the glyph's outline program, and a converted textbook sets the same few hundred
/// tokens tens of thousands of times.
final class MathCache {
    struct TokenKey: Hashable {
        var text: String
        var size: Double
        var color: RGBA
        var scriptStyle: Int
    }

    var tokens: [TokenKey: MathBox] = [:]
    var inks: [UInt32: (left: Double, width: Double, ascent: Double, descent: Double)] = [:]
}
