import FolioPublication
import FolioStyle
import FolioText
import FolioXML

/// Lays out inline content: gathers a paragraph's items through inline elements (text,
/// atomic inlines, ruby, markers), sets it in lines with the paragraph setter, and stacks the
/// lines in the column.
/// https://www.w3.org/TR/css-inline-3/#inline-formatting
struct InlineLayouter {
    let chapter: ChapterLayout

    /// Adds a node inside a block container: inline content goes into `paragraph`; a
    /// block-level node ends the paragraph so far and stacks below it.
    func addContent(_ node: StyledNode, to paragraph: inout PendingParagraph, decoration: PropagatedDecoration?, link: String?) {
        let style = node.computed
        switch node.kind {
        case .text:
            guard let text = node.text else { return }
            let shared = decorated(node.style, decoration)
            let xml = node.source.map { Int($0.index) } ?? -1
            if let link, xml >= 0 { paragraph.links[xml] = link }
            if let shift = decoration?.shift, xml >= 0 { paragraph.shiftText(xml, by: shift) }
            if let script = decoration?.cellScript {
                paragraph.addText(script.forms(text), style: shared, node: xml)
                return
            }
            if let pieces = chapter.smallCaps.pieces(text, style: shared) {
                for piece in pieces { paragraph.addText(piece.text, style: piece.style, node: xml, offset: piece.offset) }
            } else {
                paragraph.addText(text, style: shared, node: xml)
            }
        case .pseudo(.marker):
            chapter.markers.addMarker(node, to: &paragraph)
        case .pseudo:
            guard style.box.display != .none else { return }
            if chapter.blocks.isBlockLevel(node) {
                flushParagraph(&paragraph)
                let node = chapter.snappedToCells(node, basis: paragraph.width)
                let metrics = BoxMetrics(node.computed, available: paragraph.width)
                chapter.blocks.layoutBox(node, x: paragraph.x, metrics: metrics) { x, width in
                    var inner = PendingParagraph(block: node, x: x, width: width)
                    if let text = node.text { inner.addText(text, style: node.style, node: -1) }
                    flushParagraph(&inner)
                }
            } else if style.box.display == .inlineBlock && !chapter.column.constraints.isInCell && !chapter.usesCells, let text = node.text, !text.isEmpty {
                // A generated box of its own width (line numbers set in the margin before code
                // lines, by a relative offset). One with no text shows a background image, which
                // is not drawn; in cells, where the offsets it comes with do not apply, it is text.
                let atomicsBefore = paragraph.atomics.count
                addInlineBlock(node, to: &paragraph)
                paragraph.shiftAtomics(from: atomicsBefore, by: RelativeOffset.sum(decoration?.shift, chapter.positioned.relativeOffset(node, containingWidth: paragraph.width)))
            } else if let text = node.text {
                paragraph.addText(text, style: decorated(node.style, decoration), node: -1)
            }
        case .element:
            addElement(node, to: &paragraph, decoration: decoration, link: link)
        }
    }

