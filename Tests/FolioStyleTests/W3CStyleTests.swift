import FolioPublication
import Testing
@testable import FolioStyle

/// The W3C EPUB 3.3 reading-system tests on CSS and content (`css-`, `cnt-`), as far as the
/// cascade decides them: each test's page says what a conforming reading system shows, and
/// this checks the computed styles that showing depends on. What only line layout or the
/// renderer can do (breaking, hyphenating, drawing marks, SVG paint) is outside this suite.
///
/// The corpus is `../shared/corpus` (`FOLIO_CORPUS` overrides it); without it the suite is skipped.
struct W3CStyleCase: Sendable, CustomTestStringConvertible {
    let id: String
    let document: String
    let check: @Sendable (StyledDocument, Publication) throws -> Void
    var testDescription: String { document == "EPUB/content_001.xhtml" ? id : "\(id) \(document)" }

    init(_ id: String, _ document: String = "EPUB/content_001.xhtml",
         _ check: @escaping @Sendable (StyledDocument, Publication) throws -> Void) {
        self.id = id
        self.document = document
        self.check = check
    }
}

extension StyledDocument {
    /// Elements whose `style` attribute contains `fragment`, in document order.
    func elements(styled fragment: String) -> [StyledNode] {
        nodes.filter { $0.kind == .element && ($0.source?.attribute("style")?.contains(fragment) ?? false) }
    }

    /// The values of `property` on elements whose `style` attribute contains each fragment.
    func values(_ property: PropertyID, styled fragments: [String]) -> [String] {
        fragments.map { elements(styled: $0).first.map { value(property, of: $0) } ?? "(no element)" }
    }

    /// The values of `property` on the first element of each class.
    func values(_ property: PropertyID, classes: [String]) -> [String] {
        classes.map { elements(class: $0).first.map { value(property, of: $0) } ?? "(no element)" }
    }
}

extension W3CStyleCase {
    /// A `cnt-css-fonts_*` test: one `@font-face` for `family` from `file`, whose bytes start with
    /// the format's signature, used by the one list item.
    static func font(_ id: String, family: String, file: String, format: String, signature: [UInt8]) -> W3CStyleCase {
        W3CStyleCase(id) { styled, publication in
            let face = try #require(styled.fontFaces.first)
            #expect(styled.fontFaces.count == 1)
            #expect(face.rule.family == family)
            #expect(face.rule.sources == [.url("fonts/\(file)", format: format)])
            // The URL resolves against the sheet (here the document itself) to the font in the container.
            let path = try #require(ContainerPath.resolve("fonts/\(file)", relativeTo: face.sheet)?.path)
            #expect(path == "EPUB/fonts/\(file)")
            #expect(Array(try publication.read(path).prefix(4)) == signature)
            let li = try styled.first("li")
            #expect(li.computed.font.family.first == .named(family))
            #expect(styled.value(.display, of: li) == "list-item")
        }
    }

