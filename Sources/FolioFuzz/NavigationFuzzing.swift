import FolioCore
import FolioPublication
import FolioXML

/// Parses bytes as an NCX when the root says so, else as an XHTML navigation document, the way
/// the opener picks the parser; the HTML recovery the opener uses for XHTML is used for both.
enum NavigationFuzzing {
    static func run(_ bytes: [UInt8]) -> String {
        let diagnostics = Diagnostics()
        let tree: XMLTree
        do {
            tree = try MarkupParser.parse(bytes, path: "OEBPS/nav.xhtml", recovery: .html, diagnostics: diagnostics)
        } catch {
            return "not markup: \(error.reason)"
        }
        let isNCX = tree.root?.localName == "ncx"
        let navigation = isNCX
            ? NCXParser.parse(tree, path: "OEBPS/toc.ncx", diagnostics: diagnostics)
            : NavParser.parse(tree, path: "OEBPS/nav.xhtml", diagnostics: diagnostics)
        return "\(isNCX ? "ncx" : "nav"): \(count(navigation.toc)) contents entries, \(count(navigation.pageList)) pages, "
            + "\(count(navigation.landmarks)) landmarks, \(diagnostics.warnings.count) warnings"
    }

    /// Entries at every depth, iteratively: a hostile document may nest deeply.
    private static func count(_ points: [NavPoint]) -> Int {
        var stack = points, total = 0
        while let point = stack.popLast() {
            total += 1
            stack.append(contentsOf: point.children)
        }
        return total
    }
}
