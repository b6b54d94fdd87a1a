import Foundation
import Testing

/// `folio layout` on tiny books built here that would once have run for minutes, lost text or
/// crashed: each lays out, keeps its text and says what it changed.
@Suite struct HostileBooksCLITests {
    typealias CLI = CLITests

    /// An unpacked EPUB of one chapter with `body` (and a `style` element holding `css`), in a
    /// fresh temporary folder the caller removes.
    static func book(_ body: String, css: String = "") throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("folio-hostile-\(getpid())-\(UUID().uuidString)")
        let files = [
            "mimetype": "application/epub+zip",
            "META-INF/container.xml": """
                <?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles>\
                <rootfile full-path="EPUB/package.opf" media-type="application/oebps-package+xml"/></rootfiles></container>
                """,
            "EPUB/package.opf": """
                <?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">\
                <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">urn:uuid:hostile</dc:identifier>\
                <dc:title>Hostile</dc:title><dc:language>en</dc:language><meta property="dcterms:modified">2026-01-01T00:00:00Z</meta></metadata>\
                <manifest><item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>\
                <item id="c" href="c.xhtml" media-type="application/xhtml+xml"/></manifest><spine><itemref idref="c"/></spine></package>
                """,
            "EPUB/nav.xhtml": """
                <?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>n</title></head>\
                <body><nav epub:type="toc"><ol><li><a href="c.xhtml">C</a></li></ol></nav></body></html>
                """,
            "EPUB/c.xhtml": """
                <?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en"><head><title>c</title><style>\(css)</style></head>
                <body>\(body)</body></html>
                """,
        ]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    static func layout(_ book: URL) throws -> (pages: [[String: Any]], run: CLI.Run) {
        let run = try CLI.folio("layout", "--json", "--device", "phone", book.path)
        let pages = try JSONSerialization.jsonObject(with: run.stdout) as? [[String: Any]] ?? []
        return (pages, run)
    }

    static func text(_ pages: [[String: Any]]) -> String { pages.compactMap { $0["text"] as? String }.joined(separator: "\n") }

    @Test func enormousLengthsAreClampedAndNamed() throws {
        let book = try Self.book("<p style='margin-top: 1e38px; border: 1e9px solid red; line-height: 1e9'>Hello</p><p>After</p>")
        defer { try? FileManager.default.removeItem(at: book) }
        let (pages, run) = try Self.layout(book)
        #expect(run.status == 0)
        #expect(pages.count >= 2 && pages.count <= 20, "\(pages.count) pages")
        #expect(Self.text(pages).contains("Hello") && Self.text(pages).contains("After"))
        #expect(run.stderr.contains("<p> has line-height, margin-top, border-width out of range")
                || run.stderr.contains("css.value-clamped"), "\(run.stderr)")
        #expect(run.stderr.contains("EPUB/c.xhtml:2"))
    }

    @Test func contentNestedAThousandDeepIsAllShown() throws {
        let book = try Self.book("<p>Before</p>" + String(repeating: "<div>", count: 1_000) + "Deep" + String(repeating: "</div>", count: 1_000) + "<p>After</p>")
        defer { try? FileManager.default.removeItem(at: book) }
        let (pages, run) = try Self.layout(book)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.text(pages).split(whereSeparator: \.isWhitespace) == ["Before", "Deep", "After"])
        #expect(run.stderr.contains("css.nesting-flattened"))
    }

    @Test func aChapterOfOnlyAVideoGetsAPage() throws {
        let book = try Self.book("<video src='film.mp4'></video>")
        defer { try? FileManager.default.removeItem(at: book) }
        let (pages, run) = try Self.layout(book)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(pages.count == 1)
        #expect(Self.text(pages).contains("[video: film.mp4]"))
        #expect(run.stderr.contains("layout.media-not-shown") && run.stderr.contains("EPUB/c.xhtml:2"))
    }
}
