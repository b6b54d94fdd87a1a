import FolioStyle
import FolioText

/// The inline content of a block container gathered so far, waiting to be set in lines.
struct PendingParagraph {
    /// Where the lines go: the block container and its content box's inline start and size.
    let container: InlineContainer
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
    /// Where the content of relatively positioned inline elements is drawn moved (nil while
    /// there is none, as in most paragraphs).
    var shifts: RelativeShifts?

    init(block: StyledNode, x: Double, width: Double) {
        container = InlineContainer(block: block, x: x, width: width)
    }

    /// The block container: its style aligns and indents the lines.
    var block: StyledNode { container.block }
    var x: Double { container.x }
    var width: Double { container.width }

    mutating func reset() {
        items.removeAll(keepingCapacity: true)
        links.removeAll()
        atomics.removeAll()
        floats.removeAll()
        shifts = nil
        hasContent = false
    }

    /// Draws the text of XML text node `node` moved by `shift`.
    mutating func shiftText(_ node: Int, by shift: RelativeOffset) {
        if shifts == nil { shifts = RelativeShifts() }
        shifts?.text[node] = shift
    }

    /// Draws the atomic inlines added from id `first` on moved by `shift`, those that an
    /// element inside did not move by its own already.
    mutating func shiftAtomics(from first: Int, by shift: RelativeOffset?) {
        guard let shift, first < atomics.count else { return }
        if shifts == nil { shifts = RelativeShifts() }
        for id in first..<atomics.count where shifts?.atomics[id] == nil { shifts?.atomics[id] = shift }
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
        if let theirs = other.shifts {
            if shifts == nil { shifts = RelativeShifts() }
            shifts?.text.merge(theirs.text) { mine, _ in mine }
            for (id, offset) in theirs.atomics { shifts?.atomics[id + shift] = offset }
        }
        floats += other.floats
        hasContent = hasContent || other.hasContent
    }

