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

    /// A DRM scheme whose marker files the container holds.
    public enum DRM: String, Sendable, Hashable {
        /// `META-INF/rights.xml`.
        case adobeADEPT = "Adobe ADEPT"
        /// `META-INF/license.lcpl`.
        case readiumLCP = "Readium LCP"
        /// `META-INF/sinf.xml`.
        case appleFairPlay = "Apple FairPlay"
    }

    /// Encrypted resources by container path.
    public var resources: [String: Algorithm] = [:]
    /// The DRM scheme the container's marker files name, if any. Resources it encrypts are listed in
    /// `resources` with an `.other` algorithm; the rest of the book may still be readable.
    public var drm: DRM?

    public init(resources: [String: Algorithm] = [:], drm: DRM? = nil) {
        self.resources = resources
        self.drm = drm
    }

    /// How the resource at a container path is encrypted, or nil when it is stored in the clear.
    public func algorithm(for path: String) -> Algorithm? { resources[path] }

    /// The resources Folio cannot read: encrypted with something other than font obfuscation.
    public var unreadablePaths: [String] {
        resources.filter { if case .other = $0.value { true } else { false } }.keys.sorted()
    }
}

extension Encryption.Algorithm {
    public static let idpfURI = "http://www.idpf.org/2008/embedding"
    public static let adobeURI = "http://ns.adobe.com/pdf/enc#RC"

    /// The algorithm an `EncryptionMethod/@Algorithm` URI names.
    public init(uri: String) {
        switch uri.trimmingSpaces() {
        case Self.idpfURI: self = .idpfFontObfuscation
        case Self.adobeURI: self = .adobeFontObfuscation
        case let other: self = .other(other)
        }
    }

    public var uri: String {
        switch self {
        case .idpfFontObfuscation: Self.idpfURI
        case .adobeFontObfuscation: Self.adobeURI
        case .other(let uri): uri
        }
    }

    /// True for the two font obfuscation algorithms, which Folio undoes.
    public var isObfuscation: Bool {
        switch self {
        case .idpfFontObfuscation, .adobeFontObfuscation: true
        case .other: false
        }
    }
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
