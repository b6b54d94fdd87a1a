/// A computed style shared by every node whose style is equal to it.
///
/// Nodes hold these references; comparing two nodes' styles is a pointer comparison.
public final class SharedStyle: Sendable {
    public let style: ComputedStyle

    init(_ style: ComputedStyle) {
        self.style = style
    }
}

/// Hands out one `SharedStyle` per distinct `ComputedStyle`, so a chapter with thousands
/// of paragraphs holds a handful of styles.
///
/// Not thread-safe: use one per cascade run (styling one document is sequential).
public final class StyleInterner {
    private var table: [ComputedStyle: SharedStyle] = [:]

    public init() {}

    /// The shared reference for `style`: the same object for every equal style.
    public func intern(_ style: ComputedStyle) -> SharedStyle {
        if let shared = table[style] { return shared }
        let shared = SharedStyle(style)
        table[style] = shared
        return shared
    }

    /// How many distinct styles have been interned.
    public var count: Int { table.count }
}
