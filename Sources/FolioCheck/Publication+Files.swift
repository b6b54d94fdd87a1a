import FolioPublication

extension Publication {
    /// Why a container path names no file the book can show — `is not in the book`, `is not
    /// in the manifest` — or nil when it names one (present, and listed: a reading system
    /// shows only what the manifest declares).
    func absence(of path: String) -> String? {
        guard container.contains(path) else { return "is not in the book" }
        return manifest.item(path: path) == nil ? "is not in the manifest" : nil
    }
}
