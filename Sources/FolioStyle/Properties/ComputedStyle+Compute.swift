/// Computing: from cascaded values to computed values.
///
/// https://www.w3.org/TR/css-cascade-4/#computed, https://www.w3.org/TR/CSS2/cascade.html#computed-value
extension ComputedStyle {
    /// Computes an element's style from its cascaded values.
    ///
    /// Inherited properties start as the parent's computed values and the others as
    /// initial values. `font-size` is computed first (em and % of the parent's size) and
    /// `color` next, because other lengths use the element's own font size and
    /// `currentColor` its own colour. `parent` is nil for the root element; `root` is the
    /// root element's style, for `rem` (nil while computing the root itself).
    public static func compute(
        cascaded: CascadedValues, parent: ComputedStyle?, root: ComputedStyle?, environment: ValueContext
    ) -> ComputedStyle {
        computeWithinLimits(cascaded: cascaded, parent: parent, root: root, environment: environment).style
    }

    /// `compute`, also naming the properties whose values were out of `StyleLimits` and
    /// clamped (for a warning).
    public static func computeWithinLimits(
        cascaded: CascadedValues, parent: ComputedStyle?, root: ComputedStyle?, environment: ValueContext
    ) -> (style: ComputedStyle, clamped: [String]) {
        let inheritFrom = parent ?? rootParent(environment)
        var style = inheritFrom
        style.box = initial.box
        if !style.border.isIdentical(to: initial.border) { style.border = initial.border }
        if !style.background.isIdentical(to: initial.background) { style.background = initial.background }
        if !style.generated.isIdentical(to: initial.generated) { style.generated = initial.generated }
        guard !cascaded.isEmpty else {
            if parent == nil { style.finish(isRoot: true) }
            return (style, [])
        }

        let rootFontSize = root?.font.size ?? environment.rootFontSize
        if let fontSize = cascaded[.fontSize] {
            style.font.size = computeFontSize(fontSize, parent: inheritFrom, rootFontSize: rootFontSize, environment: environment)
        }
        // Clamped before em lengths are computed from it.
        var clamped = style.font.size > StyleLimits.fontSize || style.font.size.isNaN ? ["font-size"] : []
        if !clamped.isEmpty { style.font.size = style.font.size.isNaN ? inheritFrom.font.size : StyleLimits.fontSize }
        if let color = cascaded[.color] {
            style.apply(.color, color, parent: inheritFrom, lengths: LengthResolver(fontSize: style.font.size, rootFontSize: rootFontSize, context: environment), environment: environment)
        }
        let lengths = LengthResolver(fontSize: style.font.size, rootFontSize: rootFontSize, context: environment)
        for (id, value) in cascaded where id != .fontSize && id != .color {
            style.apply(id, value, parent: inheritFrom, lengths: lengths, environment: environment)
        }
        style.finish(isRoot: parent == nil)
        clamped += style.clampToLimits()
        return (style, clamped)
    }

    /// What a root element inherits from: the initial values, with `medium` at the
    /// reader's preferred size.
    private static func rootParent(_ environment: ValueContext) -> ComputedStyle {
        var style = initial
        if style.font.size != environment.mediumFontSize { style.font.size = environment.mediumFontSize }
        return style
    }

    /// `font-size`: keywords scale from `medium`; em, ex, ch and % are of the parent's size.
    ///
    /// https://www.w3.org/TR/css-fonts-4/#font-size-prop
    private static func computeFontSize(_ value: SpecifiedValue, parent: ComputedStyle, rootFontSize: Double, environment: ValueContext) -> Double {
        let parentSize = parent.font.size
        switch value {
        case .fontSize(.keyword(let keyword)): return environment.mediumFontSize * keyword.scale
        case .fontSize(.smaller): return parentSize / 1.2
        case .fontSize(.larger): return parentSize * 1.2
        case .fontSize(.length(let length)):
            let lengths = LengthResolver(fontSize: parentSize, rootFontSize: rootFontSize, context: environment)
            return max(0, lengths.lengthPercentage(length).resolve(against: parentSize))
        case .cssWide(.initial): return environment.mediumFontSize
        default: return parentSize
        }
    }

    /// Fix-ups that depend on several properties.
    private mutating func finish(isRoot: Bool) {
        // A border with style none or hidden has computed width 0.
        // https://www.w3.org/TR/css-backgrounds-3/#border-width
        if !border.isIdentical(to: Self.initial.border) {
            let styles = border.style
            if styles.top.hidesBorder && border.width.top != 0 { border.width.top = 0 }
            if styles.right.hidesBorder && border.width.right != 0 { border.width.right = 0 }
            if styles.bottom.hidesBorder && border.width.bottom != 0 { border.width.bottom = 0 }
            if styles.left.hidesBorder && border.width.left != 0 { border.width.left = 0 }
        }
        // Absolutely positioned boxes do not float; floated, absolutely positioned and
        // root boxes are blockified. https://www.w3.org/TR/CSS2/visuren.html#dis-pos-flo
        if box.position == .absolute || box.position == .fixed { box.float = .none }
        if isRoot || box.float != .none || box.position == .absolute || box.position == .fixed {
            box.display = box.display.blockified
        }
        // A filled/open mark without a shape is a dot in horizontal text, sesame in vertical.
        if case .mark(let filled, nil) = rareInherited.emphasisStyle {
            rareInherited.emphasisStyle = .mark(filled: filled, shape: text.writingMode.isVertical ? .sesame : .dot)
        }
    }
}
