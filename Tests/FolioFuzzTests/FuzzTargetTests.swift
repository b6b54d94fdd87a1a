import FolioFuzz
import Foundation
import Testing

/// The fuzz targets answer every input with a description, and answer simple inputs correctly:
/// a target that quietly did nothing would fuzz nothing.
@Suite struct FuzzTargetTests {
    @Test(arguments: FuzzTarget.allCases) func everyTargetAnswersEmptyInput(target: FuzzTarget) {
        #expect(!target.run([]).isEmpty)
    }

    @Test func theContainerTargetRefusesBytesThatAreNotAZip() {
        #expect(FuzzTarget.container.run(Array("not a zip".utf8)).hasPrefix("refused: "))
    }

    @Test func thePackageTargetReadsTheManifestAndSpine() {
        let opf = """
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
            <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">x</dc:identifier>
            <dc:title id="t">Title</dc:title><meta refines="#t" property="title-type">main</meta></metadata>
            <manifest><item id="c" href="c.xhtml" media-type="application/xhtml+xml"/></manifest>
            <spine><itemref idref="c"/></spine></package>
            """
        #expect(FuzzTarget.package.run(Array(opf.utf8)).hasPrefix("package 3.0: 1 manifest items, 1 spine items, title Title"))
    }

    @Test func theNavigationTargetTellsNCXFromNav() {
        let ncx = #"<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/"><navMap><navPoint id="a"><navLabel><text>A</text></navLabel><content src="a.xhtml"/></navPoint></navMap></ncx>"#
        let nav = #"<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><body><nav epub:type="toc"><ol><li><a href="a.xhtml">A</a><ol><li><a href="b.xhtml">B</a></li></ol></li></ol></nav></body></html>"#
        #expect(FuzzTarget.navigation.run(Array(ncx.utf8)).hasPrefix("ncx: 1 contents entries"))
        #expect(FuzzTarget.navigation.run(Array(nav.utf8)).hasPrefix("nav: 2 contents entries"))
    }

    @Test func theChapterTargetLaysTextOutOnPages() {
        let words = (1...400).map { "word\($0)" }.joined(separator: " ")
        let xhtml = #"<html xmlns="http://www.w3.org/1999/xhtml"><head><style>p { font-size: 16px }</style></head><body><p>"# + words + "</p></body></html>"
        let outcome = FuzzTarget.chapter.run(Array(xhtml.utf8))
        let pages = Int(outcome.prefix { $0.isNumber }) ?? 0
        #expect(pages > 1, "\(outcome)")
    }

    @Test func theCSSTargetStylesTheFixedDocument() {
        #expect(FuzzTarget.css.run(Array("p { color: red }".utf8)).contains("styled nodes"))
    }

    @Test func theSMILTargetReadsClipsAndClockValues() {
        let smil = #"<smil xmlns="http://www.w3.org/ns/SMIL" version="3.0"><body><par id="p"><text src="c.xhtml#a"/><audio src="a.mp3" clipBegin="0:00:01.5" clipEnd="2s"/></par></body></smil>"#
        #expect(FuzzTarget.smil.run(Array(smil.utf8)).hasPrefix("1 clips"))
        #expect(FuzzTarget.smil.run(Array("1:02.5".utf8)).contains("clock value 62.5s"))
    }

    @Test func theImageTargetDecodesAnSVG() {
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><rect width="20" height="10"/></svg>"#
        #expect(FuzzTarget.image.run(Array(svg.utf8)).hasPrefix("decoded 20×10"))
    }
}
