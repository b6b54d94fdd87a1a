/// Where a declaration comes from, for the cascade's first sort.
///
/// https://www.w3.org/TR/css-cascade-4/#cascading-origins
public enum Origin: Int, Sendable, Comparable {
    case userAgent, user, author

    public static func < (a: Origin, b: Origin) -> Bool { a.rawValue < b.rawValue }

    /// The precedence of a declaration of this origin: normal declarations rise UA → user → author,
    /// important ones fall author → user → UA, all above every normal one.
    func rank(important: Bool) -> Int {
        important ? 5 - rawValue : rawValue
    }
}