    private func addElement(_ node: StyledNode, to paragraph: inout PendingParagraph, decoration: PropagatedDecoration?, link: String?) {
        let style = node.computed
        guard style.box.display != .none else { return }
        // A relatively positioned element's atomic inlines (and those of its descendants, unless
        // one of them moves its own by more) are drawn moved with its text.
        let ownShift = chapter.positioned.relativeOffset(node, containingWidth: paragraph.width)
        let atomicsBefore = paragraph.atomics.count
        defer { paragraph.shiftAtomics(from: atomicsBefore, by: RelativeOffset.sum(decoration?.shift, ownShift)) }
        if let media = chapter.replaced.playableMedia(node) {
            if let poster = media.poster, let size = chapter.context.imageSize(poster) {
                let id = paragraph.atomics.count
                let fitted = (width: min(size.width, paragraph.width), height: size.height * min(1, paragraph.width / max(size.width, 1)))
                paragraph.atomics.append(.image(ImageItem(rect: Rect(x: 0, y: 0, width: fitted.width, height: fitted.height), path: poster, alt: media.label)))
                paragraph.items.append(.atomic(width: fitted.width, height: fitted.height, baseline: fitted.height, style: node.style, id: id))
                paragraph.items.append(.forcedBreak)
            }
            paragraph.addLinkedText(media.label, style: decorated(node.style, decoration), href: media.path)
            return
        }
        if let placeholder = chapter.replaced.mediaPlaceholder(node) {
            paragraph.addText(placeholder, style: decorated(node.style, decoration), node: -1)
            return
        }
        if chapter.blocks.isBlockLevel(node) {
            // A float among a line's words goes beside that line (line numbers, marginal notes).
            if style.box.float != .none && paragraph.hasContent && !chapter.column.constraints.isInCell {
                paragraph.floats.append(node)
                return
            }
            flushParagraph(&paragraph)
            chapter.blocks.layoutBlock(node, x: paragraph.x, width: paragraph.width)
            return
        }
        if let id = node.source?.attribute("id"), chapter.column.anchors[id] == nil { chapter.column.anchors[id] = chapter.column.units.count }
        if chapter.document.hasMathText(node), let formula = chapter.math.formula(node, width: paragraph.width) {
            chapter.math.add(formula, of: node, to: &paragraph)
            return
        }
        if ReplacedLayouter.isReplaced(node) {
            chapter.replaced.addInlineImage(node, to: &paragraph)
            return
        }
        if node.source?.localName == "br" {
            paragraph.items.append(.forcedBreak)
            paragraph.hasContent = true
            return
        }
        if style.box.display == .inlineBlock && !chapter.column.constraints.isInCell {
            addInlineBlock(node, to: &paragraph)
            return
        }
        if style.box.display == .ruby {
            chapter.rubies.addRuby(node, to: &paragraph, decoration: decoration)
            return
        }
        var link = link
        if node.source?.localName == "a", let href = node.source?.attribute("href"), let target = resolveLink(href) { link = target }
        var inner = PropagatedDecoration(style, inside: decoration, raised: chapter.setter.usesCells && isNoteReference(node), shift: ownShift)
        // In cells, the outermost raised or lowered element: its text in superscript or
        // subscript characters, else between brackets.
        var brackets = false
        if chapter.setter.usesCells, decoration?.verticalAlign == nil, let script = CellScript(inner?.verticalAlign) {
            if script.hasForms(textContent(node)) { inner?.cellScript = script } else { brackets = true }
        }
        if brackets { paragraph.addText("[", style: decorated(node.style, inner), node: -1) }
        if let fallback = chapter.math.text(node) {
            // A formula not drawn (in cells, or with no math font) shows its text.
            paragraph.addText(fallback, style: decorated(node.style, inner), node: -1)
        }
        var child = node.firstChild
        while child >= 0 {
            let n = chapter.document.nodes[Int(child)]
            addContent(n, to: &paragraph, decoration: inner, link: link)
            child = n.nextSibling
        }
        if brackets { paragraph.addText("]", style: decorated(node.style, inner), node: -1) }
    }

    /// The text of an inline element's subtree as it is laid out (generated content included).
    func textContent(_ node: StyledNode) -> String {
        var text = node.text ?? chapter.document.mathText(node) ?? ""
        var child = node.firstChild
        while child >= 0 {
            let n = chapter.document.nodes[Int(child)]
            if n.computed.box.display != .none { text += textContent(n) }
            child = n.nextSibling
        }
        return text
    }

