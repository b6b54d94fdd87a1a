import FolioCore
import FolioXML

/// Reads `META-INF/encryption.xml` and the DRM marker files beside it.
///
/// https://www.w3.org/TR/epub-33/#sec-container-metainf-encryption.xml
public enum EncryptionParser {
    public static let path = "META-INF/encryption.xml"

    /// The encryption of a container: `encryption.xml` if present, and any DRM scheme its
    /// `META-INF` marker files name. Never throws: a book without a readable `encryption.xml`
    /// is read as if nothing were encrypted, with a warning.
    public static func read(from container: any Container, diagnostics: Diagnostics) -> Encryption {
        var encryption = Encryption()
        if container.contains(path) {
            do {
                encryption = parse(try container.read(path, limit: 16 << 20), diagnostics: diagnostics)
            } catch {
                diagnostics.warn("encryption.unreadable", "encryption.xml cannot be read (\(error.reason)); obfuscated fonts will not be restored", at: path)
            }
        }
        encryption.drm = drm(in: container)
        let unreadable = encryption.unreadablePaths
        if !unreadable.isEmpty {
            let scheme = encryption.drm.map { " (\($0.rawValue))" } ?? ""
            let algorithms = Set(unreadable.compactMap { encryption.resources[$0]?.uri }).sorted().joined(separator: ", ")
            diagnostics.warn("encryption.drm", "\(unreadable.count) resources are encrypted with \(algorithms)\(scheme); Folio cannot read them", severity: .error, at: path)
        } else if let drm = encryption.drm {
            diagnostics.warn("encryption.drm-marker", "the container carries \(drm.rawValue) files but lists no encrypted resource", severity: .info, at: "META-INF")
        }
        return encryption
    }

    /// Every `EncryptedData` with an algorithm and a cipher reference, by container path.
    /// Entries missing either, or pointing outside the container, are skipped with a warning.
    public static func parse(_ bytes: [UInt8], diagnostics: Diagnostics) -> Encryption {
        let tree: XMLTree
        do { tree = try MarkupParser.parse(bytes, path: path, recovery: .xml, diagnostics: diagnostics) } catch {
            diagnostics.warn("encryption.unreadable", "encryption.xml cannot be parsed (\(error.reason)); obfuscated fonts will not be restored", severity: .error, at: path)
            return Encryption()
        }
        var encryption = Encryption()
        // Matched in any namespace: the OCF and XML Encryption namespaces are often misdeclared.
        for data in tree.root?.descendants("EncryptedData") ?? [] {
            guard let algorithm = data.child("EncryptionMethod")?.attribute("Algorithm") else {
                diagnostics.warn("encryption.missing-algorithm", "an EncryptedData has no EncryptionMethod Algorithm; skipped", at: data.location)
                continue
            }
            guard let uri = data.child("CipherData")?.child("CipherReference")?.attribute("URI") else {
                diagnostics.warn("encryption.missing-reference", "an EncryptedData has no CipherReference URI; skipped", at: data.location)
                continue
            }
            // URIs in META-INF files are relative to the container root.
            guard let resolved = ContainerPath.resolve(uri, relativeTo: "", refusingAboveRoot: true)?.path else {
                diagnostics.warn("encryption.reference-outside-root", "CipherReference `\(uri)` is not a path inside the container; skipped", at: data.location)
                continue
            }
            if encryption.resources[resolved] != nil {
                diagnostics.warn("encryption.duplicate-reference", "`\(resolved)` is listed more than once; the first entry is used", at: data.location)
                continue
            }
            encryption.resources[resolved] = Encryption.Algorithm(uri: algorithm)
        }
        return encryption
    }

    /// The DRM scheme whose marker file sits in `META-INF`, if any.
    static func drm(in container: any Container) -> Encryption.DRM? {
        if container.contains("META-INF/rights.xml") { return .adobeADEPT }
        if container.contains("META-INF/license.lcpl") { return .readiumLCP }
        if container.contains("META-INF/sinf.xml") { return .appleFairPlay }
        return nil
    }
}
