import Foundation
import Testing

/// `folio` on books built to be slow or to trap: each must finish within its limit with a clear
/// exit code, never a signal or a hang.
@Suite struct HostileBookCLITests {
    struct Finished {
        var status: Int32
        var signalled: Bool
        var timedOut: Bool
        var stdout: String
        var stderr: String
    }

    /// Runs the built `folio`, killing it after `seconds`.
    static func folio(_ arguments: [String], within seconds: Double) throws -> Finished {
        let process = Process()
        process.executableURL = CLITests.root.appendingPathComponent(".build/debug/folio")
        process.arguments = arguments
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("folio-hostile-\(getpid())-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: out.path + ".out", contents: nil)
        FileManager.default.createFile(atPath: out.path + ".err", contents: nil)
        defer {
            try? FileManager.default.removeItem(atPath: out.path + ".out")
            try? FileManager.default.removeItem(atPath: out.path + ".err")
        }
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: out.path + ".out"))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: out.path + ".err"))
        try process.run()
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        let timedOut = process.isRunning
        if timedOut { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        let read = { (path: String) in (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
        return Finished(status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
                        timedOut: timedOut, stdout: read(out.path + ".out"), stderr: read(out.path + ".err"))
    }

    /// An unpacked book in a fresh temporary folder: `files` by container path, plus the mimetype and container.xml.
    static func folderBook(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("folio-hostile-book-\(getpid())-\(UUID().uuidString)")
        var all = files
        all["mimetype"] = "application/epub+zip"
        all["META-INF/container.xml"] = all["META-INF/container.xml"] ?? """
            <?xml version="1.0"?>
            <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles>\
            <rootfile full-path="EPUB/package.opf" media-type="application/oebps-package+xml"/></rootfiles></container>
            """
        for (path, text) in all {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    static func package(metadata: String, manifest: String, spine: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">
        <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="uid">urn:x:hostile</dc:identifier>\
        <dc:language>en</dc:language><meta property="dcterms:modified">2026-01-01T00:00:00Z</meta>\(metadata)</metadata>
        <manifest>\(manifest)</manifest>
        <spine>\(spine)</spine>
        </package>
        """
    }

    static let chapter = """
        <html xmlns="http://www.w3.org/1999/xhtml"><head><title>One</title></head><body><p>Call me Ishmael.</p></body></html>
        """

    /// Thousands of refinements on one title and one creator, and a thousand titles sharing the
    /// refined id: the refinements are indexed once, so this takes a second, not a minute (it took
    /// 40 s when each title scanned every refinement).
    @Test func thousandsOfRefinementsOnOneTitleAreResolvedInLinearTime() throws {
        var metadata = #"<dc:title id="t">The Refined Title</dc:title><dc:creator id="a">Ann Author</dc:creator>"#
        for i in 0..<8000 {
            metadata += ##"<meta refines="#t" property="file-as">Title \##(i)</meta><meta refines="#a" property="role">r\##(i % 4000)</meta>"##
        }
        metadata += String(repeating: #"<dc:title id="t">Another Title</dc:title>"#, count: 2000)
        let book = try Self.folderBook([
            "EPUB/package.opf": Self.package(metadata: metadata,
                                             manifest: #"<item id="c" href="c.xhtml" media-type="application/xhtml+xml" properties="nav"/>"#,
                                             spine: #"<itemref idref="c"/>"#),
            "EPUB/c.xhtml": Self.chapter,
        ])
        defer { try? FileManager.default.removeItem(at: book) }
        let run = try Self.folio(["info", book.path], within: 20)
        #expect(!run.timedOut && run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("Title        The Refined Title\n"))
        #expect(run.stdout.contains("Creator      Ann Author (r0)\n"))
    }

    /// 250 nested divs overflowed the stack of the recursive layout (SIGSEGV); the styled tree
    /// now flattens what lies deeper than 128 levels, keeping the text.
    @Test func aChapterOfDeeplyNestedDivsIsLaidOutNotCrashed() throws {
        let body = String(repeating: "<div>", count: 250) + "Deep text." + String(repeating: "</div>", count: 250)
        let book = try Self.folderBook([
            "EPUB/package.opf": Self.package(metadata: "<dc:title>Deep</dc:title>",
                                             manifest: #"<item id="c" href="c.xhtml" media-type="application/xhtml+xml" properties="nav"/>"#,
                                             spine: #"<itemref idref="c"/>"#),
            "EPUB/c.xhtml": #"<html xmlns="http://www.w3.org/1999/xhtml"><head><title>Deep</title></head><body>\#(body)</body></html>"#,
        ])
        defer { try? FileManager.default.removeItem(at: book) }
        let run = try Self.folio(["layout", book.path], within: 60)
        #expect(!run.signalled && run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Deep text."))
    }

    /// Shapes the mutation runs tried on the package: a fallback to itself, a two-item fallback
    /// cycle, a fallback to nothing, refinements that refine each other, and the nav in the spine
    /// 500 times. Each command finishes, warns, and keeps the readable chapter.
    @Test func loopingFallbacksRefinementCyclesAndASpineOfNavsFinish() throws {
        let manifest = #"<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>"#
            + #"<item id="c" href="c.xhtml" media-type="application/xhtml+xml"/>"#
            + #"<item id="self" href="a.pdf" media-type="application/pdf" fallback="self"/>"#
            + #"<item id="x" href="x.pdf" media-type="application/pdf" fallback="y"/><item id="y" href="y.pdf" media-type="application/pdf" fallback="x"/>"#
            + #"<item id="lost" href="l.pdf" media-type="application/pdf" fallback="nowhere"/>"#
        let metadata = ##"<dc:title id="t">Loops</dc:title><meta id="r1" refines="#r2" property="file-as">a</meta>"##
            + ##"<meta id="r2" refines="#r1" property="file-as">b</meta><meta id="r3" refines="#r3" property="role">aut</meta>"##
        let spine = String(repeating: #"<itemref idref="nav"/>"#, count: 500)
            + #"<itemref idref="self"/><itemref idref="x"/><itemref idref="lost"/><itemref idref="c"/>"#
        let book = try Self.folderBook([
            "EPUB/package.opf": Self.package(metadata: metadata, manifest: manifest, spine: spine),
            "EPUB/nav.xhtml": #"<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>N</title></head><body><nav epub:type="toc"><ol><li><a href="c.xhtml">One</a></li></ol></nav></body></html>"#,
            "EPUB/c.xhtml": Self.chapter,
        ])
        defer { try? FileManager.default.removeItem(at: book) }
        for command in ["info", "layout", "overlay"] {
            let run = try Self.folio([command, book.path], within: 60)
            #expect(!run.timedOut && !run.signalled && run.status == 0, "folio \(command): \(run.stderr)")
            if command == "info" {
                #expect(run.stdout.contains("[opf.fallback-cycle]") && run.stdout.contains("[opf.fallback-missing]"))
            }
            if command == "layout" { #expect(run.stdout.contains("Call me Ishmael.")) }
        }
    }
}
