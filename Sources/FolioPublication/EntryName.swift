/// An entry name as an archive or a folder stores it, checked and normalised to a container path.
///
/// Zip entry names are untrusted: `../../x`, `/etc/passwd` or `..\..\x` must never become a path
/// that leaves the container (the "zip slip" family). OCF paths are `/`-separated and relative to
/// the root: https://www.w3.org/TR/epub-33/#sec-container-filenames
enum EntryName: Equatable {
    /// A file, at this normalised path. `hadBackslashes` when `\` was read as a separator.
    case file(String, hadBackslashes: Bool)
    /// A directory entry (the name ends with `/`): nothing to list.
    case directory
    /// A name that would leave the root, or cannot be a path at all; `reason` says why.
    case refused(reason: String)

    static func normalize(_ raw: String) -> EntryName {
        if raw.contains("\u{0}") { return .refused(reason: "the name contains a NUL byte") }
        // Some Windows zippers store `\` as the separator; read it as one, so that `..\..\x`
        // is caught as traversal and `OEBPS\a.xhtml` still matches the manifest.
        let hadBackslashes = raw.contains("\\")
        let name = hadBackslashes ? raw.replacingBackslashes() : raw
        if name.hasPrefix("/") { return .refused(reason: "the name is an absolute path") }
        if name.hasDriveLetter { return .refused(reason: "the name starts with a drive letter") }
        var segments: [Substring] = []
        for part in name.split(ascii: "/", omittingEmpty: true) {
            switch part {
            case ".":
                continue
            case "..":
                guard !segments.isEmpty else { return .refused(reason: "the name climbs out of the root with `..`") }
                segments.removeLast()
            default:
                segments.append(part)
            }
        }
        if name.hasSuffix("/") || segments.isEmpty { return .directory }
        return .file(segments.joined(separator: "/"), hadBackslashes: hadBackslashes)
    }
}

extension String {
    fileprivate func replacingBackslashes() -> String {
        String(map { $0 == "\\" ? "/" : $0 })
    }

    /// `C:` or `c:/…`: an absolute Windows path.
    fileprivate var hasDriveLetter: Bool {
        let chars = Array(prefix(3))
        guard chars.count >= 2, chars[0].isASCII, chars[0].isLetter, chars[1] == ":" else { return false }
        return chars.count == 2 || chars[2] == "/"
    }
}
