import Testing
@testable import FolioImage

/// An SVG file's `@import` rules are replaced by the sheets they name (librsvg gets bytes, not a
/// place to fetch from): plain and CDATA style elements, nested imports, and what cannot be read.
@Suite struct SVGStyleImportsTests {
    static let sheets: [String: String] = [
        "EPUB/style.css": "text { font-size: 5px } @import url(\"more.css\");",
        "EPUB/more.css": "rect { fill: a<b }",
        "EPUB/loop.css": "@import 'loop.css'; g { }",
    ]

    static func inline(_ svg: String) -> String {
        let out = SVGStyleImports.inlined(Array(svg.utf8), path: "EPUB/image.svg") { href, base in
            let directory = base.split(separator: "/").dropLast().joined(separator: "/")
            let path = directory + "/" + href
            return sheets[path].map { (path, $0) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    @Test func anImportInAStyleElementBecomesTheSheetEscapedForXML() {
        let out = Self.inline("<svg><style>@import url(style.css); line { }</style></svg>")
        #expect(out == "<svg><style>text { font-size: 5px } rect { fill: a&lt;b } line { }</style></svg>")
    }

    @Test func inCDATATheSheetIsLeftAsItIs() {
        let out = Self.inline("<svg><style><![CDATA[ @import \"style.css\"; ]]></style></svg>")
        #expect(out == "<svg><style><![CDATA[ text { font-size: 5px } rect { fill: a<b } ]]></style></svg>")
    }

    @Test func anImportThatCannotBeReadStaysAndALoopStopsAtTheDepthLimit() {
        #expect(Self.inline("<svg><style>@import url(missing.css);</style></svg>") == "<svg><style>@import url(missing.css);</style></svg>")
        let looped = Self.inline("<svg><style>@import url(loop.css);</style></svg>")
        #expect(looped.components(separatedBy: "g { }").count - 1 == SVGStyleImports.depthLimit)
    }

    @Test func aFileWithoutImportsIsReturnedUntouched() {
        let svg = Array("<svg><rect/></svg>".utf8)
        #expect(SVGStyleImports.inlined(svg, path: "a.svg") { _, _ in nil } == svg)
    }

    /// The byte search that spares a drawing without imports any string work.
    @Test func aWordIsFoundAnywhereInTheBytesAndOnlyWhole() {
        func has(_ text: String) -> Bool { SVGStyleImports.contains(Array(text.utf8), "@import") }
        #expect(has("@import"))
        #expect(has("<style>@import url(a.css);</style>"))
        #expect(has("@@@imp@import"))
        #expect(has(String(repeating: "@impor ", count: 1000) + "x@import"))
        #expect(!has("@impor"))
        #expect(!has("<svg>@impor</svg>@"))
        #expect(!has(""))
        #expect(!has("@IMPORT"))
    }
}
