import FolioPublication

/// One parsed Media Overlay document (a SMIL file): its clips in document order.
///
/// https://www.w3.org/TR/epub-33/#sec-media-overlays
public struct MediaOverlay: Sendable, Hashable {
    /// The SMIL document's container path.
    public var path: String
    /// Every well-formed `par`, in document (reading) order, nested `seq`s flattened.
    public var clips: [OverlayClip]

    public init(path: String, clips: [OverlayClip]) {
        self.path = path
        self.clips = clips
    }
}

/// A text target: a content document's container path and an optional fragment id.
public struct TextTarget: Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var fragment: String?
    /// A stretch of the document's text by chapter offsets (`Locator.offset`), for text that has
    /// no element of its own: a sentence read aloud.
    public var range: Range<Int>?

    public init(path: String, fragment: String? = nil, range: Range<Int>? = nil) {
        self.path = path
        self.fragment = fragment
        self.range = range
    }

    /// `chapter_001.xhtml#c01h01`, `chapter_001.xhtml@120-180` for a range, or the bare path.
    public var description: String {
        if let range { return "\(path)@\(range.lowerBound)-\(range.upperBound)" }
        return fragment.map { "\(path)#\($0)" } ?? path
    }
}

/// One `par`: a piece of text and the clip of audio that speaks it.
///
/// https://www.w3.org/TR/epub-33/#sec-smil-par-elem
public struct OverlayClip: Sendable, Hashable {
    /// The `par`'s `id`, if any.
    public var id: String?
    public var text: TextTarget
    /// Container path of the audio file; nil when the `par` has no `audio` (text-to-speech).
    public var audio: String?
    /// Offset into the audio file, seconds; 0 when `clipBegin` is missing.
    public var clipBegin: Double
    /// Offset into the audio file, seconds; nil when `clipEnd` is missing, meaning the end of the file
    /// (Folio does not decode audio to learn its length; `Timeline` resolves it where it can).
    public var clipEnd: Double?
    /// `epub:type` values of the `par` and of every enclosing `seq`, outermost first.
    public var types: [String]
    /// True when the `par` or an enclosing `seq` is a structure a listener may ask to skip
    /// (page breaks, notes, sidebars …). https://www.w3.org/TR/epub-33/#sec-skippability
    public var isSkippable: Bool
    /// The ordinal (within its document) of the outermost enclosing escapable `seq` (tables, lists,
    /// figures, asides …), so a player can jump past every clip sharing it; nil when not in one.
    /// https://www.w3.org/TR/epub-33/#sec-escapability
    public var escapableGroup: Int?
    /// Where the `par` is (`OPS/chapter_001_overlay.smil:12`), for warnings.
    public var location: String?

    public init(id: String? = nil, text: TextTarget, audio: String?, clipBegin: Double = 0, clipEnd: Double?,
                types: [String] = [], isSkippable: Bool = false, escapableGroup: Int? = nil, location: String? = nil) {
        self.id = id
        self.text = text
        self.audio = audio
        self.clipBegin = clipBegin
        self.clipEnd = clipEnd
        self.types = types
        self.isSkippable = isSkippable
        self.escapableGroup = escapableGroup
        self.location = location
    }

    /// Whether the clip is inside an escapable structure.
    public var isEscapable: Bool { escapableGroup != nil }
}

/// The `epub:type` values the Media Overlays spec names as skippable and escapable.
public enum OverlayStructures {
    /// https://www.w3.org/TR/epub-33/#sec-skippability
    public static let skippable: Set<String> = [
        "pagebreak", "page-break", "note", "footnote", "endnote", "rearnote", "sidebar", "annotation",
        "marginalia", "practice", "help",
    ]
    /// https://www.w3.org/TR/epub-33/#sec-escapability
    public static let escapable: Set<String> = [
        "table", "table-row", "table-cell", "list", "list-item", "figure", "aside",
    ]
}
