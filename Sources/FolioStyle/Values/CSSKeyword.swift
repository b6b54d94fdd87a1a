/// A property value spelled as one keyword; the raw value is the CSS spelling.
public protocol CSSKeyword: RawRepresentable<String>, CaseIterable, Sendable, Hashable, CustomStringConvertible {}

extension CSSKeyword {
    public var description: String { rawValue }

    /// The keyword a component value names (ASCII case-insensitive), if it is one of ours.
    static func parse(_ value: ComponentValue) -> Self? {
        value.keyword.flatMap(Self.init(rawValue:))
    }
}