    /// An inline-block: laid out as a box of its own at its shrink-to-fit width, then set in
    /// the line as one unbreakable piece standing on its first line's baseline.
    func addInlineBlock(_ node: StyledNode, to paragraph: inout PendingParagraph) {
        let node = chapter.blocks.withoutAutoMargins(chapter.snappedToCells(node, basis: paragraph.width))
        let fragment = chapter.blocks.shrinkWrapped(node, width: paragraph.width)
        guard !fragment.isEmpty else { return }
        // Taller than a page, it could not be shown in one line: it stacks as a block instead.
        guard fragment.height <= chapter.context.page.contentHeight else {
            flushParagraph(&paragraph)
            guard chapter.column.constraints.shrinkDepth == 0 else {
                // Inside another shrink-to-fit box, its layout stands: laying it out again at
                // every level of such nesting doubled the work per level.
                chapter.column.flushMargin()
                let top = chapter.column.blockEnd
                chapter.column.insert(fragment, dx: paragraph.x, dy: top, keep: .normal, under: chapter.column.tree.current)
                chapter.column.blockEnd = top + fragment.height
                return
            }
            let metrics = BoxMetrics(node.computed, available: paragraph.width, minimumContent: chapter.blocks.minimumContentWidth, keepsBorders: chapter.usesCells)
            chapter.blocks.layoutBox(node, x: paragraph.x, metrics: metrics) { chapter.blocks.layoutChildren(of: node, x: $0, width: $1) }
            return
        }
        let width = min(paragraph.width, BlockLayouter.extent(fragment.items))
        let items = fragment.items.map(\.item)
        let text = fragment.units.map(\.text).joined(separator: " ")
        for anchor in fragment.anchors where chapter.column.anchors[anchor.id] == nil { chapter.column.anchors[anchor.id] = chapter.column.units.count }
        let id = paragraph.atomics.count
        paragraph.atomics.append(.block(items: items, text: text))
        paragraph.items.append(.atomic(width: width, height: fragment.height, baseline: fragment.baseline ?? fragment.height,
                                       style: node.style, id: id))
        paragraph.hasContent = true
    }

    /// A link target: a container path with its fragment, or an absolute URL left as it is.
    func resolveLink(_ href: String) -> String? {
        if let known = chapter.styles.resolvedLinks[href] { return known }
        let resolved = resolveLinkAfresh(href)
        chapter.styles.resolvedLinks[href] = resolved
        return resolved
    }

    private func resolveLinkAfresh(_ href: String) -> String? {
        let trimmed = String(href.drop { $0 == " " || $0 == "\t" || $0 == "\n" })
        guard !trimmed.isEmpty else { return nil }
        if let colon = trimmed.firstIndex(of: ":"), trimmed[..<colon].allSatisfy({ $0.isLetter || $0 == "+" || $0 == "-" || $0 == "." }),
           trimmed[..<colon].count > 1 {
            return trimmed
        }
        if trimmed.hasPrefix("#") { return chapter.path + trimmed }
        return ContainerPath.resolveLink(trimmed, relativeTo: chapter.path)
    }

    /// The style of text inside decorated elements: their lines added to its own, and the
    /// shifted baseline of a raised or lowered ancestor when its own is the baseline.
    func decorated(_ shared: SharedStyle, _ decoration: PropagatedDecoration?) -> SharedStyle {
        guard let decoration else { return shared }
        let lines = !shared.style.box.textDecorationLine.isSuperset(of: decoration.lines)
        let shift = decoration.verticalAlign.flatMap { shared.style.box.verticalAlign == .keyword(.baseline) ? $0 : nil }
        guard lines || shift != nil else { return shared }
        var style = shared.style
        if lines {
            style.box.textDecorationLine.formUnion(decoration.lines)
            style.box.textDecorationStyle = decoration.style
            style.box.textDecorationColor = decoration.color
        }
        if let shift { style.box.verticalAlign = shift }
        return chapter.interner.intern(style)
    }

    /// A link the book marks as a note reference (`epub:type="noteref"`): in cells it reads as
    /// a superscript, whatever its style, so that "cold.⁴⁸" does not read "cold.48".
    func isNoteReference(_ node: StyledNode) -> Bool {
        guard let source = node.source, source.localName == "a" else { return false }
        return source.epubTypes.contains("noteref")
    }

