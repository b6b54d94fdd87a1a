import Foundation
import Testing

/// One book with everything rich at once (fixture `rich-content-book`): an Arabic title and a
/// Hebrew creator, both `dir="rtl"`; an inline SVG drawing; a PNG in a `data:` URL; an AVIF
/// and a JPEG XL image; a MathML formula; an `<audio>` of the book; an `<iframe>` of another
/// of its documents; and a missing image. Every command opens it and shows each as described.
@Suite struct RichContentCLITests {
    static let book = CLITests.root.appendingPathComponent("Tests/FolioCLITests/Fixtures/rich-content-book").path

    static func run(_ arguments: String...) throws -> CLITests.Run {
        let run = try CLITests.folio(arguments)
        #expect(run.status == 0, "folio \(arguments.joined(separator: " ")): \(run.stderr)")
        return run
    }

    @Test func infoGivesTheTitleAndCreatorInTheirDirectionAndListsTheAudio() throws {
        let info = try Self.run("info", Self.book).text
        // Logical order inside the right-to-left isolate their dir names.
        #expect(info.contains("\u{2067}كتاب المحتوى الغني\u{2069}"), "\(info)")
        #expect(info.contains("\u{2067}דוד כהן\u{2069}"))
        #expect(info.contains("1 audio, 0 video: EPUB/sound.mp3"))
        let json = try #require(try JSONSerialization.jsonObject(with: Self.run("info", "--json", Self.book).stdout) as? [String: Any])
        let title = try #require((json["titles"] as? [[String: Any]])?.first)
        #expect(title["dir"] as? String == "rtl" && title["lang"] as? String == "ar")
        let creator = try #require((json["creators"] as? [[String: Any]])?.first)
        #expect(creator["dir"] as? String == "rtl" && creator["lang"] as? String == "he")
    }

    @Test func lsTocAndCatSeeEveryResource() throws {
        let ls = try Self.run("ls", Self.book).text
        for line in ["image/avif", "image/jxl", "audio/mpeg", "svg mathml"] { #expect(ls.contains(line), "\(line) in \(ls)") }
        #expect(try Self.run("toc", Self.book).text.contains("Everything at once"))
        let avif = try Self.run("cat", Self.book, "EPUB/red.avif").stdout
        #expect(avif == FileManager.default.contents(atPath: Self.book + "/EPUB/red.avif"))
    }

    @Test func pageTextHoldsEachPiece() throws {
        let text = try Self.run("text", Self.book).text
        for piece in ["A drawing inline:", "in a sentence.", "A formula: x = (a + b)².", "▶ Play audio: A short recording",
                      "A framed page of the same book.", "A picture that is missing: The missing picture and the end."] {
            #expect(text.contains(piece), "“\(piece)” in \(text)")
        }
    }

    @Test func pngPagesShowTheImagesFormulaAndPlaceholderAndWarnOfTheMissingFile() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("rich-content-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let render = try Self.run("render", Self.book, "--device", "phone", "--dpr", "1", "--out", out.path, "--json")
        #expect(render.stderr.contains("layout.image-missing"))
        #expect(!render.stderr.contains("undecodable"), "every image decodes: \(render.stderr)")
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("manifest.json"))) as? [String: Any])
        let pages = try #require(manifest["pages"] as? [[String: Any]])
        #expect(pages.count >= 1)
        let png = try Data(contentsOf: out.appendingPathComponent("page-0001.png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let pdf = try Self.run("render", Self.book, "--device", "phone", "--format", "pdf", "--out", out.path)
        #expect(pdf.status == 0)
        #expect(try Data(contentsOf: out.appendingPathComponent("book.pdf")).starts(with: Array("%PDF".utf8)))
    }

    @Test func cellsWriteTheFormulaInCharactersAndThePlaceholderInBrackets() throws {
        let cells = try Self.run("render", Self.book, "--format", "text", "--cols", "80", "--rows", "60").text
        #expect(cells.contains("A formula: x = (a + b)²."), "\(cells)")
        #expect(cells.contains("[The missing picture]"))
        #expect(cells.contains("▶ Play audio: A short recording"))
        #expect(cells.contains("A framed page of the same book."))
    }

    @Test func searchAndCheckOpenIt() throws {
        let search = try Self.run("search", Self.book, "sentence").text
        #expect(search.contains("in a [sentence]"), "\(search)")
        let check = try CLITests.folio("check", Self.book)
        #expect(check.status == 0 || check.status == 1, "check runs to its verdict: \(check.stderr)")
        #expect(check.text.contains("missing.png"), "\(check.text)")
    }

    @Test func thePagerShowsTheCreatorInVisualOrder() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("rich-read-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let process = Process()
        let binary = CLITests.root.appendingPathComponent(".build/debug/folio")
        process.executableURL = FileManager.default.isExecutableFile(atPath: binary.path) ? binary : CLITests.root.appendingPathComponent(".build/release/folio")
        process.arguments = ["read", Self.book, "--keys", "wait:0.1", "--screen-size", "80x24"]
        process.environment = ["XDG_STATE_HOME": home.path, "XDG_CONFIG_HOME": home.path, "HOME": home.path]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = Pipe()
        try process.run()
        let screen = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        // The jacket a book opens with the first time: right to left, set in visual order in cells
        // (the first letter of דוד rightmost), the Arabic joined.
        #expect(screen.contains("ﻲﻨﻐﻟﺍ ﻯﻮﺘﺤﻤﻟﺍ ﺏﺎﺘﻛ"))
        #expect(screen.contains("ןהכ דוד"), "\(screen)")
    }
}
