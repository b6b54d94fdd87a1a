/// A keyword every property accepts: `inherit`, `initial`, `unset`, `revert`.
///
/// https://www.w3.org/TR/css-cascade-4/#defaulting-keywords
public enum CSSWideKeyword: String, Sendable, Hashable, CaseIterable {
    case inherit
    case initial
    case unset
    /// Rolls back to the previous cascade origin. Computing treats it as `unset`, which is
    /// what it means for author style sheets when the user-agent sheet set nothing else;
    /// a cascade that tracks origins should resolve it before computing.
    case revert
    /// `revert-layer` rolls back one cascade layer; without layers it behaves like `revert`.
    case revertLayer = "revert-layer"
}
