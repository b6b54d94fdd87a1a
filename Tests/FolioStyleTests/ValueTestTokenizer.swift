import FolioCore
@testable import FolioStyle

/// Declarations and values for the value and property tests, read by the real CSS parser
/// (`CSSParser.parseComponentValues` / `CSSParser.parseDeclarations`).
enum TestCSS {
    /// The component values of a declaration value, as the parser gives them.
    static func values(_ text: String) -> [ComponentValue] {
        CSSParser.parseComponentValues(text)
    }

    /// Parses one `name: value` through `PropertyParser`; nil when the parser drops it or the
    /// property parser rejects it.
    static func parse(_ declaration: String) -> PropertyParser.Longhands? {
        guard let parsed = declarations(declaration).first else { return nil }
        return PropertyParser.parse(parsed)
    }

    /// The cascaded map of a `name: value; name: value` list (later declarations win).
    static func cascaded(_ block: String) -> CascadedValues {
        var result: [PropertyID: SpecifiedValue] = [:]
        for declaration in declarations(block) {
            for (id, value) in PropertyParser.parse(declaration) ?? [] { result[id] = value }
        }
        return CascadedValues(result)
    }

    private static func declarations(_ text: String) -> [Declaration] {
        CSSParser.parseDeclarations(text, diagnostics: Diagnostics(), location: "(test)")
    }
}

extension TestCSS {
    /// An 800×600 viewport with 16px root and medium sizes.
    static let context = ValueContext(viewportWidth: 800, viewportHeight: 600)

    /// Computes the style of an element with declarations `block`.
    static func style(_ block: String, parent: ComputedStyle? = nil, root: ComputedStyle? = nil) -> ComputedStyle {
        ComputedStyle.compute(cascaded: cascaded(block), parent: parent, root: root, environment: context)
    }
}
