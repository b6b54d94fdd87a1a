import FolioLayout

/// One rendered page of a snapshot: where it is in the book, what it says and what its PNG hashes to.
///
/// Pages are matched between two snapshots by `href` and `text`, never by `number` alone, so
/// that a paragraph added early does not make every later page look changed.
public struct SnapshotPage: Sendable, Hashable {
    /// The book page number, 1-based, in reading order.
    public var number: Int
    /// The PNG file's name in the profile folder (`page-0001.png`).
    public var file: String
    /// The spine item: its index in the spine and its container path.
    public var spineIndex: Int
    public var href: String
    /// The locator range: character offsets in the spine item's text (`end` exclusive).
    public var start: Int
    public var end: Int
    /// The table-of-contents entry the page falls under, when the book has one.
    public var title: String?
    /// The title of the first table-of-contents entry into the page's spine item: what the
    /// diff's summary calls the chapter.
    public var chapterTitle: String?
    /// The page's text in reading order, a paragraph per line (see `Page.text`).
    public var text: String
    /// The SHA-256 of the PNG file, in lowercase hex; empty for a page laid out but not drawn.
    public var sha256: String
    /// The PNG's size in device pixels.
    public var width: Int
    public var height: Int
    /// The book images drawn on the page, in device pixels.
    public var images: [PageImage]
    /// What the page shows going wrong and the warnings laid on it (`PageWarnings`): kept in
    /// the manifest for people and tools, never compared by a diff.
    public var warnings: [PageProblem] = []
    /// Where the page draws text a triage file's selector masks hide (`Triage.Mask.selector`),
    /// in device pixels: a diff does not compare the pixels in these boxes, on either side.
    /// The page's `text` leaves that text out.
    public var masked: [PixelBox] = []

    public init(number: Int, file: String, spineIndex: Int, href: String, start: Int, end: Int, title: String?,
                chapterTitle: String? = nil, text: String, sha256: String, width: Int, height: Int, images: [PageImage] = []) {
        self.number = number
        self.file = file
        self.spineIndex = spineIndex
        self.href = href
        self.start = start
        self.end = end
        self.title = title
        self.chapterTitle = chapterTitle
        self.text = text
        self.sha256 = sha256
        self.width = width
        self.height = height
        self.images = images
    }

    /// The file name of page `number`.
    public static func fileName(_ number: Int) -> String {
        let digits = String(number)
        return "page-" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ".png"
    }
}

/// A book image placed on a page, so a change can be told to be the image's.
public struct PageImage: Sendable, Hashable {
    /// The image's container path; nil for an image missing from the book (its alt text is drawn).
    public var path: String?
    public var box: PixelBox

    public init(path: String?, box: PixelBox) {
        self.path = path
        self.box = box
    }
}

/// A rectangle in device pixels.
public struct PixelBox: Sendable, Hashable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The device pixels a rectangle of CSS px covers at `dpr`, grown by `margin` pixels on
    /// every side.
    public init(covering rect: Rect, dpr: Double, margin: Int = 0) {
        let x = Int((rect.x * dpr).rounded(.down)) - margin, y = Int((rect.y * dpr).rounded(.down)) - margin
        self.init(x: x, y: y, width: Int((rect.maxX * dpr).rounded(.up)) + margin - x,
                  height: Int((rect.maxY * dpr).rounded(.up)) + margin - y)
    }

    public func intersects(_ other: PixelBox) -> Bool {
        x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
    }
}
