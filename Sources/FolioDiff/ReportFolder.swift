import FoundationEssentials
import Glibc

/// The folder an HTML report is written to: `index.html` and `images/<profile>/…png`.
///
/// Images are written as pages are compared, so no more than a batch is held in memory; past
/// `pageLimit` pages per profile only the table lists them (a reflowed book can change every page).
public final class ReportFolder: Sendable {
    public let url: URL
    public let pageLimit: Int

    /// Creates the folder (and its `images` folder) if needed.
    public init(url: URL, pageLimit: Int = 300) throws {
        self.url = url
        self.pageLimit = pageLimit
        try FileManager.default.createDirectory(at: url.appendingPathComponent("images"), withIntermediateDirectories: true)
    }

    /// Writes an image and returns its path relative to the report folder.
    func write(_ png: [UInt8], profile: String, name: String) throws -> String {
        let relative = "images/" + Self.folderName(profile) + "/" + name
        let file = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(png).write(to: file)
        return relative
    }

    /// A profile name as one safe folder name.
    static func folderName(_ profile: String) -> String {
        String(profile.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") ? $0 : "_" })
    }
}
