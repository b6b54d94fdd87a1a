import FolioCore
import FolioDiff
import FoundationEssentials
import Glibc

/// `folio diff --update`: in each profile of the BASELINE snapshot with an unexpected change,
/// the chapters that changed take the CURRENT pages and the others keep theirs
/// (`BaselineMerge`), after saying so; the profiles that did not change keep their files.
enum BaselineUpdate {
    static func write(_ result: DiffResult, current sides: [String: SnapshotSide], into snapshot: String) throws {
        let profiles: [(manifest: SnapshotManifest, folder: URL)]
        do {
            profiles = try SnapshotFolder.read(snapshot)
        } catch {
            throw DiffFailure("\(snapshot): \(error)")
        }
        for profile in result.profiles where profile.pages.contains(where: \.isUnexpectedChange) {
            guard let side = sides[profile.name], let base = profiles.first(where: { $0.manifest.profile == profile.name }) else {
                Terminal.write("not updated: \(profile.name) is not on both sides\n")
                continue
            }
            let merge = BaselineMerge(profile, baseline: base.manifest, current: side.manifest)
            // Every page is read before the folder is emptied: a side that cannot give its
            // pages leaves the baseline as it was.
            let baseImages = FolderImages(folder: base.folder)
            var files: [(name: String, png: [UInt8])] = []
            do {
                for page in merge.pages {
                    files.append((page.record.file, try page.fromCurrent ? side.images.png(page.source) : baseImages.png(page.source)))
                }
            } catch {
                throw DiffFailure("\(base.folder.path): not updated, a page cannot be read (\(error))")
            }
            var manifest = side.manifest
            manifest.pages = merge.pages.map(\.record)
            do {
                try SnapshotFolder.prepareProfileFolder(base.folder)
                for file in files {
                    guard FileManager.default.createFile(atPath: base.folder.appendingPathComponent(file.name).path, contents: Data(file.png)) else {
                        throw DiffFailure("\(base.folder.path)/\(file.name): cannot write the file")
                    }
                }
                try SnapshotFolder.writeManifest(manifest, to: base.folder)
            } catch let error as DiffFailure {
                throw error
            } catch {
                throw DiffFailure("\(base.folder.path): cannot write the snapshot (\(describe(error)))")
            }
            let changed = profile.pages.filter(\.isUnexpectedChange).count
            let kept = merge.pages.filter { !$0.fromCurrent }.count
            Terminal.write("updated \(base.folder.path): \(manifest.pages.count) pages, accepting \(changed) changed in "
                           + "\(merge.accepted.count) chapter\(merge.accepted.count == 1 ? "" : "s") (\(merge.accepted.joined(separator: ", "))), "
                           + "\(kept) kept from the baseline\n")
        }
    }
}