    /// Text that is not the document's and links to `href` (a media element's play control):
    /// its runs carry a node number of their own below -1, so that no locator reads them as the
    /// document's text and the link finds them (`links`).
    mutating func addLinkedText(_ text: String, style: SharedStyle, href: String) {
        let node = -2 - links.keys.filter { $0 < -1 }.count
        links[node] = href
        addText(text, style: style, node: node)
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

/// The offsets the text and atomic inlines of relatively positioned inline elements are drawn
/// moved by: by the XML text node, and by the atomic inline's id.
struct RelativeShifts {
    var text: [Int: RelativeOffset] = [:]
    var atomics: [Int: RelativeOffset] = [:]
}

/// What an atomic inline of a paragraph draws.
/// The block container a paragraph's lines are set in: its style aligns and indents them, and
/// its content box starts at `x` along the inline axis and is `width` wide.
struct InlineContainer {
    let block: StyledNode
    let x: Double
    let width: Double
}

enum AtomicContent {
    case image(ImageItem)
    /// A ruby: its base with the annotation centred above it.
    case ruby(Ruby)
    /// An inline-block: a box laid out apart, its items from its top-left corner.
    case block(items: [FrameItem], text: String)

    /// Its text in page text (an image has none; the placeholder of one that cannot be drawn
    /// has its label).
    var text: String {
        switch self {
        case .image(let image): image.path == nil ? image.alt : ""
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
    var lines: TextDecorationLine = []
    var style: TextDecorationStyle = .solid
    var color: CSSColor = .currentColor
    /// The `vertical-align` of the nearest inline ancestor that is not on the baseline: text
    /// of an element inside it (`<sup><a>48</a></sup>`) stands on that ancestor's raised or
    /// lowered baseline, not the line's. Nil when every inline ancestor is on the baseline.
    var verticalAlign: VerticalAlign?
    /// In cells: the raised or lowered text inside is written in superscript or subscript
    /// characters (`CellScript`).
    var cellScript: CellScript?
    /// The relative offset of the inline ancestors that are relatively positioned, added up
    /// (`RelativeOffset`): their text is drawn moved by it. A block starts without one.
    var shift: RelativeOffset?

    /// What an element with `style` passes to its content, inside `outer`; nil when nothing (no
    /// decoration lines, no shifted baseline, no relative offset). A block's content starts on its own lines'
    /// baseline (a table cell's `vertical-align` places the cell, not its text). `raised`
    /// counts an inline element as `vertical-align: super` when it is on the baseline (a note
    /// reference in cells).
    init?(_ style: borrowing ComputedStyle, inside outer: PropagatedDecoration?, block: Bool = false, raised: Bool = false,
          shift ownShift: RelativeOffset? = nil) {
        let baseline = style.box.verticalAlign == .keyword(.baseline)
        verticalAlign = block ? nil : baseline ? (raised ? .keyword(.super) : outer?.verticalAlign) : style.box.verticalAlign
        cellScript = outer?.cellScript
        shift = block ? nil : RelativeOffset.sum(outer?.shift, ownShift)
        let own = style.box.textDecorationLine
        if own.isEmpty {
            guard outer != nil || verticalAlign != nil || shift != nil else { return nil }
            if let outer { (lines, self.style, color) = (outer.lines, outer.style, outer.color) }
        } else {
            lines = own.union(outer?.lines ?? [])
            self.style = style.box.textDecorationStyle
            color = .rgba(style.resolve(style.box.textDecorationColor))
        }
    }
}

/// Raised and lowered text in cells, which have no baseline to move: superscript or subscript
/// characters where Unicode has one for every character of the element ("cold.⁴⁸", "H₂O"),
/// else the element's text between brackets ("5[th]"), so that a note reference never reads
/// as part of its word, with or without colour.
enum CellScript: Hashable {
    case superscript, `subscript`

    init?(_ verticalAlign: VerticalAlign?) {
        switch verticalAlign {
        case .keyword(.super)?: self = .superscript
        case .keyword(.sub)?: self = .subscript
        case .length(let shift)?:
            // Against a default line (20 px: 16 px text) a shift of 3 px or more is a raised or
            // lowered script; less is a nudge that cells cannot show.
            let amount = shift.resolve(against: 20)
            guard abs(amount) >= 3 else { return nil }
            self = amount > 0 ? .superscript : .subscript
        default: return nil
        }
    }

    /// The character for `scalar` in this position; nil when Unicode has none. Spaces stay.
    func form(of scalar: Unicode.Scalar) -> Unicode.Scalar? {
        let v = scalar.value
        let value: UInt32?
        switch (self, v) {
        case (_, 0x20): value = v
        case (.superscript, 0x30): value = 0x2070
        case (.superscript, 0x31): value = 0xB9
        case (.superscript, 0x32): value = 0xB2
        case (.superscript, 0x33): value = 0xB3
        case (.superscript, 0x34...0x39): value = 0x2074 + v - 0x34
        case (.superscript, 0x2B): value = 0x207A
        case (.superscript, 0x2D), (.superscript, 0x2212): value = 0x207B
        case (.superscript, 0x3D): value = 0x207C
        case (.superscript, 0x28): value = 0x207D
        case (.superscript, 0x29): value = 0x207E
        case (.subscript, 0x30...0x39): value = 0x2080 + v - 0x30
        case (.subscript, 0x2B): value = 0x208A
        case (.subscript, 0x2D), (.subscript, 0x2212): value = 0x208B
        case (.subscript, 0x3D): value = 0x208C
        case (.subscript, 0x28): value = 0x208D
        case (.subscript, 0x29): value = 0x208E
        default: value = nil
        }
        return value.flatMap(Unicode.Scalar.init)
    }

    /// Whether every character of `text` has its form (and some is not a space).
    func hasForms(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0 != " " } && text.unicodeScalars.allSatisfy { form(of: $0) != nil }
    }

    /// `text` in this position's characters, one for one (offsets into the source stay right).
    func forms(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { result.append(form(of: scalar) ?? scalar) }
        return String(result)
    }
}
