import FolioCore
import FoundationEssentials
import Glibc

/// `folio diff --report DIR`: one static `index.html` (no scripts, no network) beside the page
/// images: the verdict, the summary in words, a table of the pages that are not identical,
/// and for each changed, added or removed page the renderings side by side with a heat map.
public enum HTMLReport {
    /// Writes `index.html` into the report folder (the images are there already).
    public static func write(_ result: DiffResult, to folder: URL) throws {
        try Data(html(result).utf8).write(to: folder.appendingPathComponent("index.html"))
    }

    public static func html(_ result: DiffResult) -> String {
        let counts = result.counts
        let total = counts.values.reduce(0, +)
        let expected = result.expectedCount
        var verdict = result.hasChanges || expected > 0
            ? PageStatus.allCases.filter { $0 != .identical && counts[$0] != nil }.map { "\(counts[$0]!) \($0.rawValue)" }.joined(separator: " · ")
            : "no change"
        if expected > 0 { verdict += result.hasChanges ? " (\(expected) expected)" : " — all expected" }
        var out = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Folio diff: \(escape(verdict))</title>
            <style>\(style)</style>
            </head>
            <body>
            <header>
            <h1>Folio diff</h1>
            <p class="sides"><span class="side">baseline</span> <code>\(escape(result.baseline))</code><br>
            <span class="side">current</span> <code>\(escape(result.current))</code></p>
            <p class="verdict \(result.hasChanges ? "changed" : "clean")"><strong>\(escape(verdict))</strong>
            <span>\(total) page\(total == 1 ? "" : "s") compared\(counts[.identical].map { ", \($0) identical" } ?? "")\
            \(result.threshold > 0 ? ", threshold \(percent(result.threshold))" : "")</span></p>
            </header>

            """
        if !result.notes.isEmpty {
            out += "<section class=\"notes\"><h2>The two renderings were made differently</h2><ul>\n"
            out += result.notes.map { "<li>\(escape($0))</li>\n" }.joined()
            out += "</ul></section>\n"
        }
        for profile in result.profiles { out += section(profile, in: result) }
        out += "<footer>Written by <code>folio diff</code>. Heat maps: <span class=\"key red\"></span> differs, "
            + "<span class=\"key yellow\"></span> anti-aliasing only (not counted), grey: the baseline page.</footer>\n</body>\n</html>\n"
        return out
    }

    private static func section(_ profile: ProfileDiff, in result: DiffResult) -> String {
        let pages = profile.pages
        let id = anchor(profile.name)
        var out = "<section class=\"profile\" id=\"\(id)\">\n<h2>\(escape(profile.name)) <small>\(escape(DiffResult.countLine(pages)))</small></h2>\n"
        let told = profile.chapters.filter { !$0.statements.isEmpty }
        if told.isEmpty {
            out += "<p class=\"quiet\">Nothing changed.</p>\n"
        } else {
            out += "<h3>What changed</h3>\n<dl class=\"statements\">\n"
            for chapter in told {
                out += "<dt>\(escape(chapter.label)) <code>\(escape(chapter.href))</code></dt>\n"
                let prefix = chapter.label + ": "
                out += chapter.statements.map { "<dd>\(escape($0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : $0))</dd>\n" }.joined()
                if !chapter.textChanges.isEmpty { out += "<dd>" + textChanges(chapter.textChanges) + "</dd>\n" }
            }
            out += "</dl>\n"
        }
        let listed = pages.filter { $0.status != .identical }
        let chapterOf = Dictionary(profile.chapters.flatMap { chapter in chapter.pages.map { (PageKey($0), chapter) } }, uniquingKeysWith: { a, _ in a })
        if !listed.isEmpty {
            out += "<h3>Pages</h3>\n<table>\n<thead><tr><th>Status</th><th>Baseline</th><th>Current</th><th>Chapter</th><th>Difference</th></tr></thead>\n<tbody>\n"
            for page in listed {
                let link = page.images != nil ? "<a href=\"#\(cardID(id, page))\">" : ""
                out += "<tr><td>\(link)\(pill(page))\(link.isEmpty ? "" : "</a>")</td><td>\(page.baseline.map(String.init) ?? "—")</td>"
                    + "<td>\(page.current.map(String.init) ?? "—")</td><td>\(chapterOf[PageKey(page)].flatMap(\.title).map { escape($0) + " " } ?? "")"
                    + "<code>\(escape(page.href))</code></td>"
                    + "<td class=\"number\">\(page.difference.map(percent) ?? "—")</td></tr>\n"
            }
            let identical = pages.count - listed.count
            out += "</tbody>\n"
            if identical > 0 { out += "<tfoot><tr><td colspan=\"5\">and \(identical) identical page\(identical == 1 ? "" : "s")</td></tr></tfoot>\n" }
            out += "</table>\n"
        }
        let cards = listed.filter { $0.images != nil }
        if !cards.isEmpty {
            out += "<h3>Page by page</h3>\n" + cards.map { card($0, profile: id) }.joined()
        }
        let missing = listed.filter { $0.images == nil && $0.status != .moved }.count
        if missing > 0 {
            out += "<p class=\"quiet\">\(missing) more page\(missing == 1 ? " is" : "s are") listed above without images (the report shows at most a few hundred).</p>\n"
        }
        return out + "</section>\n"
    }

    private static func card(_ page: PageDiff, profile: String) -> String {
        let numbers: String
        switch page.status {
        case .added: numbers = "current page \(page.current ?? 0)"
        case .removed: numbers = "baseline page \(page.baseline ?? 0)"
        default: numbers = page.baseline == page.current ? "page \(page.current ?? 0)" : "page \(page.baseline ?? 0) → \(page.current ?? 0)"
        }
        var out = "<article class=\"card\" id=\"\(cardID(profile, page))\">\n<h4>\(pill(page)) \(numbers) "
            + "<code>\(escape(page.href))</code>\(page.difference.map { " <span class=\"quiet\">\(percent($0)) of pixels differ</span>" } ?? "")</h4>\n<div class=\"images\">\n"
        for (label, path) in [("baseline", page.images?.baseline), ("current", page.images?.current), ("difference", page.images?.heatMap)] {
            guard let path else { continue }
            out += "<figure><a href=\"\(url(path))\"><img src=\"\(url(path))\" alt=\"\(label) page\" loading=\"lazy\"></a><figcaption>\(label)</figcaption></figure>\n"
        }
        if let baseline = page.images?.baseline, let current = page.images?.current {
            // Onion skin: the current page over the baseline, its opacity on a slider.
            out += "<figure class=\"onion\"><div class=\"stack\"><img src=\"\(url(baseline))\" alt=\"baseline page\" loading=\"lazy\">"
                + "<img class=\"top\" src=\"\(url(current))\" alt=\"current page\" loading=\"lazy\"></div>"
                + "<input type=\"range\" min=\"0\" max=\"100\" value=\"50\" aria-label=\"current page opacity\" "
                + "oninput=\"this.previousElementSibling.lastElementChild.style.opacity = this.value / 100\">"
                + "<figcaption>onion skin: baseline ◂ ▸ current</figcaption></figure>\n"
        }
        return out + "</div>\n</article>\n"
    }

    /// A page row's identity within a profile.
    private struct PageKey: Hashable {
        var baseline: Int?
        var current: Int?
        init(_ page: PageDiff) {
            baseline = page.baseline
            current = page.current
        }
    }

    /// A chapter's changed paragraphs, words struck out and added, folded under a summary.
    private static func textChanges(_ paragraphs: [ChangedParagraph]) -> String {
        var out = "<details class=\"text\"><summary>The text, word by word (\(paragraphs.count) paragraph\(paragraphs.count == 1 ? "" : "s") changed)</summary>\n"
        for paragraph in paragraphs {
            out += "<p>" + paragraph.segments.map { segment in
                switch segment.kind {
                case .same: escape(segment.text)
                case .inserted: "<ins>\(escape(segment.text))</ins>"
                case .deleted: "<del>\(escape(segment.text))</del>"
                }
            }.joined(separator: " ") + "</p>\n"
        }
        return out + "</details>"
    }

    private static func pill(_ status: PageStatus) -> String { "<span class=\"pill \(status.rawValue)\">\(status.rawValue)</span>" }
    private static func pill(_ page: PageDiff) -> String {
        pill(page.status) + (page.expected.map { "<span class=\"pill expected\" title=\"\(escape($0))\">expected</span>" } ?? "")
    }
    private static func cardID(_ profile: String, _ page: PageDiff) -> String { "\(profile)-\(page.baseline ?? 0)-\(page.current ?? 0)" }
    private static func anchor(_ name: String) -> String { ReportFolder.folderName(name) }

    /// `0.42%`, with more digits for small shares so that they do not read as zero.
    static func percent(_ fraction: Double) -> String {
        let value = fraction * 100
        if value == 0 { return "0%" }
        if value < 0.01 { return "<0.01%" }
        return String(printf: value < 1 ? "%.2f%%" : "%.1f%%", value)
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }

    /// A relative path as a URL path (`%` in a profile name must not read as an escape).
    private static func url(_ path: String) -> String {
        escape(DataURL.percentEncodedPath(path))
    }

    private static let style = """
        :root { color-scheme: light; --ink: #1d2327; --quiet: #646970; --line: #dcdcde; --paper: #f6f7f7; }
        * { box-sizing: border-box; }
        body { margin: 0 auto; max-width: 1280px; padding: 24px 32px 48px; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); }
        h1 { font-size: 26px; margin: 0 0 6px; }
        h2 { font-size: 20px; margin: 36px 0 10px; padding-bottom: 6px; border-bottom: 1px solid var(--line); }
        h2 small { font-size: 14px; font-weight: normal; color: var(--quiet); margin-left: 8px; }
        h3 { font-size: 15px; margin: 22px 0 8px; text-transform: uppercase; letter-spacing: .04em; color: var(--quiet); }
        h4 { font-size: 15px; margin: 0 0 10px; font-weight: 600; }
        code { font: 13px ui-monospace, "DejaVu Sans Mono", monospace; background: var(--paper); padding: 1px 5px; border-radius: 4px; }
        .sides { margin: 0 0 14px; line-height: 1.9; }
        .side { display: inline-block; width: 72px; color: var(--quiet); font-size: 13px; }
        .verdict { display: flex; gap: 16px; align-items: baseline; padding: 12px 16px; border-radius: 8px; margin: 0; }
        .verdict strong { font-size: 18px; }
        .verdict.changed { background: #fcf0e3; border-left: 5px solid #d63638; }
        .verdict.clean { background: #e6f4ea; border-left: 5px solid #008a20; }
        .verdict span { color: var(--quiet); }
        .notes { background: #fcf9e8; border: 1px solid #f0c33c; border-radius: 8px; padding: 4px 16px; margin-top: 16px; }
        .notes h2 { border: 0; font-size: 15px; margin: 10px 0 0; }
        dl.statements { margin: 0; }
        dl.statements dt { font-weight: 600; margin: 10px 0 2px; }
        dl.statements dt code { font-weight: normal; color: var(--quiet); margin-left: 6px; }
        dl.statements dd { margin: 2px 0 2px 20px; }
        dl.statements dd::before { content: "–"; color: var(--quiet); margin-left: -14px; position: absolute; }
        table { border-collapse: collapse; width: 100%; font-size: 14px; }
        th, td { text-align: left; padding: 6px 10px; border-bottom: 1px solid var(--line); }
        th { font-weight: 600; color: var(--quiet); font-size: 13px; }
        td.number, th:last-child { text-align: right; font-variant-numeric: tabular-nums; }
        tfoot td { color: var(--quiet); border: 0; }
        a { color: inherit; }
        .pill { display: inline-block; min-width: 74px; text-align: center; padding: 1px 8px; border-radius: 10px; font-size: 12px; font-weight: 600; }
        .pill.identical { background: #f0f0f1; color: #50575e; }
        .pill.changed { background: #facfd2; color: #8a2424; }
        .pill.added { background: #b8e6bf; color: #00450c; }
        .pill.removed { background: #ffe0b2; color: #7a3e00; }
        .pill.expected { background: #dcdcde; color: #1d2327; font-weight: 400; margin-left: 4px; }
        details.text { margin: 4px 0 8px; } details.text p { margin: 6px 0; max-width: 60em; line-height: 1.5; }
        ins { background: #b8e6bf; text-decoration: none; } del { background: #facfd2; }
        .onion .stack { position: relative; } .onion .stack img.top { position: absolute; left: 0; top: 0; opacity: 0.5; }
        .onion input { display: block; width: 100%; }
        .pill.moved { background: #c5d9ed; color: #043959; }
        .card { border: 1px solid var(--line); border-radius: 8px; padding: 14px 16px 6px; margin: 14px 0; }
        .images { display: flex; gap: 16px; flex-wrap: wrap; }
        figure { margin: 0; flex: 0 1 360px; }
        figure img { display: block; width: 100%; height: auto; border: 1px solid var(--line); background: #fff; }
        figcaption { font-size: 13px; color: var(--quiet); text-align: center; padding: 4px 0 8px; }
        .quiet { color: var(--quiet); }
        footer { margin-top: 40px; font-size: 13px; color: var(--quiet); }
        .key { display: inline-block; width: 12px; height: 12px; vertical-align: -1px; border-radius: 2px; }
        .key.red { background: #e00000; } .key.yellow { background: #ffe38a; }
        """
}
