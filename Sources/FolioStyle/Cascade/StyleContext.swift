import FolioCore
import FolioPublication

/// Everything styling one book needs and keeps between its documents: the target, the
/// reader's settings, parsed stylesheets, and the interned styles. Passed in explicitly,
/// never global, so tests stay independent and output deterministic.
public final class StyleContext {
    public let environment: MediaEnvironment
    public let settings: ReaderSettings
    public let diagnostics: Diagnostics
    /// Reads a resource of the book by container path; nil when it cannot be read.
    let loadResource: (String) -> [UInt8]?
    let interner = StyleInterner()
    /// Parsed author stylesheets by container path (nil: unreadable), shared by a book's documents.
    var sheets: [String: Stylesheet?] = [:]
    /// Rule sets by the identity of the author sheets they were built from.
    var ruleSets: [String: RuleSet] = [:]
    /// UA and user rules, built once.
    private(set) lazy var baseRules: RuleSet = {
        var rules = RuleSet(context: self)
        rules.add(Self.userAgentSheet, origin: .userAgent)
        rules.add(CSSParser.parseStylesheet(UserStyleSheet.text(for: settings), path: "(reader settings)", diagnostics: diagnostics), origin: .user)
        return rules
    }()

    /// The user-agent stylesheet, parsed once per process: it is the same for every book and
    /// context, and parsing it is most of what styling a short chapter costs.
    static let userAgentSheet = CSSParser.parseStylesheet(UserAgentStyleSheet.text, path: "(user agent)", diagnostics: Diagnostics())

    public init(environment: MediaEnvironment, settings: ReaderSettings = ReaderSettings(), diagnostics: Diagnostics = Diagnostics(),
                loadResource: @escaping (String) -> [UInt8]?) {
        self.environment = environment
        self.settings = settings
        self.diagnostics = diagnostics
        self.loadResource = loadResource
    }

    /// A context reading the book's resources (de-obfuscated) and reporting into the book's diagnostics.
    public convenience init(publication: Publication, environment: MediaEnvironment, settings: ReaderSettings = ReaderSettings()) {
        self.init(environment: environment, settings: settings, diagnostics: publication.diagnostics) { path in
            try? publication.read(path)
        }
    }

    /// What computing lengths needs: the viewport and the reader's text size.
    /// `vw` and `vh` are of the page's content area (the device less the page margins), so
    /// that a `100vh` box fills a page and does not spill onto the next.
    var valueContext: ValueContext {
        let width = environment.widthPx, height = environment.heightPx
        return ValueContext(viewportWidth: max(1, width - 2 * settings.horizontalMargin(pageWidth: width, pageHeight: height)),
                            viewportHeight: max(1, height - 2 * settings.margin(pageWidth: width, pageHeight: height)),
                            rootFontSize: settings.rootFontSize, mediumFontSize: settings.rootFontSize)
    }

    /// The stylesheet at a container path, parsed once per book.
    func stylesheet(at path: String) -> Stylesheet? {
        if let cached = sheets[path] { return cached }
        var sheet: Stylesheet?
        if let bytes = loadResource(path) {
            sheet = CSSParser.parseStylesheet(CSSParser.decode(bytes), path: path, diagnostics: diagnostics)
        } else {
            diagnostics.warn("css.stylesheet-missing", "stylesheet \(path) cannot be read", at: path)
        }
        sheets[path] = sheet
        return sheet
    }
}
