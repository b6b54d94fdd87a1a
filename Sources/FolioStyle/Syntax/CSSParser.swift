import FolioCore

/// Entry points of the CSS parser: stylesheets, style attributes, and bare values.
///
/// Parsing never fails: broken CSS is recovered exactly where CSS Syntax 3 says
/// (one bad declaration or rule never loses the rest), and what is dropped is
/// recorded in the `Diagnostics` sink with a `css.*` code.
/// https://www.w3.org/TR/css-syntax-3/#parser-entry-points
public enum CSSParser {
    /// How deep blocks, functions and group rules may nest before their content is skipped.
    public static let maxNestingDepth = 256

    /// "Parse a stylesheet": the rules of a whole sheet (or a `<style>` element's text).
    ///
    /// Warnings: `css.unknown-at-rule`, `css.invalid-selector`, `css.invalid-declaration`,
    /// `css.invalid-rule`, `css.invalid-supports`, `css.misplaced-rule`, `css.nesting-too-deep`.
    public static func parseStylesheet(_ text: String, path: String, diagnostics: Diagnostics) -> Stylesheet {
        var parser = CSSRuleParser(text, path: path, diagnostics: diagnostics)
        return Stylesheet(path: path, rules: parser.parseStylesheet())
    }

    /// "Parse a list of declarations", for a `style=""` attribute.
    ///
    /// `location` (`path:line` of the element) is used in warnings.
    public static func parseDeclarations(_ text: String, diagnostics: Diagnostics, location: String) -> [Declaration] {
        var parser = CSSRuleParser(text, path: location, diagnostics: diagnostics)
        parser.fixedLocation = location
        return parser.parseDeclarationList()
    }

    /// "Parse a list of component values", for values given outside a sheet
    /// (media attributes, `@supports` tests, tests of the value parsers).
    public static func parseComponentValues(_ text: String) -> [ComponentValue] {
        var parser = CSSRuleParser(text, path: "", diagnostics: Diagnostics(limit: 16))
        return parser.parseComponentValueList()
    }
}
