import FolioCore
import FolioPublication
import FolioStyle
import FolioXML

/// Fixed-layout (pre-paginated) spine items: each is one page, laid out at the size its
/// `viewport` meta gives and scaled to fit the reader's page, as the EPUB Fixed Layout rules ask.
/// https://www.w3.org/TR/epub-33/#sec-fxl-icb-html
extension ChapterTypesetter {
    /// True when a spine item is pre-paginated: its own `rendition:layout-*` property, else the
    /// book's `rendition:layout`.
    func isFixedLayout(_ spineIndex: Int) -> Bool {
        let item = publication.spine.items[spineIndex]
        if let own = item.rendition.layout { return own == "pre-paginated" }
        return publication.layout == "pre-paginated"
    }

    /// The initial containing block of a fixed-layout document: `<meta name="viewport"
    /// content="width=1200, height=1577">`, or nil when it gives no usable size.
    static func viewport(_ tree: XMLTree) -> (width: Double, height: Double)? {
        guard let root = tree.root else { return nil }
        for meta in root.descendants("meta") where meta.attribute("name")?.lowercased() == "viewport" {
            guard let content = meta.attribute("content") else { continue }
            var width: Double?, height: Double?
            for pair in content.split(whereSeparator: { $0 == "," || $0 == ";" }) {
                let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingWhitespace().lowercased() }
                guard parts.count == 2, let value = Double(parts[1].filter { $0.isNumber || $0 == "." }), value >= 1, value <= 20_000 else { continue }
                if parts[0] == "width" { width = value }
                if parts[0] == "height" { height = value }
            }
            if let width, let height { return (width, height) }
        }
        return nil
    }

    /// The first viewport of a fixed-layout chapter's flow as one page, scaled into this
    /// layout's page and centred.
    func fixedLayoutPage(_ pages: [Page], viewport: (width: Double, height: Double), spineIndex: Int) -> [Page] {
        guard var first = pages.first else { return pages }
        let scale = min(page.width / viewport.width, page.height / viewport.height)
        let dx = (page.width - viewport.width * scale) / 2, dy = (page.height - viewport.height * scale) / 2
        var frame = first.frame.scaled(by: scale).moved(dx: dx, dy: dy)
        frame.width = page.width
        frame.height = page.height
        first.frame = frame
        if let last = pages.last {
            first.end = last.end
            first.text = pages.map(\.text).filter { !$0.isEmpty }.joined(separator: "\n")
        }
        return [first]
    }
}
