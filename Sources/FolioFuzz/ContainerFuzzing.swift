import FolioCore
import FolioPublication
import FoundationEssentials
import Glibc

/// Opens bytes as an `.epub` file (through a scratch file: libzip and the opener take a path)
/// and reads every resource of the manifest the way the later stages do.
enum ContainerFuzzing {
    /// A scratch file per process, so parallel fuzzing jobs do not share one.
    static let scratch = FileManager.default.temporaryDirectory
        .appendingPathComponent("folio-fuzz-\(ProcessInfo.processInfo.processIdentifier).epub")

    /// Resources read per book, and bytes per resource: enough to reach every decoder path.
    static let resourceLimit = 64
    static let byteLimit = 1 << 20

    static func run(_ bytes: [UInt8]) -> String {
        do {
            try Data(bytes).write(to: scratch)
        } catch {
            return "scratch file not written: \(describe(error))"
        }
        defer { try? FileManager.default.removeItem(at: scratch) }
        let diagnostics = Diagnostics()
        let publication: Publication
        do {
            publication = try PublicationOpener.open(scratch.path, diagnostics: diagnostics)
        } catch {
            return "refused: \(error.reason)"
        }
        var read = 0, unreadable = 0
        for item in publication.manifest.items.prefix(resourceLimit) where !item.isRemote {
            do {
                read += try publication.read(item.path, limit: byteLimit).isEmpty ? 0 : 1
            } catch {
                unreadable += 1
            }
        }
        return "opened: \(publication.spine.items.count) spine items, \(publication.navigation.toc.count) contents entries, "
            + "\(read) resources read, \(unreadable) unreadable, \(diagnostics.warnings.count) warnings"
    }
}
