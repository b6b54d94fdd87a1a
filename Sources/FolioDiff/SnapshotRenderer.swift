import FolioCore
import FolioLayout
import FolioPublication
import FolioRender
import FolioStyle
import FoundationEssentials
import Glibc

/// Renders a laid-out book page by page for a snapshot: each page's record and PNG, in
/// reading order, whatever the number of jobs.
///
/// Pages are laid out chapter by chapter on the calling thread (a `BookLayout` is not
/// thread-safe) and each chapter's pages drawn on up to `jobs` threads.
public struct SnapshotRenderer {
    public let layout: BookLayout
    public let renderer: PNGRenderer
    /// The first table-of-contents title into each spine item, by container path.
    let chapterTitles: [String: String]
    /// How pages are judged for their warnings, at the rendering's pixel ratio.
    let inspector: PageInspector
    /// The elements whose text is masked (`Triage.Mask.selector`): left out of the pages' texts,
    /// its boxes recorded with each page.
    let masks: [Selector]

    /// - Parameters:
    ///   - dpr: device pixels per CSS px.
    ///   - compression: the PNG zlib level; part of the options, since it changes the hashes.
    ///   - masks: a CSS selector list of the elements whose text is masked (see `masks`).
    public init(layout: BookLayout, images: BookImages, dpr: Double, compression: Int = 1, masks: String? = nil) {
        self.layout = layout
        self.masks = masks.flatMap { Selector.parseList($0) } ?? []
        inspector = PageInspector(devicePixelRatio: dpr) { images.pixels($0) }
        renderer = PNGRenderer(dpr: dpr, compression: compression) { path, width, height in
            images.bitmap(path, width: width, height: height)
        }
        var titles: [String: String] = [:]
        var stack = Array(layout.publication.navigation.toc.reversed())
        while let entry = stack.popLast() {
            if let path = entry.href?.split(separator: "#", omittingEmptySubsequences: false).first.map(String.init),
               titles[path] == nil, !entry.title.isEmpty {
                titles[path] = entry.title
            }
            stack.append(contentsOf: entry.children.reversed())
        }
        chapterTitles = titles
    }

    /// Calls `body` with every page in reading order and its PNG bytes; returns the page count.
    /// What the pages show going wrong is reported once (`PageWarnings`), with the pages, and
    /// each page's record carries its own.
    ///
    /// Pages of spine items that `draw` refuses (by container path) are laid out, for their
    /// numbers and text, but not drawn: their `sha256` is empty and their PNG nil. A diff shard
    /// uses this to draw only the chapters it compares.
    @discardableResult
    public func run(jobs: Int, draw: (String) -> Bool = { _ in true },
                    _ body: (SnapshotPage, [UInt8]?) throws -> Void) throws -> Int {
        var number = 0
        let warnings = PageWarnings(inspector: inspector, diagnostics: layout.publication.diagnostics)
        defer { warnings.finish() }
        for spineIndex in layout.readingOrder {
            let chapter = layout.chapter(spineIndex)
            let problems = warnings.chapter(chapter.pages, first: number + 1)
            let drawn = draw(chapter.href)
            let masked = masks.isEmpty ? [] : layout.textNodes(inElementsMatching: masks, inSpineItem: spineIndex)
            // Batches bound the PNG bytes held at once in a long chapter.
            var first = 0
            while first < chapter.pages.count {
                let batch = Array(chapter.pages[first..<min(first + 64, chapter.pages.count)])
                if drawn { Activity.current.begin("drawing pages \(number + 1)–\(number + batch.count) (\(chapter.href))") }
                let pngs: [[UInt8]?] = drawn ? Parallel.map(batch, jobs: jobs) { renderer.render($0.frame) } : batch.map { _ in nil }
                for (k, (page, png)) in zip(batch, pngs).enumerated() {
                    number += 1
                    var record = record(page, number: number, png: png)
                    record.warnings = problems[first + k]
                    if !masked.isEmpty { mask(&record, page, nodes: masked) }
                    try body(record, png)
                }
                first += batch.count
            }
        }
        return number
    }

    /// Leaves the text of the masked nodes out of a page's record and keeps the boxes it is
    /// drawn in, in device pixels (a pixel wider on each side, for anti-aliasing).
    private func mask(_ record: inout SnapshotPage, _ page: Page, nodes: Set<Int>) {
        let runs = page.frame.runs(ofTextNodes: nodes, metric: layout.metric)
        record.masked = runs.map { PixelBox(covering: $0.box, dpr: renderer.dpr, margin: 1) }
        // Runs that continue one another are taken out as one piece: small capitals split a
        // date into runs of a letter or two, which alone could match earlier on the page.
        var pieces: [String] = []
        var end: Int?
        for run in runs {
            if let end, run.textRange.lowerBound == end, !pieces.isEmpty {
                pieces[pieces.count - 1] += run.text
            } else {
                pieces.append(run.text)
            }
            end = run.textRange.upperBound
        }
        record.text = Self.removing(pieces, from: record.text)
    }

    /// `text` without `pieces`, each taken out where it next occurs after the one before (from
    /// the start again when it does not), then runs of spaces left behind made one.
    static func removing(_ pieces: [String], from text: String) -> String {
        var out = text
        var cursor = out.startIndex
        for piece in pieces where !piece.isEmpty {
            guard let found = out[cursor...].firstRange(of: piece) ?? out.firstRange(of: piece) else { continue }
            let offset = out.distance(from: out.startIndex, to: found.lowerBound)
            out.removeSubrange(found)
            cursor = out.index(out.startIndex, offsetBy: offset)
        }
        return out.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.split(separator: " ").joined(separator: " ") }
            .joined(separator: "\n")
    }

    private func record(_ page: Page, number: Int, png: [UInt8]?) -> SnapshotPage {
        let size = png.flatMap(Self.pngSize) ?? (0, 0)
        var images: [PageImage] = []
        for item in page.frame.items {
            guard case .image(let image) = item else { continue }
            images.append(PageImage(path: image.path, box: PixelBox(covering: image.rect, dpr: renderer.dpr)))
        }
        return SnapshotPage(number: number, file: SnapshotPage.fileName(number), spineIndex: page.spineIndex, href: page.href,
                            start: page.start.offset, end: page.end.offset,
                            title: layout.title(spineIndex: page.spineIndex, page: page.indexInChapter),
                            chapterTitle: chapterTitles[page.href],
                            text: page.text, sha256: png.map(Digest.sha256Hex) ?? "",
                            width: size.0, height: size.1, images: images)
    }

    /// The width and height in a PNG's IHDR chunk (bytes 16–23, big-endian).
    static func pngSize(_ bytes: [UInt8]) -> (Int, Int)? {
        guard bytes.count >= 24 else { return nil }
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }
}
