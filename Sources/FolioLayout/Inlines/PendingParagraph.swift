import FolioStyle
import FolioText

/// The inline content of a block container gathered so far, waiting to be set in lines.
struct PendingParagraph {
    /// The block container: its style aligns and indents the lines.
    let block: StyledNode
    var x: Double
    var width: Double
    var items: [InlineItem] = []
    /// Hrefs of links, by the XML text node inside them.
    var links: [Int: String] = [:]
    /// What each atomic inline draws, by its `InlineItem.atomic` id (ids count up from 0, so
    /// the k-th U+FFFC of the paragraph text is atomic k).
    var atomics: [AtomicContent] = []
    /// Floats met among the words, placed beside the paragraph's last line.
    var floats: [StyledNode] = []
    /// Something other than collapsible white space was added.
    var hasContent = false
    /// Lines of the block set so far (its paragraphs before a nested block): the first
    /// formatted line, for `::first-letter` and `::first-line`, is in the first paragraph.
    var linesSet = 0

    init(block: StyledNode, x: Double, width: Double) {
        self.block = block
        self.x = x
        self.width = width
    }

    mutating func reset() {
        items.removeAll(keepingCapacity: true)
        links.removeAll()
        atomics.removeAll()
        floats.removeAll()
        hasContent = false
    }

    /// Another paragraph's content after this one's: its atomic ids renumbered after these.
    mutating func append(_ other: PendingParagraph) {
        let shift = atomics.count
        for item in other.items {
            if case .atomic(let width, let height, let baseline, let style, let id) = item {
                items.append(.atomic(width: width, height: height, baseline: baseline, style: style, id: id + shift))
            } else {
                items.append(item)
            }
        }
        atomics += other.atomics
        links.merge(other.links) { mine, _ in mine }
        floats += other.floats
        hasContent = hasContent || other.hasContent
    }

    mutating func addText(_ text: String, style: SharedStyle, node: Int, offset: Int = 0) {
        guard !text.isEmpty else { return }
        items.append(.text(text, style: style, source: TextSource(node: node, offset: offset)))
        if !hasContent {
            switch style.style.text.whiteSpace {
            case .normal, .nowrap, .preLine:
                hasContent = text.unicodeScalars.contains { !($0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{C}") }
                    || (style.style.text.whiteSpace == .preLine && text.contains("\n"))
            default:
                hasContent = true
            }
        }
    }
}

/// What an atomic inline of a paragraph draws.
enum AtomicContent {
    case image(ImageItem)
    /// A ruby: its base with the annotation centred above it.
    case ruby(Ruby)
    /// An inline-block: a box laid out apart, its items from its top-left corner.
    case block(items: [FrameItem], text: String)

    /// Its text in page text (an image has none).
    var text: String {
        switch self {
        case .image: ""
        case .ruby(let ruby): ruby.text
        case .block(_, let text): text
        }
    }
}

/// A ruby laid out as one unbreakable box: annotation line on top, base line below.
/// https://www.w3.org/TR/css-ruby-1/
struct Ruby {
    var base: LineBox
    var annotation: LineBox?
    var width: Double
    /// Where each line starts, from the box's left edge and top.
    var baseOrigin: Point
    var annotationOrigin: Point
    var text: String
}

/// A text decoration an element gives the text inside it.
/// https://www.w3.org/TR/css-text-decor-3/#line-decoration
struct PropagatedDecoration: Hashable {
    var lines: TextDecorationLine
    var style: TextDecorationStyle
    var color: CSSColor

    init?(_ style: ComputedStyle, inside outer: PropagatedDecoration?) {
        let own = style.box.textDecorationLine
        guard !own.isEmpty else {
            guard let outer else { return nil }
            self = outer
            return
        }
        lines = own.union(outer?.lines ?? [])
        self.style = style.box.textDecorationStyle
        color = .rgba(style.resolve(style.box.textDecorationColor))
    }
}
