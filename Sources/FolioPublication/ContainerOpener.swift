import FolioCore
import FoundationEssentials
import Glibc

/// Opens the OCF container at a path: an `.epub` (zip) file or an unpacked folder.
///
/// https://www.w3.org/TR/epub-33/#sec-ocf
public enum ContainerOpener {
    /// Opens `path` as a folder or a zip, whichever it is, and checks its `mimetype`
    /// (warnings go to `diagnostics`). Throws `.notFound` when nothing is there and
    /// `.notAContainer` when it is neither a folder nor a readable zip.
    public static func open(at path: String, diagnostics: Diagnostics) throws(ContainerError) -> any Container {
        let container = try openWithoutChecks(at: path, diagnostics: diagnostics)
        checkMimetype(in: container, diagnostics: diagnostics)
        return container
    }

    /// The same without the OCF checks, for tools that only want the files.
    public static func openWithoutChecks(at path: String, diagnostics: Diagnostics) throws(ContainerError) -> any Container {
        var st = stat()
        guard stat(path, &st) == 0 else {
            throw ContainerError(.notFound, path: path, reason: "no such file or folder")
        }
        switch st.st_mode & S_IFMT {
        case S_IFDIR:
            return try DirectoryContainer(path: path, diagnostics: diagnostics)
        case S_IFREG:
            return try ZipContainer(path: path, diagnostics: diagnostics)
        default:
            throw ContainerError(.notAContainer, path: path, reason: "neither a file nor a folder")
        }
    }
}
