import FolioCore
import FolioStyle
import FolioXML

/// Parses bytes as the author stylesheet of a small fixed document with most kinds of element,
/// cascades it (selectors, media queries, properties, computed values) and writes every
/// computed value of each distinct style out as CSS text.
enum CSSFuzzing {
    static let path = "EPUB/chapter.xhtml"
    static let sheet = "EPUB/style.css"

    static let document = """
        <?xml version="1.0" encoding="UTF-8"?>
        <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="en" dir="ltr">
        <head><title>t</title><link rel="stylesheet" type="text/css" href="style.css"/></head>
        <body class="b" id="top"><section epub:type="chapter"><h1 class="title">Heading <em>one</em></h1>
        <p class="first" style="text-indent: 1em">A <a href="#n1" id="r1">note</a>, <span lang="fr">un mot</span>,
        <strong>bold</strong>, <small>small</small>, <sup>2</sup>, <code>code</code>, <ruby>漢<rt>kan</rt></ruby>.</p>
        <blockquote><p dir="rtl" lang="ar">نص عربي</p></blockquote>
        <ol start="3"><li>one</li><li value="7">two<ul><li>nested</li></ul></li></ol>
        <table><caption>c</caption><thead><tr><th colspan="2">h</th></tr></thead>
        <tbody><tr><td rowspan="2">a</td><td>b</td></tr><tr><td>c</td></tr></tbody></table>
        <figure><img src="image.png" alt="image" width="10" height="10"/><figcaption>f</figcaption></figure>
        <pre>  pre  text</pre><hr/><div><div><div><p>deep</p></div></div></div>
        <aside epub:type="footnote" id="n1"><p>Note.</p></aside></section></body></html>
        """

    static let tree: XMLTree? = try? MarkupParser.parse(Array(document.utf8), path: path, recovery: .html, diagnostics: Diagnostics())

    static func run(_ bytes: [UInt8]) -> String {
        guard let tree else { return "the fixed document does not parse" }
        let diagnostics = Diagnostics()
        let context = StyleContext(environment: MediaEnvironment(width: 400, height: 300), diagnostics: diagnostics) { path in
            path == sheet ? bytes : nil
        }
        let styled = Cascade.style(tree, context: context)
        // Every computed value of each distinct style as CSS text (what `folio style` prints);
        // nodes share styles, and writing each once keeps an input to a few milliseconds.
        var seen = Set<ComputedStyle>()
        var characters = 0
        for node in styled.nodes where seen.insert(node.computed).inserted {
            characters += node.computed.cssProperties().reduce(0) { $0 + $1.name.count + $1.value.count }
        }
        return "\(styled.nodes.count) styled nodes, \(seen.count) distinct styles, \(characters) characters of values, "
            + "\(diagnostics.warnings.count) warnings"
    }
}
