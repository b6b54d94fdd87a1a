import FolioCore

/// Reads a publication's resources, undoing font obfuscation on the way.
///
/// https://www.w3.org/TR/epub-33/#sec-font-obfuscation
///
/// Resources `encryption.xml` lists with a DRM algorithm throw `.encrypted`; everything else reads
/// as the container stores it. A font listed as obfuscated that is stored as a plain font
/// (some tools list fonts they never obfuscated) is read as stored, with a warning: undoing the
/// obfuscation would garble it.
public struct ResourceReader: Sendable {
    public let container: any Container
    public let encryption: Encryption
    /// The value of the package's unique identifier (the IDPF obfuscation key).
    public let uniqueIdentifier: String?
    /// Every `dc:identifier` value, in document order (Adobe keys may come from any UUID among them).
    public let identifiers: [String]
    /// Where a font listed as obfuscated but stored plain is reported.
    public let diagnostics: Diagnostics?

    public init(container: any Container, encryption: Encryption, uniqueIdentifier: String?, identifiers: [String] = [],
                diagnostics: Diagnostics? = nil) {
        self.container = container
        self.encryption = encryption
        self.uniqueIdentifier = uniqueIdentifier
        self.identifiers = identifiers
        self.diagnostics = diagnostics
    }

    /// The bytes of the resource at a container path, de-obfuscated; at most `limit` bytes.
    public func read(_ path: String, limit: Int = ZipContainer.defaultEntryLimit) throws(ContainerError) -> [UInt8] {
        let algorithm = encryption.algorithm(for: path)
        if case .other(let uri) = algorithm {
            // Refused before reading: the stored bytes are ciphertext, useless to every later stage.
            throw ContainerError(.encrypted, path: path, reason: "encrypted with \(uri) (DRM); Folio cannot read it")
        }
        let bytes = try container.read(path, limit: limit)
        guard let algorithm else { return bytes }
        let undone = try Obfuscation.deobfuscate(bytes, algorithm: algorithm, uniqueIdentifier: uniqueIdentifier,
                                                 identifiers: identifiers, path: path)
        if Obfuscation.looksLikeFont(bytes) && !Obfuscation.looksLikeFont(undone) {
            diagnostics?.warn("ocf.font-not-obfuscated",
                              "font \(path) is listed as obfuscated in META-INF/encryption.xml but is stored as a plain font; read as stored",
                              at: path)
            return bytes
        }
        return undone
    }

    /// At most the first `count` bytes of the resource at a container path, for its header: a
    /// resource `encryption.xml` lists is read whole (and de-obfuscated, or refused) by `read`.
    public func readPrefix(_ path: String, count: Int) throws(ContainerError) -> [UInt8] {
        if encryption.algorithm(for: path) != nil { return Array(try read(path).prefix(count)) }
        return try container.readPrefix(path, count: count)
    }

    public func contains(_ path: String) -> Bool { container.contains(path) }
}
