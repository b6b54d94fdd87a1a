import FolioLayout
import FolioStyle
import Foundation
import Testing
@testable import FolioRender

/// PDF files written through Cairo's PDF surface, read back as bytes. Cairo writes its page
/// objects and its page tree uncompressed (no object streams), so `/Type /Page` objects,
/// `/MediaBox` arrays and the tree's `/Count` can be read from the file as text.
@Suite struct PDFDocumentTests {
    typealias S = RenderSupport

    static func write(_ frames: [Frame], info: PDFDocument.Info = .init(title: "A Title", author: "An Author", date: "2011-09-08T10:00:00Z"),
                      links: [String] = []) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("folio-pdf-\(getpid())-\(UUID().uuidString).pdf").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let document = try PDFDocument(path: path, info: info, dpr: 2) { _, width, height in
            S.solidBitmap(S.green, width: width, height: height)
        }
        for (k, frame) in frames.enumerated() {
            document.addPage(frame, label: String(k + 1), destinations: k == 0 ? ["one.xhtml"] : [], bookmark: "Page \(k + 1)") { href in
                links.contains(href) ? href : nil
            }
        }
        try document.finish()
        return String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    }

    static func count(_ pattern: some RegexComponent, in text: String) -> Int {
        text.matches(of: pattern).count
    }

    @Test func eachFrameIsAPageOfItsCSSSizeInPointsWithItsTextInAnEmbeddedFont() throws {
        let fonts = try S.fontContext()
        var first = PNGRendererTests.fillAndBorder
        first.items += S.textItems(S.paragraph("The quick brown fox", fonts: fonts), at: Point(x: 4, y: 36))
        let second = Frame(width: 400, height: 200, background: .black, items: [
            .image(ImageItem(rect: Rect(x: 10, y: 10, width: 50, height: 40), path: "images/a.png", alt: "")),
        ])
        let pdf = try Self.write([first, second])
        #expect(pdf.hasPrefix("%PDF-"))
        #expect(Self.count(/\/Type\s*\/Page\b(?!s)/, in: pdf) == 2)
        #expect(pdf.contains("/Count 2"))
        #expect(pdf.contains("/MediaBox [ 0 0 75 45 ]") && pdf.contains("/MediaBox [ 0 0 300 150 ]"))
        #expect(pdf.contains("LiberationSerif") && pdf.contains("/FontFile2"))  // a TrueType subset
        #expect(pdf.contains("/Subtype /Image"))
        #expect(pdf.contains("/Title (A Title)") && pdf.contains("/Author (An Author)"))
    }

    @Test func theDatesAreTheOnesGivenSoTheFileIsTheSameEveryTime() throws {
        let frames = [PNGRendererTests.fillAndBorder]
        let first = try Self.write(frames), again = try Self.write(frames)
        #expect(first == again)
        #expect(first.contains("/CreationDate (20110908100000Z)") && first.contains("/ModDate (20110908100000Z)"))
    }

    @Test func linksLeadToURLsAndToDestinationsInTheFileOnly() throws {
        let frame = Frame(width: 100, height: 60, background: .white, items: [
            .link(Rect(x: 0, y: 0, width: 40, height: 20), href: "https://example.org/a'b"),
            .link(Rect(x: 0, y: 20, width: 40, height: 20), href: "one.xhtml"),
            .link(Rect(x: 0, y: 40, width: 40, height: 20), href: "missing.xhtml#x"),
        ])
        let pdf = try Self.write([frame], links: ["one.xhtml"])
        #expect(Self.count(/\/Subtype\s*\/Link/, in: pdf) == 2)
        #expect(pdf.contains("/URI (https://example.org/a'b)"))
        // Destinations are named d1, d2…, never with the book's text.
        #expect(pdf.contains("/Dest (d1)") && !pdf.contains("missing.xhtml") && !pdf.contains("(one.xhtml)"))
        // The first link's area in points, y up from the page's bottom (45 pt tall).
        #expect(pdf.contains("/Rect [ 0 30 30 45 ]"))
    }

    /// Cairo 1.16 writes link URIs and destination names into the file without PDF string
    /// escaping: a hostile href must not close the string and add keys (a Launch action), an
    /// id with parentheses must not break the name tree, and a coordinate in exponent form
    /// must not stop the file (Cairo's attribute parser cannot read one).
    @Test func hostileHrefsAndTinyCoordinatesNeitherInjectNorBreakTheFile() throws {
        let frame = Frame(width: 100, height: 80, background: .white, items: [
            .link(Rect(x: 0, y: 0, width: 40, height: 20), href: "https://x.example/a)/S/Launch/F(cmd.exe"),
            .link(Rect(x: 0, y: 20, width: 40, height: 20), href: "javascript:alert(1)"),
            .link(Rect(x: 0, y: 40, width: 40, height: 20), href: "one.xhtml#a)(b\\c"),
            .link(Rect(x: 0.00001, y: 60, width: 40, height: 1e-7), href: "https://example.org/"),
        ])
        let second = Frame(width: 100, height: 60, background: .white, items: [])
        let pdf = try Self.write([frame, second], links: ["one.xhtml#a)(b\\c"])
        #expect(!pdf.contains(")/S/Launch"))
        #expect(pdf.contains("/URI (https://x.example/a%29/S/Launch/F%28cmd.exe)"))
        #expect(!pdf.contains("javascript"))
        #expect(Self.count(/\/Type\s*\/Page\b(?!s)/, in: pdf) == 2)  // the second page is not lost
        #expect(pdf.contains("/URI (https://example.org/)"))
    }
}
