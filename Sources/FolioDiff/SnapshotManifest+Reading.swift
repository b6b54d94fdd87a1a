import FolioCore
import FolioLayout
import FoundationEssentials
import Glibc

extension SnapshotManifest {
    /// Reads a `manifest.json` that `json()` wrote.
    public init(data: Data, source: String) throws(SnapshotError) {
        let root = try JSONObject(data: data, source: source)
        var pages: [SnapshotPage] = []
        for page in try root.objects("pages") {
            var images: [PageImage] = []
            for image in (try? page.objects("images")) ?? [] {
                images.append(PageImage(path: image.optionalString("path"), box: try PixelBox(image)))
            }
            var warnings: [PageProblem] = []
            for warning in (try? page.objects("warnings")) ?? [] {
                let rect = warning.optionalObject("rect").flatMap { r -> Rect? in
                    guard let x = r.optionalDouble("x"), let y = r.optionalDouble("y"), let w = r.optionalDouble("width"),
                          let h = r.optionalDouble("height") else { return nil }
                    return Rect(x: x, y: y, width: w, height: h)
                }
                warnings.append(PageProblem(code: try warning.string("code"), severity: Severity(rawValue: try warning.string("severity")) ?? .warning,
                                            message: try warning.string("message"), rect: rect))
            }
            pages.append(SnapshotPage(
                number: try page.int("page"), file: try page.string("file"), spineIndex: try page.int("spineIndex"),
                href: try page.string("href"), start: try page.int("start"), end: try page.int("end"),
                title: page.optionalString("title"), chapterTitle: page.optionalString("chapterTitle"), text: try page.string("text"), sha256: try page.string("sha256"),
                width: page.optionalInt("width") ?? 0, height: page.optionalInt("height") ?? 0, images: images))
            pages[pages.count - 1].warnings = warnings
            pages[pages.count - 1].masked = try ((try? page.objects("masked")) ?? []).map { box throws(SnapshotError) in try PixelBox(box) }
        }
        var fonts: [FontHash] = []
        for font in (try? root.objects("fonts")) ?? [] {
            fonts.append(FontHash(path: try font.string("path"), sha256: try font.string("sha256")))
        }
        self.init(folioVersion: try root.string("folio"), book: try root.string("book"), profile: try root.string("profile"),
                  options: try root.stringMap("options"), fonts: fonts, pages: pages)
    }
}

extension PixelBox {
    /// The box as the x, y, width and height fields of a JSON object.
    var jsonFields: [(String, JSONValue)] {
        [("x", .number(Double(x))), ("y", .number(Double(y))), ("width", .number(Double(width))), ("height", .number(Double(height)))]
    }

    /// Reads the fields `jsonFields` wrote.
    init(_ object: JSONObject) throws(SnapshotError) {
        self.init(x: try object.int("x"), y: try object.int("y"), width: try object.int("width"), height: try object.int("height"))
    }
}
