import FolioCore
import FolioXML
import Synchronization

/// An opened EPUB publication: everything the package and navigation say, and access to its resources.
public final class Publication: Sendable {
    /// The path the book was opened from.
    public let location: String
    public let container: any Container
    /// Reads resources as a reading system sees them (fonts de-obfuscated).
    public let reader: ResourceReader
    /// Every rootfile `container.xml` lists; `packagePath` is the default rendition's.
    public let rootfiles: [Rootfile]
    public let packagePath: String
    /// The package document as parsed: EPUB CFIs step through its elements (`/6/4[chap01ref]!…`).
    public let packageTree: XMLTree
    /// The package `version` attribute (`2.0`, `3.0` …).
    public let version: String
    public let metadata: Metadata
    public let manifest: Manifest
    public let spine: Spine
    public let navigation: Navigation
    /// Container path of the cover image, if one is found: looked for when first asked (the
    /// first spine item may have to be parsed for it, which paginating does not need). Its
    /// warnings join `diagnostics` then.
    public var cover: String? {
        coverState.withLock { state in
            switch state {
            case .found(let path):
                return path
            case .unresolved(let resolve):
                let path = resolve()
                state = .found(path)
                return path
            }
        }
    }
    private let coverState: Mutex<CoverState>
    private enum CoverState {
        case unresolved(@Sendable () -> String?)
        case found(String?)
    }
    public let encryption: Encryption
    /// Warnings found while opening.
    public let diagnostics: Diagnostics

    init(location: String, container: any Container, reader: ResourceReader, rootfiles: [Rootfile], packagePath: String,
         packageTree: XMLTree, version: String, metadata: Metadata, manifest: Manifest, spine: Spine, navigation: Navigation,
         cover: @escaping @Sendable () -> String?, encryption: Encryption, diagnostics: Diagnostics) {
        self.location = location
        self.container = container
        self.reader = reader
        self.rootfiles = rootfiles
        self.packagePath = packagePath
        self.packageTree = packageTree
        self.version = version
        self.metadata = metadata
        self.manifest = manifest
        self.spine = spine
        self.navigation = navigation
        coverState = Mutex(.unresolved(cover))
        self.encryption = encryption
        self.diagnostics = diagnostics
    }

    /// The bytes of one resource as a reading system sees them: de-obfuscated; refused when under DRM.
    public func read(_ path: String, limit: Int = ZipContainer.defaultEntryLimit) throws(ContainerError) -> [UInt8] {
        try reader.read(path, limit: limit)
    }

    /// At most the first `count` bytes of one resource as a reading system sees them, for its header.
    public func readPrefix(_ path: String, count: Int) throws(ContainerError) -> [UInt8] {
        try reader.readPrefix(path, count: count)
    }

    /// The largest XML document (content, NAV, NCX) Folio parses: far above any real chapter,
    /// far below what would let a hostile book exhaust memory through libxml2.
    public static let documentLimit = 32 << 20

    /// The reading progression: the spine's `page-progression-direction`.
    public var readingProgression: ReadingProgression { spine.pageProgression }

    /// `reflowable` or `pre-paginated` (the default is reflowable).
    public var layout: String { metadata.rendition.layout ?? "reflowable" }
}
