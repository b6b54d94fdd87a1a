import FolioCore

/// The warnings of a book's pages, as a paginating command goes through them chapter by
/// chapter: what each page shows going wrong (`PageInspector`), and the page of each warning
/// that layout recorded about a place in the text (`Warning.offset`). Warnings recorded while
/// a chapter was laid out that name no place belong to the chapter's pages.
///
/// A reference type, so that a command's page loop and its closing report share it.
public final class PageWarnings: @unchecked Sendable {
    public let inspector: PageInspector
    private let diagnostics: Diagnostics
    private var missing = MissingGlyphReport()
    /// Page problems (their regions left out), with their pages, in the order first seen.
    private var pagesByProblem: [PageProblem: [Int]] = [:]
    private var problemOrder: [PageProblem] = []
    /// Book pages of the warnings recorded while laying out, by index in `diagnostics`.
    public private(set) var pagesOfWarning: [Int: ClosedRange<Int>] = [:]
    private var seen = 0
    /// What the inspector found on each page of the last chapter taken in.
    public private(set) var inspected: [[PageProblem]] = []
    /// At most this many pages are named for one problem.
    static let pageLimit = 10

    public init(inspector: PageInspector, diagnostics: Diagnostics) {
        self.inspector = inspector
        self.diagnostics = diagnostics
        seen = diagnostics.warnings.count
    }

    /// Takes in a chapter just laid out, its first page numbered `first` in the book: gives
    /// the warnings recorded since the last chapter their pages, and returns each page's
    /// problems (what the inspector sees, the warnings placed on it, and on the chapter's
    /// first page those of the chapter that name no place).
    @discardableResult
    public func chapter(_ pages: [Page], first: Int) -> [[PageProblem]] {
        var perPage = pages.map { page -> [PageProblem] in inspector.problems(page.frame) }
        inspected = perPage
        for (k, page) in pages.enumerated() {
            missing.note(page.frame, page: first + k)
            // Missing glyphs are reported by character, with their pages, by `missing`.
            for problem in perPage[k] where problem.code != "font.missing-glyph" {
                var key = problem
                key.rect = nil
                if pagesByProblem[key] == nil { problemOrder.append(key) }
                if pagesByProblem[key]?.last != first + k { pagesByProblem[key, default: []].append(first + k) }
            }
        }
        let warnings = diagnostics.warnings
        let fresh = warnings.indices.dropFirst(seen)
        seen = warnings.count
        guard !pages.isEmpty else { return perPage }
        let last = first + pages.count - 1
        for index in fresh {
            let warning = warnings[index]
            let problem = PageProblem(code: warning.code, severity: warning.severity, message: warning.message)
            guard let offset = warning.offset, let at = Self.page(of: offset, path: warning.path, in: pages) else {
                pagesOfWarning[index] = first...last
                if warning.severity >= .warning { perPage[0].append(problem) }
                continue
            }
            pagesOfWarning[index] = (first + at)...(first + at)
            perPage[at].append(problem)
        }
        return perPage
    }

    /// The index in `pages` of the page holding text offset `offset` of spine item `path`.
    static func page(of offset: Int, path: String?, in pages: [Page]) -> Int? {
        guard let path, pages.first?.href == path else { return nil }
        return pages.lastIndex { $0.start.offset <= offset } ?? 0
    }

    /// Records what the pages showed as warnings, each with its pages: call once, when the
    /// pages are through.
    public func finish() {
        missing.warn(into: diagnostics)
        missing = MissingGlyphReport()
        for key in problemOrder {
            let pages = pagesByProblem[key] ?? []
            diagnostics.warn(key.code, key.message + " (" + Self.pageList(pages) + ")", severity: key.severity)
        }
        problemOrder = []
        pagesByProblem = [:]
        seen = diagnostics.warnings.count
    }

    /// `page 3`, `pages 3, 5 and 9`, `pages 3, 5, … and 12 more`.
    public static func pageList(_ pages: [Int]) -> String {
        if pages.count == 1 { return "page \(pages[0])" }
        let shown = pages.prefix(pageLimit).map(String.init)
        if pages.count > pageLimit { return "pages " + shown.joined(separator: ", ") + " and \(pages.count - pageLimit) more" }
        return "pages " + shown.dropLast().joined(separator: ", ") + " and " + shown.last!
    }

    /// `page 3` or `pages 3–9`.
    public static func pageRange(_ range: ClosedRange<Int>) -> String {
        range.count == 1 ? "page \(range.lowerBound)" : "pages \(range.lowerBound)–\(range.upperBound)"
    }
}
