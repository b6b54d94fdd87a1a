/// Everything the package document (the OPF file) says, EPUB 2 and 3 alike.
///
/// https://www.w3.org/TR/epub-33/#sec-package-doc
/// (EPUB 2: https://idpf.org/epub/20/spec/OPF_2.0.1_draft.htm)
public struct PackageDocument: Sendable, Hashable {
    /// The package `version` attribute as written (`2.0`, `3.0` …); "" when missing.
    public var version: String
    /// The package `unique-identifier` attribute: the id of the `dc:identifier` that identifies the book.
    public var uniqueIdentifierID: String?
    /// `xml:lang` of the package element: the default language of its metadata values.
    public var language: String?
    /// `dir` of the package element (`ltr`, `rtl`, `auto`): the default direction of its metadata values.
    public var direction: String?
    /// Prefixes declared by the package `prefix` attribute, by prefix (the reserved ones are not listed).
    public var prefixes: [String: String]
    public var metadata: Metadata
    public var manifest: Manifest
    public var spine: Spine
    /// The EPUB 2 guide (deprecated in EPUB 3, still read as a fallback for landmarks).
    public var guide: [GuideReference]

    public init(version: String = "", uniqueIdentifierID: String? = nil, language: String? = nil, direction: String? = nil,
                prefixes: [String: String] = [:], metadata: Metadata = Metadata(), manifest: Manifest = Manifest(),
                spine: Spine = Spine(), guide: [GuideReference] = []) {
        self.version = version
        self.uniqueIdentifierID = uniqueIdentifierID
        self.language = language
        self.direction = direction
        self.prefixes = prefixes
        self.metadata = metadata
        self.manifest = manifest
        self.spine = spine
        self.guide = guide
    }

    /// The major version (2 or 3) when the version attribute starts with one; nil otherwise.
    public var majorVersion: Int? {
        guard let first = version.trimmingSpaces().split(separator: ".").first else { return nil }
        return Int(first)
    }
}

/// One `reference` of the EPUB 2 `guide`: a structural part of the book (cover, toc, text …).
///
/// https://idpf.org/epub/20/spec/OPF_2.0.1_draft.htm#Section2.6
public struct GuideReference: Sendable, Hashable {
    /// As written: `cover`, `toc`, `text`, `title-page`, `other.ms-coverimage` …
    public var type: String
    public var title: String?
    /// Container path, with `#fragment` when the href has one.
    public var href: String

    public init(type: String, title: String? = nil, href: String) {
        self.type = type
        self.title = title
        self.href = href
    }
}
