import FolioCore
import FolioLayout
import FolioXML

/// What `folio check` found in a book, and its three forms: text for people, one stable JSON
/// object for tools, and a static HTML report with page thumbnails.
public struct CheckReport: Sendable {
    /// A profile checked, with its page count and page size (CSS px).
    public struct Profile: Sendable {
        public var name: String
        public var pages: Int
        public var width: Double
        public var height: Double

        public init(name: String, pages: Int, width: Double, height: Double) {
            self.name = name
            self.pages = pages
            self.width = width
            self.height = height
        }
    }

    public var book: String
    public var profiles: [Profile]
    public var problems: [CheckProblem]

    public init(book: String, profiles: [Profile], problems: [CheckProblem]) {
        self.book = book
        self.profiles = profiles
        self.problems = problems
    }

    public func count(_ severity: Severity) -> Int { problems.filter { $0.severity == severity }.count }

    /// The problems of one severity, those that differ only in their place taken together
    /// (the same missing language in 150 chapters is one entry naming its 150 places), in the
    /// order their first place comes.
    func groups(_ severity: Severity) -> [[CheckProblem]] {
        var order: [String] = []
        var members: [String: [CheckProblem]] = [:]
        for problem in problems where problem.severity == severity {
            let key = problem.code + "\u{0}" + problem.message
            if members[key] == nil { order.append(key) }
            members[key, default: []].append(problem)
        }
        return order.compactMap { members[$0] }
    }

    /// At most this many places are named for a group of problems.
    static let placeLimit = 8

    /// `EPUB/a.xhtml:3, EPUB/b.xhtml:9 and 12 more`, for the places of a group.
    static func places(_ group: [CheckProblem]) -> String {
        let named = group.compactMap(\.place)
        let shown = named.prefix(placeLimit).joined(separator: ", ")
        return named.count > placeLimit ? shown + " and \(named.count - placeLimit) more" : shown
    }

    /// A group's pages per profile, all its places' together.
    static func merged(_ group: [CheckProblem]) -> CheckProblem {
        var merged = group[0]
        for problem in group.dropFirst() { merged.takePages(of: problem) }
        return merged
    }

    /// Whether any problem is at `level` or above.
    public func fails(at level: Severity) -> Bool { problems.contains { $0.severity >= level } }

