import FoundationEssentials
import Glibc
import FolioCore
import FolioPublication

/// `folio info` for people: the book's description in labelled sections.
enum InfoText {
    static func render(_ p: Publication) -> String {
        let m = p.metadata
        var out = ""
        func line(_ label: String, _ value: String?) {
            guard let value, !value.isEmpty else { return }
            out += label.padding(13) + value + "\n"
        }
        // Titles and names in logical order, isolated in the direction their dir gives.
        line("Title", m.mainTitle?.isolated)
        for t in m.titles where t.value != m.title {
            line("  " + (t.type ?? "title"), t.isolated)
        }
        for c in m.creators { line("Creator", person(c)) }
        for c in m.contributors { line("Contributor", person(c)) }
        line("Language", m.languages.joined(separator: ", "))
        line("Identifier", m.uniqueIdentifier)
        for id in m.identifiers where id.value != m.uniqueIdentifier {
            line("  other id", id.scheme.map { "\(id.value) (\($0))" } ?? id.value)
        }
        line("Publisher", m.publishers.joined(separator: "; "))
        line("Date", m.dates.first?.value)
        line("Modified", m.modified)
        for s in m.series { line("Series", s.position.map { "\(s.name) #\($0)" } ?? s.name) }
        line("Subjects", m.subjects.joined(separator: "; "))
        line("Rights", m.rights.joined(separator: " "))
        line("Description", m.description.map { String($0.prefix(300)) })
        line("EPUB", p.version + "  (package \(p.packagePath))")
        line("Layout", p.layout + (m.rendition.spread.map { ", spread \($0)" } ?? "") + (m.rendition.orientation.map { ", orientation \($0)" } ?? ""))
        line("Progression", p.readingProgression.rawValue)
        line("Cover", p.cover ?? "(none)")
        // Audio and video files (pages' <audio> and <video>, narration's recordings).
        let media = p.manifest.items.filter { $0.mediaType.hasPrefix("audio/") || $0.mediaType.hasPrefix("video/") }
        if !media.isEmpty {
            let audio = media.filter { $0.mediaType.hasPrefix("audio/") }.count
            let names = media.prefix(4).map(\.path).joined(separator: ", ") + (media.count > 4 ? ", …" : "")
            line("Media", "\(audio) audio, \(media.count - audio) video: \(names)")
        }
        if let d = m.mediaOverlays.duration {
            line("Narration", formatDuration(d) + (m.mediaOverlays.narrators.isEmpty ? "" : " read by " + m.mediaOverlays.narrators.joined(separator: ", ")))
            line("  active", m.mediaOverlays.activeClass)
        }

        out += "\nSpine (\(p.spine.items.count) items)\n"
        for (i, item) in p.spine.items.enumerated() {
            let path = p.manifest.item(id: item.renderableID)?.path ?? item.idref
            out += "  \(String(i + 1).leftPadding(3))  \(path)\(item.linear ? "" : "  (non-linear)")\n"
        }
        out += "\nContents (\(p.navigation.source.rawValue))\n"
        out += TocText.render(p.navigation.toc, indent: 1, withHrefs: false)
        if !p.navigation.pageList.isEmpty {
            out += "\nPage list: \(p.navigation.pageList.count) pages (\(p.navigation.pageList.first?.title ?? "")–\(p.navigation.pageList.last?.title ?? ""))\n"
        }
        if !p.navigation.landmarks.isEmpty {
            out += "\nLandmarks\n"
            for l in p.navigation.landmarks { out += "  \((l.type ?? "").padding(16))\(l.title)  \(l.href ?? "")\n" }
        }
        let warnings = p.diagnostics.warnings
        if !warnings.isEmpty {
            out += "\nWarnings (\(warnings.count))\n"
            for w in warnings {
                out += "  \(w.severity.rawValue): \(w.message) [\(w.code)]\(w.location.map { " at \($0)" } ?? "")\n"
            }
        }
        return out
    }

    static func person(_ c: Contributor) -> String {
        var s = c.isolated
        if let role = c.role { s += " (\(role))" }
        if let fileAs = c.fileAs, fileAs != c.name { s += ", file as \"\(fileAs)\"" }
        return s
    }

    static func formatDuration(_ seconds: Double) -> String {
        let total = Int(min(max(seconds.isFinite ? seconds : 0, 0), 1e12).rounded())
        return String(printf: "%ld:%02ld:%02ld", total / 3600, total / 60 % 60, total % 60)
    }
}

extension String {
    func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }

    func leftPadding(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
