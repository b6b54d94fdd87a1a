import Foundation
import Testing
@testable import FolioText

@Suite struct FontManifestTests {
    @Test func theManifestFileAndTheLibraryListTheSameInstalledFilesWithTheirChecksums() throws {
        let tsv = try String(contentsOf: FontTestSupport.packageRoot.appendingPathComponent("Fonts/manifest.tsv"), encoding: .utf8)
        let rows = FontManifest.parse(tsv: tsv)
        #expect(rows.map(\.font) == FontManifest.pinned)
        for row in rows {
            #expect(FileManager.default.fileExists(atPath: row.font.path), "\(row.font.path): run scripts/setup")
            #expect(try sha256(row.font.path) == row.sha256, "\(row.font.path) differs from the pinned file")
        }
    }

    @Test func everyRoleHasAFace() {
        for role in FontRole.allCases {
            #expect(FontManifest.pinned.contains { $0.role == role }, "\(role)")
        }
    }

    private func sha256(_ path: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.arguments = [path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self).split(separator: " ").first.map(String.init) ?? ""
    }
}
