import ArgumentParser
import FolioCore
import FolioLayout
import FolioOverlay
import FolioPublication
import FolioRender
import FolioStyle
import FoundationEssentials
import Glibc

/// `render BOOK --at TIME`: the page holding the fragment narrated at a book time, with that
/// fragment highlighted as the book styles its `media:active-class` (and `media:playback-active-class`
/// on the document), or with Folio's default highlight when the book gives the class no style.
/// https://www.w3.org/TR/epub-33/#sec-docs-assoc-style
struct NarratedPage {
    let book: String
    let time: Double
    let format: Render.Format
    let grid: (columns: Int, rows: Int)?
    let out: String
    let dpr: Double?
    let pngCompression: Int
    let json: Bool

    /// The page, highlighted, and what was highlighted.
    struct Found {
        var number: Int
        var page: Page
        var clip: TimelineClip
        var position: Timeline.Position
        var rects: [Rect]
        var fill: RGBA?
        var usesBookStyle: Bool
    }

    func run(_ paged: PagedBook, target: TargetOptions) throws {
        let found = try find(paged)
        if let grid {
            let cells = CellRenderer.grid(found.page.frame.inCells(), columns: grid.columns, rows: grid.rows)
            Terminal.write(format == .cells ? CellRenderer.ansi(cells, colors: CellOutput.colorMode()) : CellRenderer.plain(cells))
            if json { Terminal.write(describe(found, file: nil).serialized() + "\n") }
            return
        }
        let environment = try target.environment()
        if format == .pdf {
            // The one page, highlighted, as book.pdf.
            _ = try PDFOutput(out: out, dpr: dpr ?? environment.devicePixelRatio).write(paged) { page in
                try page(found.number, found.page, [])
            }
            report(found, file: PDFOutput.fileName)
            return
        }
        let name = String(printf: "page-%04ld.png", found.number)
        let folder = URL(fileURLWithPath: out)
        let images = paged.images
        let renderer = PNGRenderer(dpr: dpr ?? environment.devicePixelRatio, compression: pngCompression) { path, width, height in
            images.bitmap(path, width: width, height: height)
        }
        let bytes = renderer.render(found.page.frame)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(bytes).write(to: folder.appendingPathComponent(name))
        } catch {
            Terminal.error("\(out)/\(name): cannot write the file (\(FolioCore.describe(error)))")
            throw ExitCode(73)
        }
        report(found, file: name)
    }

    /// The page's manifest with --json, else a line naming the file and the fragment.
    private func report(_ found: Found, file name: String) {
        Terminal.write(json ? describe(found, file: name).serialized() + "\n"
                            : "\(out)/\(name): page \(found.number), \(found.clip.text) (part \(found.position.part) of \(found.position.partCount))\n")
    }

    /// Finds the clip at `time`, the page holding its fragment, and highlights it.
    func find(_ paged: PagedBook) throws -> Found {
        let layout = paged.layout
        let timeline = Timeline.buildProbingAudio(publication: paged.publication, diagnostics: paged.publication.diagnostics)
        guard let position = timeline.position(at: time) else {
            Terminal.error(timeline.isEmpty ? "\(book) has no media overlays"
                           : "no clip at \(OverlayText.clock(time)): the narration lasts \(OverlayText.clock(timeline.duration))")
            throw ExitCode(1)
        }
        let clip = timeline.clips[position.clipIndex]
        guard let spineIndex = layout.spineIndex(ofPath: clip.text.path), layout.readingOrder.contains(spineIndex) else {
            Terminal.error("\(clip.text) is not a document of the reading order")
            throw ExitCode(1)
        }
        let chapter = layout.chapter(spineIndex)
        let range = clip.text.fragment.flatMap { layout.textRange(ofElementID: $0, inSpineItem: spineIndex) }
        let pageIndex: Int? = if let range { chapter.pageIndex(of: range.lowerBound) } else { chapter.pages.isEmpty ? nil : 0 }
        guard let pageIndex else {
            Terminal.error("\(clip.text) has no page")
            throw ExitCode(1)
        }
        var page = chapter.pages[pageIndex]
        let number = layout.readingOrder.prefix { $0 != spineIndex }.reduce(0) { $0 + layout.chapter($1).pages.count } + pageIndex + 1
        var found = Found(number: number, page: page, clip: clip, position: position, rects: [], fill: nil, usesBookStyle: false)
        guard let range, let fragment = clip.text.fragment else { return found }  // a whole document: its first page, as is

        let metadata = paged.publication.metadata.mediaOverlays
        let style = layout.classHighlight(elementID: fragment, activeClass: metadata.activeClass,
                                          playbackActiveClass: metadata.playbackActiveClass, inSpineItem: spineIndex)
        let offsets = layout.chapter(spineIndex).textOffsets
        // The book styles the fragment when the class gives it a background or recolours its text.
        let recoloursFragment = style?.textColors.keys.contains { node in
            offsets.map { range.contains($0.offset(node: node, offsetInNode: 0)) } ?? false
        } ?? false
        found.usesBookStyle = style?.background != nil || recoloursFragment
        found.rects = layout.highlightRects(range, on: page)
        found.fill = style?.background ?? (found.usesBookStyle ? nil : ClassHighlight.defaultFill(on: page.frame.background))
        page.frame = page.frame.recoloringText(style?.textColors ?? [:])
        if let fill = found.fill { page.frame = page.frame.highlighting(found.rects, color: fill) }
        found.page = page
        return found
    }

    private func describe(_ found: Found, file: String?) -> JSONValue {
        .object([
            ("time", .number(time)),
            ("page", .number(Double(found.number))),
            ("file", .string(file)),
            ("href", .string(found.page.href)),
            ("text", .string(found.clip.text.description)),
            ("part", .number(Double(found.position.part))),
            ("partCount", .number(Double(found.position.partCount))),
            ("bookStyle", .bool(found.usesBookStyle)),
            ("fill", .string(found.fill.map(Self.hex))),
            ("rects", .array(found.rects.map { r in
                .array([r.x, r.y, r.width, r.height].map { .number(($0 * 100).rounded() / 100) })
            })),
        ])
    }

    static func hex(_ c: RGBA) -> String {
        "#" + [c.red, c.green, c.blue].map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }
}
