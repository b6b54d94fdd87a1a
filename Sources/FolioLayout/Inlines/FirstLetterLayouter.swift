import FolioStyle
import FolioText

/// `::first-letter` and `::first-line`: styles for the start of a block's first formatted line.
///
/// The first letter (with the punctuation around it) is split off its text item and set in the
/// pseudo-element's style; a floated first letter is a drop cap, a float box the first lines
/// wrap around. The first line's content is restyled once the paragraph has been set, and the
/// paragraph set again (twice at most: a restyled first line that ends earlier is restyled up
/// to its new end).
/// https://www.w3.org/TR/css-pseudo-4/#first-letter-pseudo · https://www.w3.org/TR/css-pseudo-4/#first-line-pseudo
struct FirstLetterLayouter {
    let chapter: ChapterLayout

    /// A drop cap: the first letter laid out as a float box at the paragraph's start.
    struct DropCap {
        var line: LineBox
        var text: String
        var start: Int?
        var end: Int?
        var side: FloatMode
        /// The float box, margins included, from the paragraph's left edge and first line's top.
        var width: Double
        var height: Double
        /// Where the letter's line box starts inside the float box.
        var contentOrigin: Point
    }

    /// Splits the first letter off the paragraph's items when the block has a `::first-letter`
    /// style and this is its first paragraph. Returns the items with the letter in its style,
    /// or the items without it and the drop cap when the letter floats.
    func applyFirstLetter(_ items: [InlineItem], paragraph: PendingParagraph) -> (items: [InlineItem], dropCap: DropCap?) {
        guard let pseudo = paragraph.block.firstLetter, paragraph.linesSet == 0 else { return (items, nil) }
        for (index, item) in items.enumerated() {
            switch item {
            case .atomic, .forcedBreak:
                return (items, nil)
            case .text(let text, let shared, let source):
                guard let letters = FirstLetterLayouter.firstLetter(in: text) else {
                    // Only white space or punctuation here: the letter may come in the next item.
                    if text.unicodeScalars.allSatisfy({ $0.properties.isWhitespace }) { continue }
                    return (items, nil)
                }
                let total = text.unicodeScalars.count
                let style = letterStyle(pseudo.style, over: shared.style)
                var out = Array(items[..<index])
                if letters.lowerBound > 0 { out.append(FirstLetterLayouter.textItem(text, 0..<letters.lowerBound, style: shared, source: source)) }
                // Floated, the letter is a drop cap beside the lines; else it stays in the first line.
                let cap = style.box.float != .none && !chapter.usesCells
                    ? dropCap(FirstLetterLayouter.textItem(text, letters, style: shared, source: source), style: style, width: paragraph.width) : nil
                if cap == nil {
                    var inline = style
                    inline.box.float = .none
                    out.append(FirstLetterLayouter.textItem(text, letters, style: chapter.interner.intern(inline), source: source))
                }
                if letters.upperBound < total {
                    out.append(FirstLetterLayouter.textItem(text, letters.upperBound..<total, style: shared, source: source))
                }
                out += items[(index + 1)...]
                return (out, cap)
            }
        }
        return (items, nil)
    }

    /// The scalar range of the first letter of `text`: leading white space skipped, then the
    /// punctuation before it, one letter, number or symbol (a whole grapheme cluster), and the
    /// punctuation right after it. Nil when the text has no such letter before other content.
    static func firstLetter(in text: String) -> Range<Int>? {
        var offset = 0, start: Int?
        var foundLetter = false, end = 0
        for character in text {
            let count = character.unicodeScalars.count
            defer { offset += count }
            let category = character.unicodeScalars.first!.properties.generalCategory
            let isPunctuation = [.openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation, .otherPunctuation,
                                 .dashPunctuation, .connectorPunctuation].contains(category)
            if !foundLetter {
                if start == nil && character.isWhitespace { continue }
                if isPunctuation {
                    start = start ?? offset
                    continue
                }
                guard character.isLetter || character.isNumber || character.isSymbol else { return nil }
                start = start ?? offset
                foundLetter = true
                end = offset + count
            } else {
                guard isPunctuation, category != .dashPunctuation, category != .openPunctuation else { break }
                end = offset + count
            }
        }
        guard foundLetter, let start else { return nil }
        return start..<end
    }

