import FolioCore
import FolioLayout
import FolioPublication

/// One profile's pages, gone through as a reader would page them: what each page shows going
/// wrong (`PageInspector`) and the warnings layout recorded, each with its pages.
public struct PageCheck {
    /// Warnings the book-wide checks report better: CSS grouped with its selectors, files not
    /// in the manifest and fonts that cannot be read found for every file, used or not.
    static let coveredByBookCheck: Set<String> = ["css.unknown-property", "css.invalid-value", "css.position-unsupported",
                                                  "resource.unlisted", "font.unreadable", "css.stylesheet-missing"]
    /// At most this many characters without a glyph get a problem of their own.
    static let characterLimit = 32

    /// Lays out every page of `layout` for profile `profile`, adding what it finds to
    /// `findings`; `page` sees each page (for thumbnails). Returns the page count.
    /// `diagnostics` is the book's, `since` the count of its warnings before layout began.
    public static func run(profile: String, layout: BookLayout, inspector: PageInspector, diagnostics: Diagnostics, since: Int,
                           into findings: inout CheckFindings, page visit: (Int, Page) throws -> Void = { _, _ in }) rethrows -> Int {
        let warnings = PageWarnings(inspector: inspector, diagnostics: diagnostics)
        var number = 0
        var missing: [UInt32: [Int]] = [:]
        var missingFiles: [UInt32: String] = [:]
        for spineIndex in layout.readingOrder {
            let chapter = layout.chapterPassingThrough(spineIndex)
            warnings.chapter(chapter.pages, first: number + 1)
            for (k, page) in chapter.pages.enumerated() {
                number += 1
                try visit(number, page)
                for problem in warnings.inspected[k] where problem.code != "font.missing-glyph" {
                    findings.add(CheckProblem(code: problem.code, severity: problem.severity, message: problem.message, file: page.href,
                                              ref: reference(problem.code)),
                                 profile: profile, page: number, rect: problem.rect)
                }
                for scalar in MissingGlyphReport.characters(in: page.frame) where missing[scalar]?.last != number {
                    missing[scalar, default: []].append(number)
                    if missingFiles[scalar] == nil { missingFiles[scalar] = page.href }
                }
            }
        }
        addMissingGlyphs(missing, files: missingFiles, profile: profile, into: &findings)
        let recorded = diagnostics.warnings
        for index in recorded.indices.dropFirst(since) {
            let warning = recorded[index]
            guard !coveredByBookCheck.contains(warning.code) else { continue }
            var problem = CheckProblem(code: warning.code, severity: warning.severity, message: warning.message, file: warning.path,
                                       line: warning.line, ref: reference(warning.code))
            if warning.offset != nil, let pages = warnings.pagesOfWarning[index] { problem.pages[profile] = Array(pages) }
            findings.add(problem)
        }
        return number
    }

    /// One problem per character no face has, with its pages; past the limit, one for the rest.
    private static func addMissingGlyphs(_ missing: [UInt32: [Int]], files: [UInt32: String], profile: String, into findings: inout CheckFindings) {
        let scalars = missing.keys.sorted()
        for scalar in scalars.prefix(characterLimit) {
            let shown = Unicode.Scalar(scalar).flatMap(Self.printable).map { " ‘\($0)’" } ?? ""
            var problem = CheckProblem(code: "font.missing-glyph", severity: .warning,
                                       message: "\(MissingGlyphReport.codePoint(scalar))\(shown) is in no pinned or embedded font: drawn as a missing-glyph box",
                                       file: files[scalar])
            problem.pages[profile] = missing[scalar]
            findings.add(problem)
        }
        guard scalars.count > characterLimit else { return }
        let rest = scalars.dropFirst(characterLimit)
        var problem = CheckProblem(code: "font.missing-glyph", severity: .warning,
                                   message: "\(rest.count) more characters are in no pinned or embedded font (\(rest.prefix(8).map(MissingGlyphReport.codePoint).joined(separator: ", "))…): "
                                       + "drawn as missing-glyph boxes")
        problem.pages[profile] = Array(Set(rest.flatMap { missing[$0] ?? [] })).sorted()
        findings.add(problem)
    }

    /// The character itself, when it shows as something (not a control, format or private-use one).
    static func printable(_ scalar: Unicode.Scalar) -> String? {
        switch scalar.properties.generalCategory {
        case .control, .format, .privateUse, .surrogate, .unassigned, .lineSeparator, .paragraphSeparator, .spaceSeparator: nil
        default: String(Character(scalar))
        }
    }

    static func reference(_ code: String) -> String? {
        switch code {
        case "layout.low-contrast": BookCheck.Reference.wcagContrast
        default: nil
        }
    }
}
