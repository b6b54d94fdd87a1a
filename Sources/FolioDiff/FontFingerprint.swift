import FolioCore
import FolioText
import FoundationEssentials
import Glibc

/// The pinned default fonts as installed here: each file's path and SHA-256.
///
/// Two snapshots drawn with different font files differ in pixels for no fault of the book;
/// the diff names the fonts that differ so that such a change is not mistaken for a regression.
/// When the pinned packages are installed the hashes are those of `Fonts/manifest.tsv`.
public enum FontFingerprint {
    /// One entry per pinned font file; a missing file hashes as `missing`.
    public static func installed() -> [FontHash] {
        FontManifest.pinned.map { font in
            let hash = FileManager.default.contents(atPath: font.path).map { Digest.sha256Hex(Array($0)) } ?? "missing"
            return FontHash(path: font.path, sha256: hash)
        }
    }
}
