import FolioCore
import FoundationEssentials
import Glibc

/// Where a side of a diff keeps its page PNGs.
public protocol PageImageSource: Sendable {
    /// The PNG file of a page the side's manifest lists.
    func png(_ page: SnapshotPage) throws -> [UInt8]
}

/// Pages in a snapshot's profile folder.
public struct FolderImages: PageImageSource {
    public let folder: URL

    public init(folder: URL) {
        self.folder = folder
    }

    public func png(_ page: SnapshotPage) throws -> [UInt8] {
        // The file name comes from a manifest: keep it inside the folder.
        guard !page.file.contains("/"), page.file != "..", !page.file.isEmpty else {
            throw SnapshotError.malformed(folder.path, "page \(page.number) names the file “\(page.file)”")
        }
        let url = folder.appendingPathComponent(page.file)
        do {
            return Array(try Data(contentsOf: url))
        } catch {
            throw SnapshotError.unreadable(url.path, describe(error))
        }
    }
}

/// Pages rendered on the fly and held in memory (as PNG files, a few tens of kilobytes each).
public final class MemoryImages: PageImageSource, @unchecked Sendable {
    private let lock = Lock()
    private var files: [Int: [UInt8]] = [:]

    public init() {}

    public func store(_ png: [UInt8], page number: Int) {
        lock.lock()
        files[number] = png
        lock.unlock()
    }

    public func png(_ page: SnapshotPage) throws -> [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        guard let png = files[page.number] else { throw SnapshotError.unreadable("page \(page.number)", "it was not rendered") }
        return png
    }
}
