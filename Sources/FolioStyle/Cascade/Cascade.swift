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

    /// UA and user rules, then the document's author sheets in order.
    static func rules(for tree: XMLTree, context: StyleContext) -> RuleSet {
        var rules = context.baseRules
        for sheet in AuthorStyleSheets.collect(tree, context: context) {
            rules.add(sheet, origin: .author)
        }
        return rules
    }
}
