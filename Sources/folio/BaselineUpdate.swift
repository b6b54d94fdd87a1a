import FolioCore
import FolioDiff
import FoundationEssentials
import Glibc

/// `folio diff --update`: the BASELINE snapshot takes the CURRENT pages of each profile with an
/// unexpected change, after saying so; the profiles that did not change keep their files.
enum BaselineUpdate {
    static func write(_ result: DiffResult, current sides: [String: SnapshotSide], into snapshot: String) throws {
        let profiles: [(manifest: SnapshotManifest, folder: URL)]
        do {
            profiles = try SnapshotFolder.read(snapshot)
        } catch {
            throw DiffFailure("\(snapshot): \(error)")
        }
        for profile in result.profiles where profile.pages.contains(where: \.isUnexpectedChange) {
            guard let side = sides[profile.name], let folder = profiles.first(where: { $0.manifest.profile == profile.name })?.folder else {
                Terminal.write("not updated: \(profile.name) is not on both sides\n")
                continue
            }
            // Every page is read before the folder is emptied: a side that cannot give its
            // pages leaves the baseline as it was.
            var files: [(name: String, png: [UInt8])] = []
            do {
                for page in side.manifest.pages { files.append((page.file, try side.images.png(page))) }
            } catch {
                throw DiffFailure("\(folder.path): not updated, a current page cannot be read (\(error))")
            }
            do {
                try SnapshotFolder.prepareProfileFolder(folder)
                for file in files {
                    guard FileManager.default.createFile(atPath: folder.appendingPathComponent(file.name).path, contents: Data(file.png)) else {
                        throw DiffFailure("\(folder.path)/\(file.name): cannot write the file")
                    }
                }
                try SnapshotFolder.writeManifest(side.manifest, to: folder)
            } catch let error as DiffFailure {
                throw error
            } catch {
                throw DiffFailure("\(folder.path): cannot write the snapshot (\(describe(error)))")
            }
            let changed = profile.pages.filter(\.isUnexpectedChange).count
            Terminal.write("updated \(folder.path): \(side.manifest.pages.count) pages, accepting \(changed) changed\n")
        }
    }
}
