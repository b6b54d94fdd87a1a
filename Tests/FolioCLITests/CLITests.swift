import Foundation
import Testing

/// Runs the built `folio` executable as a user would and checks its output and exit codes.
@Suite struct CLITests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let sample = root.appendingPathComponent("corpus/lighthouse.epub").path

    struct Run {
        var status: Int32
        var stdout: Data
        var stderr: String
        var text: String { String(decoding: stdout, as: UTF8.self) }
    }

    static func folio(_ arguments: String...) throws -> Run {
        try folio(arguments)
    }

    static func folio(_ arguments: [String]) throws -> Run {
        let process = Process()
        let binary = root.appendingPathComponent(".build/debug/folio")
        process.executableURL = FileManager.default.isExecutableFile(atPath: binary.path) ? binary : root.appendingPathComponent(".build/release/folio")
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: stdout, stderr: String(decoding: stderr, as: UTF8.self))
    }

    @Test func infoDescribesTheSampleBook() throws {
        let run = try Self.folio("info", Self.sample)
        #expect(run.status == 0)
        #expect(run.text.contains("The Lighthouse Keeper's Almanac"))
        #expect(run.text.contains("Folio Authors (aut)"))
        #expect(run.text.contains("EPUB/images/cover.png"))
        #expect(run.text.contains("II. Spring"))
    }

    @Test func infoJSONHasTheDocumentedKeysAndValues() throws {
        let run = try Self.folio("info", "--json", Self.sample)
        #expect(run.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
        for key in ["title", "creators", "languages", "identifier", "version", "readingProgression", "layout", "cover",
                    "spine", "toc", "pageList", "landmarks", "mediaOverlays", "warnings"] {
            #expect(json[key] != nil, "missing key \(key)")
        }
        #expect(json["title"] as? String == "The Lighthouse Keeper's Almanac")
        #expect(json["identifier"] as? String == "urn:uuid:6f1e3c1a-9d2b-4c55-8a3e-2b7d0f4e9a11")
        #expect(json["version"] as? String == "3.0")
        #expect(json["readingProgression"] as? String == "default")
        #expect(json["layout"] as? String == "reflowable")
        #expect(json["cover"] as? String == "EPUB/images/cover.png")
        #expect(json["languages"] as? [String] == ["en"])
        let creator = try #require((json["creators"] as? [[String: Any]])?.first)
        #expect(creator["name"] as? String == "Folio Authors")
        #expect(creator["role"] as? String == "aut")
        #expect(creator["fileAs"] as? String == "Authors, Folio")
        let spine = try #require(json["spine"] as? [[String: Any]])
        #expect(spine.map { $0["href"] as? String } == ["EPUB/text/cover.xhtml", "EPUB/text/title.xhtml", "EPUB/text/chapter-1.xhtml",
                                                        "EPUB/text/chapter-2.xhtml", "EPUB/text/notes.xhtml"])
        #expect(spine.last?["linear"] as? Bool == false)
        let toc = try #require(json["toc"] as? [[String: Any]])
        #expect(toc.map { $0["title"] as? String } == ["Title Page", "I. Winter", "II. Spring", "Notes"])
        let spring = try #require((toc[2]["children"] as? [[String: Any]]))
        #expect(spring.first?["href"] as? String == "EPUB/text/chapter-2.xhtml#the-boat")
        #expect((json["pageList"] as? [Any])?.count == 4)
        #expect((json["landmarks"] as? [[String: Any]])?.first?["type"] as? String == "cover")
        #expect((json["warnings"] as? [Any])?.isEmpty == true, "the sample book should open cleanly: \(json["warnings"] ?? "")")
    }

    @Test func tocPrintsAnIndentedTreeWithHrefs() throws {
        let run = try Self.folio("toc", Self.sample)
        #expect(run.status == 0)
        #expect(run.text.contains("II. Spring  EPUB/text/chapter-2.xhtml\n  The boat  EPUB/text/chapter-2.xhtml#the-boat\n"))
    }

    @Test func lsListsTheManifestWithSizesAndProperties() throws {
        let run = try Self.folio("ls", Self.sample)
        #expect(run.status == 0)
        let cover = try #require(run.text.split(separator: "\n").first { $0.hasPrefix("EPUB/images/cover.png") })
        #expect(cover.contains("image/png"))
        #expect(cover.contains("cover-image"))
        let size = try FileManager.default.attributesOfItem(atPath: Self.root.appendingPathComponent("corpus/lighthouse/EPUB/images/cover.png").path)[.size] as? Int
        #expect(cover.contains(" \(size ?? -1) "))
    }

    @Test func catWritesAResourceBytesToStdout() throws {
        let run = try Self.folio("cat", Self.sample, "EPUB/images/cover.png")
        #expect(run.status == 0)
        let original = try Data(contentsOf: Self.root.appendingPathComponent("corpus/lighthouse/EPUB/images/cover.png"))
        #expect(run.stdout == original)
    }

    @Test func catOfAMissingResourceFailsNamingIt() throws {
        let run = try Self.folio("cat", Self.sample, "EPUB/nope.png")
        #expect(run.status == 66)
        #expect(run.stderr.contains("EPUB/nope.png"))
    }

    @Test func aFileThatIsNotABookExitsWith65AndOneLineNamingIt() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("not-a-book.epub")
        try Data("hello, this is not a zip".utf8).write(to: file)
        let run = try Self.folio("info", file.path)
        #expect(run.status == 65)
        #expect(run.stderr.contains("not-a-book.epub"))
        #expect(run.stderr.split(separator: "\n").count == 1)
        let missing = try Self.folio("info", dir.appendingPathComponent("absent.epub").path)
        #expect(missing.status == 65)
        #expect(missing.stderr.contains("absent.epub"))
    }

    @Test func badUsageExitsWith64() throws {
        #expect(try Self.folio("info").status == 64)
        #expect(try Self.folio("frobnicate").status == 64)
    }

    @Test(arguments: ["info", "toc", "ls", "cat", "style", "layout", "text", "render", "overlay", "version"])
    func everySubcommandHasHelp(_ subcommand: String) throws {
        let run = try Self.folio(subcommand, "--help")
        #expect(run.status == 0)
        #expect(run.text.contains("USAGE"))
    }

    @Test func versionNamesTheCLibraries() throws {
        let run = try Self.folio("version")
        #expect(run.status == 0)
        for name in ["libxml2", "libzip", "FreeType", "HarfBuzz", "Cairo"] {
            #expect(run.text.contains(name))
        }
    }
}
