import FolioXML

/// A diff for CI test reporters: JUnit XML, as GitHub, GitLab and Jenkins read it, and GitHub
/// Actions' workflow commands, which annotate a run with each change.
///
/// JUnit: one test suite per profile, one test case per chapter (class `BOOK.PROFILE`, name the
/// chapter's label and href). A chapter with a page other than identical fails; the failure's
/// message is its first statement (or the pages' count) and its text every statement and the
/// report's section, when a report was written. The settings notes go to each suite's
/// `system-out`. Times are 0: the diff's work is not split per chapter in a way worth timing.
/// https://github.com/testmoapp/junitxml
public enum JUnitReport {
    /// The XML document for `result`, the book named `book`; `report` is the folder of the HTML
    /// report, when one was written.
    public static func xml(_ result: DiffResult, book: String, report: String?) -> String {
        let failing = { (chapter: ChapterDiff) in chapter.pages.contains(where: \.isUnexpectedChange) }
        let tests = result.profiles.reduce(0) { $0 + $1.chapters.count }
        let failures = result.profiles.reduce(0) { $0 + $1.chapters.filter(failing).count }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"\(escape("folio diff " + book))\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" time=\"0\">\n"
        for profile in result.profiles {
            let suiteFailures = profile.chapters.filter(failing).count
            out += "  <testsuite name=\"\(escape(book + " · " + profile.name))\" tests=\"\(profile.chapters.count)\" "
                + "failures=\"\(suiteFailures)\" errors=\"0\" skipped=\"0\" time=\"0\">\n"
            for chapter in profile.chapters {
                let name = chapter.href.isEmpty || chapter.label == chapter.href ? chapter.label : "\(chapter.label) (\(chapter.href))"
                out += "    <testcase classname=\"\(escape(book + "." + profile.name))\" name=\"\(escape(name))\" time=\"0\""
                guard failing(chapter) else {
                    // An expected change passes, saying why.
                    let reasons = chapter.pages.compactMap(\.expected).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
                    if reasons.isEmpty {
                        out += "/>\n"
                    } else {
                        let told = (reasons.map { "expected: " + $0 } + chapter.statements).joined(separator: "\n")
                        out += ">\n      <system-out>\(escape(told))</system-out>\n    </testcase>\n"
                    }
                    continue
                }
                let count = DiffResult.countLine(chapter.pages)
                let message = chapter.statements.first ?? count
                var details = [count] + chapter.statements
                if let report { details.append("Report: \(report)/index.html#\(ReportFolder.folderName(profile.name))") }
                out += ">\n      <failure type=\"changed\" message=\"\(escape(message))\">\(escape(details.joined(separator: "\n")))</failure>\n"
                out += "    </testcase>\n"
            }
            if !result.notes.isEmpty {
                out += "    <system-out>\(escape(result.notes.map { "note: " + $0 }.joined(separator: "\n")))</system-out>\n"
            }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }

    /// GitHub Actions' `::error` commands, one per changed chapter, naming the book and profile.
    /// https://docs.github.com/en/actions/reference/workflow-commands-for-github-actions
    public static func githubAnnotations(_ result: DiffResult, book: String) -> String {
        var out = ""
        for profile in result.profiles {
            for chapter in profile.chapters where chapter.pages.contains(where: \.isUnexpectedChange) {
                let title = "folio diff: \(book) \(profile.name)"
                let message = ([DiffResult.countLine(chapter.pages)] + chapter.statements).joined(separator: "\n")
                out += "::error title=\(property(title))::\(data(message))\n"
            }
        }
        return out
    }

    /// Text for an XML attribute value (all text here goes into attributes or element
    /// content; attribute escaping suits both).
    static func escape(_ text: String) -> String { XMLEscaping.escaped(text, attribute: true) }

    /// A workflow command's message: `%`, CR and LF escaped.
    static func data(_ text: String) -> String {
        escaped(text, ["%": "%25", "\r": "%0D", "\n": "%0A"])
    }

    /// A workflow command's property value: as `data`, and `:` and `,` too.
    static func property(_ text: String) -> String {
        escaped(text, ["%": "%25", "\r": "%0D", "\n": "%0A", ":": "%3A", ",": "%2C"])
    }

    private static func escaped(_ text: String, _ escapes: [Unicode.Scalar: String]) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if let escape = escapes[scalar] { out += escape } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }
}
