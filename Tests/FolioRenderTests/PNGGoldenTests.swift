import FolioLayout
import FolioStyle
import Testing
@testable import FolioRender
@testable import FolioText

@Suite struct PNGGoldenTests {
    typealias S = RenderSupport

    /// A 240 × 160 page at 2×: a heading, a justified paragraph with an underlined run in a tinted
    /// box with a rounded border, a dashed and a double box, a decoded image and a missing one.
    static func page() throws -> Frame {
        let fonts = try S.fontContext()
        let ink = RGBA(red: 0x22, green: 0x22, blue: 0x22)
        let accent = RGBA(red: 0x8a, green: 0x2b, blue: 0x1e)
        var items: [FrameItem] = [
            .fill(Rect(x: 10, y: 40, width: 220, height: 62), RGBA(red: 0xee, green: 0xf3, blue: 0xfa)),
            .border(BorderItem(rect: Rect(x: 10, y: 40, width: 220, height: 62), widths: Edges(all: 2),
                               styles: Edges(all: .solid), colors: Edges(all: RGBA(red: 0x5a, green: 0x7d, blue: 0xb0)),
                               radii: [8, 8, 8, 8])),
        ]
        let heading = S.paragraph("Chapter One", size: 22, width: 220, fonts: fonts) {
            $0.font.weight = 700
            $0.text.color = accent
        }
        items += S.textItems(heading, at: Point(x: 10, y: 8))
        var body = S.paragraph("Call me Ishmael. Some years ago, never mind how long precisely, I thought I would sail about.",
                               size: 13, width: 204, fonts: fonts) {
            $0.text.align = .justify
            $0.text.color = ink
        }
        body.lines[0].runs = body.lines[0].runs.map { run in
            var run = run
            run.decorations = [TextDecoration(kind: .underline, offset: 1.5, thickness: 0.8, color: ink)]
            return run
        }
        items += S.textItems(body, at: Point(x: 18, y: 46))
        items += [
            .border(BorderItem(rect: Rect(x: 10, y: 110, width: 60, height: 40), widths: Edges(all: 2),
                               styles: Edges(all: .dashed), colors: Edges(all: accent))),
            .image(ImageItem(rect: Rect(x: 16, y: 116, width: 48, height: 28), path: "images/green.png", alt: "Green")),
            .border(BorderItem(rect: Rect(x: 80, y: 110, width: 150, height: 40), widths: Edges(all: 4),
                               styles: Edges(top: .double, right: .groove, bottom: .double, left: .outset),
                               colors: Edges(all: RGBA(red: 0x66, green: 0x66, blue: 0x66)))),
            .image(ImageItem(rect: Rect(x: 86, y: 116, width: 138, height: 28), path: "images/missing.png", alt: "The Pequod at sea")),
            .link(Rect(x: 10, y: 8, width: 120, height: 26), href: "ch1.xhtml"),
        ]
        return Frame(width: 240, height: 160, background: RGBA(red: 0xfb, green: 0xf8, blue: 0xf0), items: items)
    }

    @Test func aSmallPageMatchesItsReferenceImage() throws {
        let renderer = PNGRenderer(dpr: 2) { path, width, height in
            path == "images/green.png" ? S.solidBitmap(S.green, width: width, height: height) : nil
        }
        GoldenImage.check(renderer.render(try Self.page()), named: "PNGGoldenTests.aSmallPageMatchesItsReferenceImage.png")
    }
}