    /// Where the first line ends with `::first-line`'s style, estimated cheaply: a prefix of the
    /// paragraph long enough for a line of the narrowest letters, styled, its first line set
    /// first-fit. Nil beside floats or in cells (the whole paragraph is set first), or when the
    /// prefix fits on one line (too short to tell).
    func firstLineGuess(_ input: ParagraphInput, pseudo: ComputedStyle, block: ComputedStyle, width: Double,
                        bands: ((Double, Double) -> LineBand)?) -> Int? {
        guard bands == nil, !chapter.setter.usesCells else { return nil }
        let size = max(1, min(pseudo.font.size, block.font.size))
        let count = Int(min(100_000, max(1, width) / (0.15 * size))) + 32
        let (prefix, truncated) = FirstLetterLayouter.prefix(input, scalars: count)
        let styled = chapter.firstLetters.applyFirstLine(prefix, end: count, pseudo: pseudo, block: block)
        let first = ParagraphLayouter.firstLineEnd(styled, width: max(1, width), context: chapter.context.inline)
        return first.isWhole && truncated ? nil : first.end
    }

    /// An `h1`–`h6` element of XHTML.
    static func isHeading(_ node: StyledNode) -> Bool {
        guard let source = node.source, source.namespaceURI == Namespace.xhtml else { return false }
        let name = source.localName
        return name.count == 2 && name.first == "h" && ("1"..."6").contains(name.last!)
    }

    /// Sets the paragraph gathered so far in lines and stacks them.
    func flushParagraph(_ paragraph: inout PendingParagraph) {
        defer { paragraph.reset() }
        let (x, width, floating) = (paragraph.x, paragraph.width, paragraph.floats)
        defer {
            for node in floating { chapter.floats.layoutFloat(node, x: x, width: width, besideLastLine: true) }
        }
        guard paragraph.hasContent else { return }
        guard let long = ParagraphPieces.split(paragraph.items) else {
            setParagraph(paragraph.items, of: &paragraph, continuing: false)
            return
        }
        chapter.warn("layout.paragraph-in-pieces", "a paragraph of \(long.characters) characters is set in \(long.pieces.count) pieces "
                     + "of about \(ParagraphPieces.limit) characters", about: paragraph.block.source)
        var carried: [InlineItem] = []
        for (k, piece) in long.pieces.enumerated() {
            carried = setParagraph(carried + piece, of: &paragraph, continuing: k > 0, last: k == long.pieces.count - 1)
        }
    }

