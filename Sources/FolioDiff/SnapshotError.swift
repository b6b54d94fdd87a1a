/// Why a snapshot or a diff document could not be read.
public enum SnapshotError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The folder has neither `snapshot.json` nor `manifest.json`.
    case notASnapshot(String)
    case unreadable(String, String)
    case malformed(String, String)

    public var description: String {
        switch self {
        case .notASnapshot(let path): "\(path): not a snapshot folder (no snapshot.json or manifest.json) and not a book"
        case .unreadable(let path, let reason): "\(path): cannot be read (\(reason))"
        case .malformed(let path, let reason): "\(path): \(reason)"
        }
    }
}
