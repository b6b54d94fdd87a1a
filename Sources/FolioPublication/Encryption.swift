/// What `META-INF/encryption.xml` says about the container's resources.
///
/// https://www.w3.org/TR/epub-33/#sec-container-metainf-encryption.xml
public struct Encryption: Sendable, Hashable {
    public enum Algorithm: Sendable, Hashable {
        /// `http://www.idpf.org/2008/embedding`: the first 1040 bytes XORed with the SHA-1 of the unique identifier.
        case idpfFontObfuscation
        /// `http://ns.adobe.com/pdf/enc#RC`: the first 1024 bytes XORed with the identifier's UUID.
        case adobeFontObfuscation
        /// Anything else: real encryption (DRM) Folio cannot undo.
        case other(String)
    }

    /// Encrypted resources by container path.
    public var resources: [String: Algorithm] = [:]
    public init(resources: [String: Algorithm] = [:]) { self.resources = resources }
}

/// One `rootfile` of `META-INF/container.xml`.
///
/// https://www.w3.org/TR/epub-33/#sec-container-metainf-container.xml
public struct Rootfile: Sendable, Hashable {
    /// The `full-path`, resolved from the container root.
    public var path: String
    public var mediaType: String
    public init(path: String, mediaType: String) {
        self.path = path
        self.mediaType = mediaType
    }
}