    static let all: [W3CStyleCase] = [
        // -epub-hyphens maps to hyphens; the inline value beats body's `hyphens: none`.
        W3CStyleCase("css-epub-hyphens") { styled, _ in
            #expect(styled.value(.hyphens, ofFirst: "body") == "none")
            #expect(styled.values(.hyphens, styled: ["-epub-hyphens: none", "-epub-hyphens: manual", "-epub-hyphens: auto"])
                == ["none", "manual", "auto"])
        },
        W3CStyleCase("css-epub-line-break") { styled, _ in
            #expect(styled.values(.lineBreak, classes: ["auto", "loose", "normal", "strict"]) == ["auto", "loose", "normal", "strict"])
            let box = try #require(styled.elements(class: "wrapbox").first)
            #expect(styled.value(.display, of: box) == "inline-block")
            #expect(styled.value(.verticalAlign, of: box) == "top")
        },
        W3CStyleCase("css-epub-text-align-last") { styled, _ in
            let fragments = ["auto", "start", "end", "left", "right", "center", "justify"].map { "-epub-text-align-last: \($0)" }
            #expect(styled.values(.textAlignLast, styled: fragments) == ["auto", "start", "end", "left", "right", "center", "justify"])
            // Test 3's `end` is in a right-to-left paragraph: layout puts its last line on the left.
            #expect(styled.values(.direction, styled: ["-epub-text-align-last: end"]) == ["rtl"])
            #expect(styled.values(.textAlign, styled: fragments).allSatisfy { $0 == "start" })
        },
        // Both the EPUB 3.0 name (-epub-text-combine: horizontal) and the later one map to text-combine-upright.
        W3CStyleCase("css-epub-text-combine-horizontal") { styled, _ in
            let classes = ["epub-text-combine-horizontal-none", "epub-text-combine-horizontal-all",
                           "epub-text-combine-none", "epub-text-combine-horizontal"]
            #expect(styled.values(.textCombineUpright, classes: classes) == ["none", "all", "none", "all"])
            #expect(styled.values(.writingMode, classes: classes).allSatisfy { $0 == "vertical-rl" })
        },
        W3CStyleCase("css-epub-text-emphasis") { styled, _ in
            let classes = ["emphasis-filled-dot", "emphasis-filled-circle", "emphasis-filled-double-circle",
                           "emphasis-filled-double-triangle", "emphasis-filled-sesame", "emphasis-a", "emphasis-open-dot",
                           "emphasis-filled-triangle", "emphasis-filled-dot-blue", "emphasis-filled-dot-under"]
            #expect(styled.values(.textEmphasisStyle, classes: classes) == [
                "filled dot", "filled circle", "filled double-circle", "filled triangle", "filled sesame", "\"a\"",
                "open dot", "filled triangle", "filled dot", "filled dot",
            ])
            #expect(styled.values(.textEmphasisColor, classes: ["emphasis-filled-dot", "emphasis-filled-dot-blue"])
                == ["rgb(0, 0, 0)", "rgb(0, 0, 255)"])
            #expect(styled.values(.textEmphasisPosition, classes: ["emphasis-filled-dot", "emphasis-filled-dot-under"])
                == ["over right", "under right"])
            // The marks come from the embedded font.
            #expect(styled.fontFaces.map(\.rule.family) == ["KentenGeneric"])
            #expect(styled.elements(class: "test").allSatisfy { $0.computed.font.family.first == .named("KentenGeneric") })
        },
        W3CStyleCase("css-epub-text-emphasis", "EPUB/content_002.xhtml") { styled, _ in
            let span = try #require(styled.elements(class: "emphasis-filled-dot-over-left").first)
            #expect(styled.value(.writingMode, of: span) == "vertical-lr")
            #expect(styled.value(.textEmphasisStyle, of: span) == "filled dot")
            #expect(styled.value(.textEmphasisPosition, of: span) == "over left")
        },
        W3CStyleCase("css-epub-text-emphasis", "EPUB/content_004.xhtml") { styled, _ in
            let span = try #require(styled.elements(class: "emphasis-filled-dot-over-right").first)
            #expect(styled.value(.writingMode, of: span) == "vertical-rl")
            #expect(styled.value(.textEmphasisPosition, of: span) == "over right")
        },
        // `sideways-right` is the EPUB 3.0 (Writing Modes draft) name of `sideways`.
        W3CStyleCase("css-epub-text-orientation", "EPUB/content_002.xhtml") { styled, _ in
            let classes = ["mixed", "upright", "sideways", "sideways-right"].map { "text-orientation-\($0)" }
            #expect(styled.values(.textOrientation, classes: classes) == ["mixed", "upright", "sideways", "sideways"])
            #expect(styled.values(.writingMode, classes: classes).allSatisfy { $0 == "vertical-rl" })
        },
        // `text-transform: -epub-fullwidth` is `full-width`.
        W3CStyleCase("css-epub-text-transform") { styled, _ in
            #expect(styled.values(.textTransform, styled: ["-epub-fullwidth"]) == ["full-width"])
            #expect(styled.value(.writingMode, ofFirst: "p") == "vertical-rl")
        },
        W3CStyleCase("css-epub-text-underline-position") { styled, _ in
            let span = try #require(styled.elements(class: "underline").first)
            #expect(styled.value(.textUnderlinePosition, of: span) == "auto")
            #expect(styled.value(.textDecorationLine, of: span) == "underline")
        },
        W3CStyleCase("css-epub-text-underline-position", "EPUB/content_002.xhtml") { styled, _ in
            let span = try #require(styled.elements(class: "underline").first)
            #expect(styled.value(.textUnderlinePosition, of: span) == "under")
            #expect(styled.value(.textDecorationLine, of: span) == "underline")
        },
        W3CStyleCase("css-epub-text-underline-position", "EPUB/content_003.xhtml") { styled, _ in
            let span = try #require(styled.elements(class: "underline").first)
            #expect(styled.value(.textUnderlinePosition, of: span) == "under left")
            #expect(styled.value(.writingMode, of: span) == "vertical-rl")
        },
        W3CStyleCase("css-epub-text-underline-position", "EPUB/content_005.xhtml") { styled, _ in
            let span = try #require(styled.elements(class: "underline").first)
            #expect(styled.value(.textUnderlinePosition, of: span) == "under right")
            #expect(styled.value(.writingMode, of: span) == "vertical-rl")
        },
        W3CStyleCase("css-epub-word-break") { styled, _ in
            let fragments = ["normal", "keep-all", "break-all"].map { "-epub-word-break: \($0)" }
            #expect(styled.values(.wordBreak, styled: fragments) == ["normal", "keep-all", "break-all"])
        },
        W3CStyleCase("css-epub-writing-mode") { styled, _ in
            #expect(styled.values(.writingMode, styled: ["horizontal-tb"]) == ["horizontal-tb"])
        },
        // On body, inherited by the paragraph.
        W3CStyleCase("css-epub-writing-mode", "EPUB/content_002.xhtml") { styled, _ in
            #expect(styled.value(.writingMode, ofFirst: "body") == "vertical-rl")
            #expect(styled.value(.writingMode, ofFirst: "p") == "vertical-rl")
        },
        W3CStyleCase("css-epub-writing-mode", "EPUB/content_003.xhtml") { styled, _ in
            #expect(styled.value(.writingMode, ofFirst: "p") == "vertical-lr")
        },

        // An OpenType font with TrueType outlines: its signature is 0x00010000, not `OTTO`.
        .font("cnt-css-fonts_ot", family: "Franky Toys", file: "FrankyToys.otf", format: "opentype", signature: [0, 1, 0, 0]),
        .font("cnt-css-fonts_tt", family: "Lobster", file: "Lobster.ttf", format: "truetype", signature: [0, 1, 0, 0]),
        .font("cnt-css-fonts_woff", family: "Pacifico", file: "Pacifico.woff", format: "woff", signature: Array("wOFF".utf8)),
        .font("cnt-css-fonts_woff2", family: "Macondo", file: "Macondo.woff2", format: "woff2", signature: Array("wOF2".utf8)),

        // MathML is not typeset: the math element is one node carrying its alttext.
        W3CStyleCase("cnt-mathml-support") { styled, _ in
            let math = try styled.first("math")
            #expect(styled.mathText(math) == "x equals (open parentheses) a plus b (close parentheses) to the power of 2")
            #expect(styled.children(of: math).isEmpty)
            #expect(styled.elements("msup").isEmpty)
        },
        // Inline SVG stays whole for the renderer; the page's sheet (fill: url(#star)) is the renderer's to apply.
        W3CStyleCase("cnt-svg-css-inclusion") { styled, _ in
            let svg = try styled.first("svg")
            #expect(svg.source?.namespaceURI == "http://www.w3.org/2000/svg")
            #expect(styled.children(of: svg).isEmpty)
            #expect(styled.elements("path").isEmpty)
            #expect(styled.value(.display, of: svg) == "inline-block")  // a replaced box, like img
        },
        // The img's SVG is a separate document: the page's `.fil0` rule cannot reach it.
        W3CStyleCase("cnt-svg-css-reference") { styled, _ in
            let img = try styled.first("img")
            #expect(img.source?.attribute("src") == "img/001.svg")
            #expect(styled.elements(class: "fil0").isEmpty)
        },
        // An SVG content document: its root is styled; its own <style> is the renderer's.
        W3CStyleCase("cnt-svg-css", "EPUB/content_001.svg") { styled, _ in
            let root = try #require(styled.root)
            #expect(root.source?.localName == "svg")
            #expect(styled.nodes.count == 1)
        },
        W3CStyleCase("cnt-svg-embedded") { styled, _ in
            let svg = try styled.first("svg")
            #expect(styled.value(.width, of: svg) == "70%")
            #expect(styled.children(of: svg).isEmpty)
        },
        W3CStyleCase("cnt-svg-support", "EPUB/content_001.svg") { styled, _ in
            #expect(styled.root?.source?.localName == "svg")
            #expect(styled.nodes.count == 1)
        },
        W3CStyleCase("cnt-xhtml-support") { styled, _ in
            let p = try styled.first("p")
            #expect(styled.value(.display, of: p) == "block")
            #expect(styled.children(of: p).compactMap(\.text) == ["Test passes if you see this."])
            #expect(styled.value(.display, ofFirst: "head") == "none")
        },
    ]
}

@Suite(.enabled(if: StyleBooks.directory != nil, "\(StyleBooks.absent)"))
struct W3CStyleTests {
    @Test("a W3C css-/cnt- test gets the computed styles it depends on", arguments: W3CStyleCase.all)
    func computedStylesMatchWhatTheTestRequires(_ test: W3CStyleCase) throws {
        let publication = try StyleBooks.open("w3c/\(test.id).epub")
        let styled = try StyleBooks.style(publication, test.document, environment: .phone)
        try test.check(styled, publication)
        let cssWarnings = publication.diagnostics.warnings.filter { $0.code.hasPrefix("css.") }
        #expect(cssWarnings.isEmpty, "\(cssWarnings)")
    }

    @Test func everyCSSAndContentTestOfTheCorpusIsCovered() {
        let books = (StyleBooks.books("w3c", prefix: "css-") + StyleBooks.books("w3c", prefix: "cnt-"))
            .map { String($0.dropFirst("w3c/".count).dropLast(".epub".count)) }
        #expect(Set(books) == Set(W3CStyleCase.all.map(\.id)))
    }
}