    /// `2 errors, 5 warnings, 1 note`.
    public var summary: String {
        func n(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
        return [n(count(.error), "error"), n(count(.warning), "warning"), n(count(.info), "note")].joined(separator: ", ")
    }

    // MARK: Text

    /// Grouped by severity, each problem with its code, place, message, pages and reference.
    public var text: String {
        var out = "\(book): \(summary)"
        out += " (" + profiles.map { "\($0.name): \($0.pages) page\($0.pages == 1 ? "" : "s")" }.joined(separator: ", ") + ")\n"
        for (severity, heading) in [(Severity.error, "Errors"), (.warning, "Warnings"), (.info, "Notes")] {
            let groups = groups(severity)
            guard !groups.isEmpty else { continue }
            out += "\n\(heading)\n"
            for group in groups {
                let problem = Self.merged(group)
                let places = Self.places(group)
                out += "  \(problem.code)" + (group.count > 1 ? "  (\(group.count) places)" : "") + (places.isEmpty ? "" : "  \(places)") + "\n"
                out += "    \(problem.message)\n"
                let pages = pageText(problem)
                if !pages.isEmpty { out += "    \(pages)\n" }
                if let ref = problem.ref { out += "    see \(ref)\n" }
            }
        }
        return out
    }

    /// `phone-12pt-day: pages 3, 5 · tablet-14pt-day: page 2`.
    func pageText(_ problem: CheckProblem) -> String {
        profiles.compactMap { profile in
            guard let pages = problem.pages[profile.name], !pages.isEmpty else { return nil }
            return "\(profile.name): " + PageWarnings.pageList(pages)
        }.joined(separator: " · ")
    }

    // MARK: JSON

    /// `{"book", "profiles": [{name, pages, width, height}], "summary": {error, warning, info},
    /// "problems": [{code, severity, message, file, line, pages: {profile: [n…]}, ref}]}`.
    public var json: JSONValue {
        .object([
            ("book", .string(book)),
            ("profiles", .array(profiles.map { .object([("name", .string($0.name)), ("pages", .number(Double($0.pages))),
                                                        ("width", .number($0.width)), ("height", .number($0.height))]) })),
            ("summary", .object([("error", .number(Double(count(.error)))), ("warning", .number(Double(count(.warning)))),
                                 ("info", .number(Double(count(.info))))])),
            ("problems", .array(problems.map(\.json))),
        ])
    }

    // MARK: HTML

    /// At most this many pages are shown for one problem and profile.
    static let thumbnailsPerProblem = 6

    /// The report's `index.html`: a summary, each problem with thumbnails of the pages it
    /// affects (its regions marked), and every page of each profile. `thumbnail(profile, page)`
    /// names a page's image, relative to the report folder; `scale` is the thumbnails' size
    /// per CSS px.
    public func html(thumbnail: (String, Int) -> String, scale: Double) -> String {
        func e(_ text: String) -> String { XMLEscaping.escaped(text, attribute: true) }
        var out = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Folio check: \(e(book))</title>
        <style>
        body { font: 15px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 72rem; padding: 1rem; color: #1b1b1b; background: #fafafa; }
        h1 { font-size: 1.4rem; word-break: break-all; } h2 { font-size: 1.15rem; margin-top: 2rem; }
        .summary span { display: inline-block; padding: .15rem .6rem; border-radius: 1rem; margin-right: .4rem; font-weight: 600; }
        .error { background: #fde2e1; color: #8a1010; } .warning { background: #fff1cc; color: #6b4a00; } .info { background: #e3eefc; color: #123c74; }
        .problem { background: #fff; border: 1px solid #ddd; border-left-width: 6px; border-radius: 4px; padding: .6rem .8rem; margin: .7rem 0; }
        .problem.sev-error { border-left-color: #c62828; } .problem.sev-warning { border-left-color: #d99a00; } .problem.sev-info { border-left-color: #3a78c2; }
        .problem code { font-size: .85rem; } .place { color: #555; font-size: .85rem; word-break: break-all; } .ref { color: #555; font-size: .8rem; }
        .thumbs { display: flex; flex-wrap: wrap; gap: .6rem; margin-top: .5rem; }
        figure { margin: 0; font-size: .75rem; color: #555; text-align: center; }
        .page { position: relative; display: inline-block; border: 1px solid #bbb; background: #fff; line-height: 0; }
        .page img { display: block; }
        .mark { position: absolute; border: 2px solid #e0006c; background: rgba(224, 0, 108, .12); box-sizing: border-box; }
        .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(7rem, 1fr)); gap: .5rem; }
        .grid .page img { width: 100%; height: auto; }
        .grid .page.flagged { outline: 3px solid #e0006c; }
        @media (max-width: 600px) { body { padding: .5rem; } .thumbs img { max-width: 40vw; height: auto; } .grid { grid-template-columns: repeat(3, 1fr); } }
        </style>
        </head>
        <body>
        <h1>Folio check: \(e(book))</h1>
        <p class="summary"><span class="error">\(count(.error)) error\(count(.error) == 1 ? "" : "s")</span><span class="warning">\(count(.warning)) warning\(count(.warning) == 1 ? "" : "s")</span><span class="info">\(count(.info)) note\(count(.info) == 1 ? "" : "s")</span></p>
        <p>\(profiles.map { "<strong>\(e($0.name))</strong>: \($0.pages) page\($0.pages == 1 ? "" : "s") (<a href=\"#pages-\(e($0.name))\">all pages</a>)" }.joined(separator: " · "))</p>

        """
        var flagged: [String: Set<Int>] = [:]
        for (severity, heading) in [(Severity.error, "Errors"), (.warning, "Warnings"), (.info, "Notes")] {
            let groups = groups(severity)
            guard !groups.isEmpty else { continue }
            out += "<h2>\(heading) (\(count(severity)))</h2>\n"
            for group in groups {
                let problem = Self.merged(group)
                out += "<div class=\"problem sev-\(severity.rawValue)\"><code>\(e(problem.code))</code>"
                if group.count > 1 {
                    out += " <span class=\"place\">\(group.count) places</span><details><summary class=\"place\">\(e(Self.places(group)))</summary>"
                        + "<div class=\"place\">\(e(group.compactMap(\.place).joined(separator: ", ")))</div></details>"
                } else if let place = problem.place {
                    out += " <span class=\"place\">\(e(place))</span>"
                }
                out += "<div>\(e(problem.message))</div>\n"
                let pages = pageText(problem)
                if !pages.isEmpty { out += "<div class=\"place\">\(e(pages))</div>\n" }
                if let ref = problem.ref { out += "<div class=\"ref\">See \(e(ref))</div>\n" }
                var figures = ""
                for profile in profiles {
                    let pages = problem.pages[profile.name] ?? []
                    if problem.severity >= .warning { flagged[profile.name, default: []].formUnion(pages) }
                    for page in pages.prefix(Self.thumbnailsPerProblem) {
                        let rects = problem.regions[profile.name]?[page] ?? []
                        figures += figure(profile: profile, page: page, rects: rects, src: thumbnail(profile.name, page), scale: scale, escape: e)
                    }
                }
                if !figures.isEmpty { out += "<div class=\"thumbs\">\(figures)</div>\n" }
                out += "</div>\n"
            }
        }
        if problems.isEmpty { out += "<p>No problems found.</p>\n" }
        for profile in profiles {
            out += "<h2 id=\"pages-\(e(profile.name))\">\(e(profile.name)): every page</h2>\n<div class=\"grid\">\n"
            let marked = flagged[profile.name] ?? []
            for page in 1...max(1, profile.pages) where profile.pages > 0 {
                let src = e(thumbnail(profile.name, page))
                out += "<figure><a class=\"page\(marked.contains(page) ? " flagged" : "")\" href=\"\(src)\">"
                    + "<img loading=\"lazy\" src=\"\(src)\" alt=\"page \(page)\"></a><figcaption>\(page)</figcaption></figure>\n"
            }
            out += "</div>\n"
        }
        out += "</body>\n</html>\n"
        return out
    }

    private func figure(profile: Profile, page: Int, rects: [Rect], src: String, scale: Double, escape e: (String) -> String) -> String {
        let width = Int((profile.width * scale).rounded()), height = Int((profile.height * scale).rounded())
        var marks = ""
        for rect in rects {
            let left = max(0, rect.x) / profile.width * 100, top = max(0, rect.y) / profile.height * 100
            let w = min(rect.width, profile.width - max(0, rect.x)) / profile.width * 100
            let h = min(rect.height, profile.height - max(0, rect.y)) / profile.height * 100
            marks += "<span class=\"mark\" style=\"left:\(Self.percent(left));top:\(Self.percent(top));width:\(Self.percent(max(w, 1)));height:\(Self.percent(max(h, 1)))\"></span>"
        }
        return "<figure><a class=\"page\" href=\"\(e(src))\"><img src=\"\(e(src))\" width=\"\(width)\" height=\"\(height)\" alt=\"\(e(profile.name)) page \(page)\">\(marks)</a>"
            + "<figcaption>\(e(profile.name)) · page \(page)</figcaption></figure>"
    }

    /// `12.5%`.
    static func percent(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)%"
    }
}
