import Foundation

/// The shared reference corpus (`../shared/corpus` beside the package, or `FOLIO_CORPUS`), as every
/// test target finds it: one place, so that all corpus tests skip or run together.
public enum Corpus {
    /// The package's root folder.
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The corpus folder (with `samples/` and `w3c/`), or nil when it is absent.
    ///
    /// `FOLIO_CORPUS` wins; else `../shared/corpus` beside the package root, or beside one of its
    /// ancestors (a git worktree such as `/work/wt/<name>` sits one level deeper).
    public static let directory: URL? = {
        if let env = ProcessInfo.processInfo.environment["FOLIO_CORPUS"], isCorpus(URL(fileURLWithPath: env)) {
            return URL(fileURLWithPath: env).standardizedFileURL
        }
        var dir = packageRoot
        for _ in 0..<3 {
            let candidate = dir.appendingPathComponent("../shared/corpus").standardizedFileURL
            if isCorpus(candidate) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return nil
    }()

    /// Why corpus tests are skipped, for `.enabled(if:_:)`.
    public static let absentMessage = "the shared corpus (../shared/corpus, or FOLIO_CORPUS) is absent; corpus tests skipped"

    /// A file of the corpus (`samples/moby-dick.epub`), or nil when the corpus or the file is absent.
    public static func file(_ relativePath: String) -> URL? {
        guard let url = directory?.appendingPathComponent(relativePath),
              FileManager.default.fileExists(atPath: url.path) else { return nil }
        return url
    }

    /// One entry of a corpus book, read with `unzip -p` (for tests that must not depend on
    /// Folio's own container layer); nil when the book is absent.
    public static func unzip(_ book: String, _ entry: String) throws -> [UInt8]? {
        guard let path = file(book)?.path else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unzip")
        process.arguments = ["-p", path, entry]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? Array(data) : nil
    }

    private static func isCorpus(_ url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.appendingPathComponent("samples").path)
            || FileManager.default.fileExists(atPath: url.appendingPathComponent("w3c").path)
    }
}
