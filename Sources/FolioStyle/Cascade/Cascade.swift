import FolioCore
import FolioXML

/// Computes the style of every element of a content document.
///
/// https://www.w3.org/TR/css-cascade-4/
public enum Cascade {
    public static func style(_ tree: XMLTree, context: StyleContext) -> StyledDocument {
        let rules = rules(for: tree, context: context)
        var builder = StyledTreeBuilder(tree: tree, rules: rules, context: context)
        return builder.build()
    }

    /// UA and user rules, then the document's author sheets in order; built once for all the
    /// documents of a book that use the same sheets (most books link one stylesheet everywhere).
    static func rules(for tree: XMLTree, context: StyleContext) -> RuleSet {
        let sheets = AuthorStyleSheets.collect(tree, context: context)
        let key = sheets.map(\.key).joined(separator: "\u{0}")
        if let cached = context.ruleSets[key] { return cached }
        var rules = context.baseRules
        for (_, sheet) in sheets {
            rules.add(sheet, origin: .author)
        }
        context.ruleSets[key] = rules
        return rules
    }
}