    /// The pseudo-element's style for text inside an element of `inner` style: what the rule
    /// set (the pseudo's differences from the block) put over the element's own style.
    func letterStyle(_ pseudo: ComputedStyle, over inner: ComputedStyle) -> ComputedStyle {
        var out = pseudo
        // Text in an inline element keeps what that element adds (italics, weight) where the
        // pseudo-element leaves the block's value.
        if inner.font.style != .normal && pseudo.font.style == .normal { out.font.style = inner.font.style }
        if inner.font.weight > pseudo.font.weight { out.font.weight = inner.font.weight }
        return out
    }

    /// The floated first letter set on a line of its own, in a box with the pseudo-element's
    /// margins, borders and padding.
    private func dropCap(_ item: InlineItem, style: ComputedStyle, width: Double) -> DropCap? {
        guard case .text(let letter, _, let source) = item else { return nil }
        var lineStyle = style
        lineStyle.box.float = .none
        let shared = chapter.interner.intern(lineStyle)
        let input = ParagraphInput(items: [.text(letter, style: shared, source: source)], blockStyle: lineStyle, language: nil)
        guard let line = ParagraphLayouter.layout(input, width: width, context: chapter.context.inline).lines.first else { return nil }
        let metrics = BoxMetrics(style, available: width)
        let left = metrics.margin.left + metrics.border.left + metrics.padding.left
        let top = metrics.margin.top + metrics.border.top + metrics.padding.top
        let boxWidth = left + line.x + line.width + metrics.padding.right + metrics.border.right + metrics.margin.right
        let boxHeight = top + line.height + metrics.padding.bottom + metrics.border.bottom + metrics.margin.bottom
        guard boxWidth < width * 0.6 else { return nil }
        let a = source.node >= 0 ? chapter.offsets.offset(node: source.node, offsetInNode: source.offset) : nil
        let b = source.node >= 0 ? chapter.offsets.offset(node: source.node, offsetInNode: source.offset + letter.unicodeScalars.count) : nil
        return DropCap(line: line, text: line.runs.map(\.text).joined(), start: a, end: b, side: style.box.float,
                       width: boxWidth, height: boxHeight, contentOrigin: Point(x: left, y: top))
    }

    /// Places a drop cap as a float at `top` of a paragraph in (`x`, `width`): a unit the
    /// first line may not be separated from, its runs, and the float area the lines avoid.
    func placeDropCap(_ cap: DropCap, top: Double, x: Double, width: Double) {
        let left = cap.side == .right ? x + width - cap.width : x
        let unit = chapter.column.addUnit(top: top, bottom: top + cap.height, start: cap.start, end: cap.end, text: cap.text)
        for run in cap.line.runs {
            chapter.column.place(.text(origin: Point(x: left + cap.contentOrigin.x, y: top + cap.contentOrigin.y), run: run), first: unit, last: unit)
        }
        chapter.column.cursor.pendingKeep = max(chapter.column.cursor.pendingKeep, .avoid)
        chapter.column.exclusions.add(FloatArea(side: cap.side, left: left, right: left + cap.width, top: top, bottom: top + cap.height))
    }