    /// Sets `items` of the paragraph in lines and stacks them. A piece of a long paragraph
    /// `continuing` it has no indent; one that is not the `last` keeps its last line back and
    /// returns the items from that line's start, for the next piece to set again with what
    /// follows, so that the lines go on where two pieces meet.
    @discardableResult
    private func setParagraph(_ items: [InlineItem], of paragraph: inout PendingParagraph, continuing: Bool, last: Bool = true) -> [InlineItem] {
        // The block's style is read in place (`StyledNode.computed`), not copied: a copy retains its seven parts.
        let (items, dropCap) = chapter.firstLetters.applyFirstLetter(items, paragraph: paragraph)
        var input = ParagraphInput(items: items, blockStyle: paragraph.block.computed, language: language(of: paragraph.block),
                                   isHeading: Self.isHeading(paragraph.block))
        if continuing { input.blockStyle.text.indent = .zero }
        // In table cells: measured for column widths (not set), or allowed to wrap inside words.
        if chapter.column.constraints.isInCell && !chapter.cells.prepareCellParagraph(&input, paragraph: paragraph) { return [] }
        // Lines beside a float are set in the room it leaves them, line by line.
        var bands: ((Double, Double) -> LineBand)?
        let start = chapter.column.blockEnd + chapter.column.cursor.margins.value
        var top = start
        if !chapter.column.exclusions.isEmpty || dropCap != nil {
            // Too narrow beside the floats for a few words: below them instead.
            let room = chapter.floats.freeBand(from: start, x: paragraph.x, width: paragraph.width, minimum: FloatLayouter.minimumLineRoom(paragraph.width))
            top = max(start, room.top)
        }
        if let dropCap {
            chapter.column.flushMargin()
            chapter.column.blockEnd = max(chapter.column.blockEnd, top)
            chapter.firstLetters.placeDropCap(dropCap, top: top, x: paragraph.x, width: paragraph.width)
        }
        if !chapter.column.exclusions.isEmpty {
            bands = chapter.floats.lineBands(top: top, x: paragraph.x, width: paragraph.width)
        }
        // What the lines were last set from, for a piece that gives its last line to the next.
        var setInput: ParagraphInput?
        func set(_ input: ParagraphInput) -> ParagraphLayout {
            if !last { setInput = input }
            return chapter.setter.setParagraph(input, width: max(1, paragraph.width), bands: bands)
        }
        var layout: ParagraphLayout
        if let pseudo = paragraph.block.firstLine, paragraph.linesSet == 0,
           var end = firstLineGuess(input, pseudo: pseudo.style, block: paragraph.block.computed, width: paragraph.width, bands: bands) ?? set(input).lines.first?.textRange.upperBound {
            // `::first-line` styles what ends up on the first line, which its style changes:
            // set again until the first line is what is styled (a total-fit line may end
            // before the estimate, or after it where its spaces shrink).
            layout = set(chapter.firstLetters.applyFirstLine(input, end: end, pseudo: pseudo.style, block: paragraph.block.computed))
            for _ in 0..<2 {
                guard let first = layout.lines.first, first.textRange.upperBound != end else { break }
                end = first.textRange.upperBound
                let again = set(chapter.firstLetters.applyFirstLine(input, end: end, pseudo: pseudo.style, block: paragraph.block.computed))
                guard again.lines.first != nil else { break }
                layout = again
            }
        } else {
            layout = set(input)
        }
        if layout.lines.contains(where: \.overflows) {
            // Pages never overflow: a word wider than the line breaks anywhere, preformatted
            // text wraps. The first lines go before the second setting, which would otherwise
            // hold both (a paragraph of one enormous word is set twice).
            layout.lines = []
            layout = set(wrappingAnywhere(input))
        }
        var carried: [InlineItem] = []
        if let setInput, layout.lines.count > 1, let line = layout.lines.last,
           let start = layout.itemPosition(ofOffset: line.textRange.lowerBound) {
            carried = ParagraphPieces.items(setInput.items, from: start)
            layout.lines.removeLast()
        }
        guard !layout.lines.isEmpty else { return carried }
        paragraph.linesSet += layout.lines.count
        chapter.column.flushMargin()
        if top > chapter.column.blockEnd { chapter.column.blockEnd = top }
        emitLines(layout, paragraph: paragraph)
        if let last = layout.lines.last, let unit = chapter.column.units.last {
            chapter.column.exclusions.lastLine = (top: unit.top, right: paragraph.x + last.x + last.width)
        }
        return carried
    }

    func wrappingAnywhere(_ input: ParagraphInput) -> ParagraphInput {
        func loosened(_ style: ComputedStyle) -> ComputedStyle {
            var style = style
            style.text.overflowWrap = .anywhere
            switch style.text.whiteSpace {
            case .pre: style.text.whiteSpace = .preWrap
            case .nowrap: style.text.whiteSpace = .normal
            default: break
            }
            return style
        }
        var out = input
        out.blockStyle = loosened(input.blockStyle)
        out.items = input.items.map { item in
            guard case .text(let text, let shared, let source) = item else { return item }
            return .text(text, style: chapter.interner.intern(loosened(shared.style)), source: source)
        }
        return out
    }

    func language(of node: StyledNode) -> String? {
        node.source?.language ?? chapter.context.defaultLanguage
    }
}