    /// The paragraph with the first line's content (up to paragraph-text offset `end`) in the
    /// `::first-line` style.
    func applyFirstLine(_ input: ParagraphInput, end: Int, pseudo: ComputedStyle, block: ComputedStyle) -> ParagraphInput {
        var out = input
        let split = input.itemPosition(ofParagraphOffset: end) ?? (item: input.items.count, offset: 0)
        var items: [InlineItem] = []
        func restyled(_ text: String, _ shared: SharedStyle, _ source: TextSource) {
            let style = chapter.interner.intern(FirstLetterLayouter.firstLineStyle(pseudo, over: shared.style, block: block))
            if let pieces = chapter.smallCaps.pieces(text, style: style) {
                for piece in pieces {
                    items.append(.text(piece.text, style: piece.style, source: TextSource(node: source.node, offset: source.offset + piece.offset)))
                }
            } else {
                items.append(.text(text, style: style, source: source))
            }
        }
        for (index, item) in input.items.enumerated() {
            guard index <= split.item, case .text(let text, let shared, let source) = item else {
                items.append(item)
                continue
            }
            guard index == split.item else {
                restyled(text, shared, source)
                continue
            }
            let total = text.unicodeScalars.count
            let cut = min(split.offset, total)
            if cut > 0 { restyled(FirstLetterLayouter.slice(text, 0..<cut), shared, source) }
            if cut < total { items.append(FirstLetterLayouter.textItem(text, cut..<total, style: shared, source: source)) }
        }
        out.items = items
        return out
    }

    /// An item's style on the first line: the properties `::first-line` may set (font, colour,
    /// text transform, spacing, decoration) wherever the pseudo-element's differ from the block's.
    static func firstLineStyle(_ pseudo: ComputedStyle, over style: ComputedStyle, block: ComputedStyle) -> ComputedStyle {
        var out = style
        if pseudo.font.family != block.font.family { out.font.family = pseudo.font.family }
        if pseudo.font.size != block.font.size { out.font.size = pseudo.font.size * style.font.size / max(1, block.font.size) }
        if pseudo.font.weight != block.font.weight { out.font.weight = pseudo.font.weight }
        if pseudo.font.style != block.font.style { out.font.style = pseudo.font.style }
        if pseudo.font.variantCaps != block.font.variantCaps { out.font.variantCaps = pseudo.font.variantCaps }
        if pseudo.font.featureSettings != block.font.featureSettings { out.font.featureSettings = pseudo.font.featureSettings }
        if pseudo.text.color != block.text.color { out.text.color = pseudo.text.color }
        if pseudo.text.transform != block.text.transform { out.text.transform = pseudo.text.transform }
        if pseudo.text.letterSpacing != block.text.letterSpacing { out.text.letterSpacing = pseudo.text.letterSpacing }
        if pseudo.text.wordSpacing != block.text.wordSpacing { out.text.wordSpacing = pseudo.text.wordSpacing }
        if pseudo.box.textDecorationLine != block.box.textDecorationLine {
            out.box.textDecorationLine.formUnion(pseudo.box.textDecorationLine)
            out.box.textDecorationStyle = pseudo.box.textDecorationStyle
            out.box.textDecorationColor = pseudo.box.textDecorationColor
        }
        return out
    }

    /// The paragraph's first `count` scalars (paragraph-text offsets), and whether anything was cut.
    static func prefix(_ input: ParagraphInput, scalars count: Int) -> (ParagraphInput, truncated: Bool) {
        guard let split = input.itemPosition(ofParagraphOffset: count) else { return (input, false) }
        var out = input
        out.items = Array(input.items[..<split.item])
        if case .text(let text, let style, let source) = input.items[split.item], split.offset > 0 {
            out.items.append(textItem(text, 0..<min(split.offset, text.unicodeScalars.count), style: style, source: source))
        }
        return (out, true)
    }

    /// The text item for the scalars `range` of an item's text, its source offset moved to match.
    static func textItem(_ text: String, _ range: Range<Int>, style: SharedStyle, source: TextSource) -> InlineItem {
        .text(slice(text, range), style: style, source: TextSource(node: source.node, offset: source.offset + range.lowerBound))
    }

    /// The scalars `range` of `text`, copied as its UTF-8 bytes rather than scalar by scalar.
    static func slice(_ text: String, _ range: Range<Int>) -> String {
        let scalars = text.unicodeScalars
        let lower = scalars.index(scalars.startIndex, offsetBy: range.lowerBound)
        let upper = scalars.index(lower, offsetBy: range.count)
        return String(Substring(scalars[lower..<upper]))
    }
}
