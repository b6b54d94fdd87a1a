import FolioCore
import FolioPublication
import FolioStyle
import FolioText
import FolioXML

/// Replaced elements: `<img>` and `<svg>` (drawn as the image it wraps, the usual cover page).
/// Sizes follow CSS 2.1 §10.3.2/§10.6.2 and are then scaled down, aspect kept, to fit the page.
struct ReplacedLayouter {
    let chapter: ChapterLayout

    /// The image an element stands for, when it is a replaced element.
    struct ImageSource {
        var path: String?
        var alt: String
        var intrinsic: (width: Double, height: Double)?
    }

    static func isReplaced(_ node: StyledNode) -> Bool {
        guard node.kind == .element, let source = node.source else { return false }
        switch (source.localName, source.namespaceURI) {
        case ("img", Namespace.xhtml?), ("img", nil), ("svg", Namespace.svg?), ("image", Namespace.svg?): return true
        default: return false
        }
    }

    func imageSource(_ node: StyledNode) -> ImageSource {
        guard let element = node.source else { return ImageSource(path: nil, alt: "", intrinsic: nil) }
        var href: String?
        var alt = element.attribute("alt") ?? ""
        var declared: (width: Double, height: Double)?
        switch element.localName {
        case "img":
            href = element.attribute("src")
        case "image":
            href = SVGImage.link(element)
            declared = SVGImage.declaredSize(element)
        default:
            if let drawing = inlineDrawing(element) { return drawing }
            let image = element.descendants("image", namespace: Namespace.svg).first
            href = image.flatMap(SVGImage.link)
            declared = SVGImage.declaredSize(element) ?? image.flatMap(SVGImage.declaredSize)
            if alt.isEmpty { alt = element.descendants("title", namespace: Namespace.svg).first?.textContent ?? "" }
        }
        if let href, href.prefix(5).lowercased() == "data:" {
            return dataImage(href, element: element, alt: alt, declared: declared)
        }
        guard let href, let resolved = ContainerPath.resolve(href, relativeTo: chapter.path)?.path else {
            return ImageSource(path: nil, alt: alt, intrinsic: href == nil ? declared : nil)
        }
        guard let size = chapter.context.imageSize(resolved) else {
            // Without alt text, a placeholder naming the file stands in: the image is not lost silently.
            let shown = alt.isEmpty ? "[image: \(resolved.split(separator: "/").last.map(String.init) ?? resolved)]" : alt
            chapter.warn("layout.image-missing", "image \(resolved) is missing or unreadable; showing "
                         + (alt.isEmpty ? "“\(shown)” in its place (it has no alt text)" : "its alt text"), about: element)
            return ImageSource(path: nil, alt: shown, intrinsic: nil)
        }
        // An <svg> wrapper's viewBox sets the aspect the image is shown at.
        return ImageSource(path: resolved, alt: alt, intrinsic: declared ?? size)
    }

    /// An image carried in a `data:` URL: decoded and kept under a path of the document's own,
    /// to be drawn like an image file; its alt text stands in when it does not decode.
    func dataImage(_ url: String, element: XMLNode, alt: String, declared: (width: Double, height: Double)?) -> ImageSource {
        let imagePath = "\(chapter.path)#folio-data-\(element.index)"
        guard let data = DataURL.decode(url, limit: Self.dataURLLimit), let register = chapter.context.inlineImage,
              let size = register(imagePath, data.bytes) else {
            chapter.warn("layout.image-missing", "a data: URL image does not decode; showing "
                         + (alt.isEmpty ? "nothing in its place (it has no alt text)" : "its alt text"), about: element)
            return ImageSource(path: nil, alt: alt, intrinsic: nil)
        }
        return ImageSource(path: imagePath, alt: alt, intrinsic: declared ?? size)
    }

    /// The largest image a `data:` URL may carry.
    static let dataURLLimit = 16 << 20

    /// SVG elements that draw something themselves (an `<svg>` holding only an `<image>`, the
    /// usual cover page, shows that image instead).
    static let drawingElements: Set<String> = ["path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "text", "use"]

    /// An inline `<svg>` that draws: written out as an SVG document of its own and drawn as an
    /// image (fixed-layout books set whole pages as SVG text). Nil for an `<svg>` that only
    /// wraps an image.
    func inlineDrawing(_ element: XMLNode) -> ImageSource? {
        var draws = false, holdsImage = false
        element.visitDescendants { node in
            guard node.isElement, node.namespaceURI == Namespace.svg else { return true }
            if Self.drawingElements.contains(node.localName) { draws = true }
            if node.localName == "image" { holdsImage = true }
            return true
        }
        guard draws else { return nil }
        let alt = element.descendants("title", namespace: Namespace.svg).first?.textContent ?? ""
        let declared = SVGImage.declaredSize(element)
        guard let register = chapter.context.inlineImage else {
            chapter.warn("layout.svg-not-drawn", "an inline SVG drawing is shown as an empty box: nothing draws pages here",
                         severity: .info, about: element)
            return ImageSource(path: nil, alt: alt, intrinsic: declared)
        }
        if holdsImage {
            chapter.warn("layout.svg-image-dropped", "an inline SVG drawing is drawn without the images it links to", about: element)
        }
        let imagePath = "\(chapter.path)#folio-svg-\(element.index)"
        guard let size = register(imagePath, Array(withDocumentStyles(element).utf8)) else {
            chapter.warn("layout.svg-unreadable", "an inline SVG drawing could not be read; its box is left empty", about: element)
            return ImageSource(path: nil, alt: alt, intrinsic: declared)
        }
        return ImageSource(path: imagePath, alt: alt, intrinsic: declared ?? size)
    }

    /// An inline `<svg>` written out as a document of its own, carrying the CSS of its document's
    /// `<style>` elements (W3C cnt-svg-css-inclusion styles its paths from the XHTML head):
    /// librsvg applies what matches inside the drawing. Rules about the HTML around it match
    /// nothing there.
    func withDocumentStyles(_ element: XMLNode) -> String {
        let markup = element.markup()
        let css = chapter.styles.documentCSS ?? Self.styleSheetText(element.tree)
        chapter.styles.documentCSS = css
        guard !css.isEmpty, let end = Self.startTagEnd(markup) else { return markup }
        // "]]>" would end the CDATA section: split it over two.
        var safe = "", rest = Substring(css)
        while let found = rest.firstRange(of: "]]>") {
            safe += rest[..<found.lowerBound] + "]]]]><![CDATA[>"
            rest = rest[found.upperBound...]
        }
        safe += rest
        return String(markup[...end]) + "<style type=\"text/css\"><![CDATA[\n" + safe + "]]></style>" + String(markup[markup.index(after: end)...])
    }

    /// The text of a document's HTML `<style>` elements of CSS, in document order.
    static func styleSheetText(_ tree: XMLTree) -> String {
        var css = ""
        tree.root?.visitDescendants { node in
            guard node.isElement, node.localName == "style", node.namespaceURI == Namespace.xhtml || node.namespaceURI == nil else { return true }
            let type = node.attribute("type")?.lowercased() ?? "text/css"
            if type.isEmpty || type == "text/css" { css += node.textContent + "\n" }
            return false
        }
        return css
    }

    /// The `>` closing a serialized element's start tag (quoted attribute values skipped); nil
    /// for an empty element (`/>`), which has nowhere to hold a style sheet.
    static func startTagEnd(_ markup: String) -> String.Index? {
        var quote: Character?
        var index = markup.startIndex
        while index < markup.endIndex {
            let c = markup[index]
            if let open = quote {
                if c == open { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == ">" {
                return index > markup.startIndex && markup[markup.index(before: index)] == "/" ? nil : index
            }
            index = markup.index(after: index)
        }
        return nil
    }

    /// The used size of a replaced element in a containing block `available` px wide, no
    /// wider than that nor taller than the page.
    /// What a placeholder says: the alt text (or, for a missing file without one, its name,
    /// which `imageSource` puts there), else that an image was here.
    static func placeholderLabel(_ alt: String) -> String {
        let text = alt.trimmingWhitespace()
        return text.isEmpty ? "[image]" : text
    }

    /// The size of the framed placeholder of an image that cannot be drawn: the size CSS
    /// gives it, else room for its label at the placeholder's text size (13 px sans, 4 px
    /// padding inside a hairline frame), no wider than `available`.
    func placeholderSize(_ style: ComputedStyle, alt: String, available: Double) -> (width: Double, height: Double) {
        let padding = 5.0, line = 16.0
        let fixedWidth: Double? = if case .length(let l) = style.box.width { max(0, l.resolve(against: available)) } else { nil }
        let fixedHeight = BlockLayouter.verticalLength(style.box.height)
        let fonts = chapter.context.inline.fonts
        let face = fonts.face(for: [.generic(.sansSerif)], weight: 400, italic: false).face
        let textWidth = chapter.context.inline.shaper.shape(text: alt, face: face, size: 13).glyphs.reduce(0) { $0 + $1.xAdvance }
        let width = min(available, max(24, fixedWidth ?? textWidth + 2 * padding + 2))
        let inner = max(1, width - 2 * padding)
        let lines = max(1, (textWidth / inner).rounded(.up))
        let height = min(chapter.context.page.contentHeight, max(16, fixedHeight ?? lines * line + 2 * padding))
        return (width, height)
    }

    func usedSize(_ style: ComputedStyle, intrinsic: (width: Double, height: Double), available: Double,
                  element: XMLNode? = nil, path: String? = nil) -> (width: Double, height: Double) {
        let ratio = intrinsic.width / max(0.01, intrinsic.height)
        var width: Double?, height: Double?
        if case .length(let l) = style.box.width { width = max(0, l.resolve(against: available)) }
        height = BlockLayouter.verticalLength(style.box.height)
        switch (width, height) {
        case (let w?, nil): height = w / ratio
        case (nil, let h?): width = h * ratio
        case (nil, nil): width = intrinsic.width; height = intrinsic.height
        default: break
        }
        var w = width ?? intrinsic.width, h = height ?? intrinsic.height
        if case .length(let l) = style.box.maxWidth, w > l.resolve(against: available) {
            let limit = max(0, l.resolve(against: available))
            h *= limit / max(0.01, w)
            w = limit
        }
        if case .length(let l) = style.box.maxHeight, let limit = l.fixed, h > limit {
            w *= limit / max(0.01, h)
            h = limit
        }
        let fitted = fit((w, h), width: available, height: chapter.context.page.contentHeight)
        let scale = fitted.width / max(0.01, w)
        if scale < 0.995, w >= 1, let element {
            let what = path.map { "image \($0)" } ?? "<\(element.localName)>"
            let side = fitted.height < h && fitted.width < available - 0.5 ? "page's height" : "line's width"
            chapter.warn("layout.content-scaled", "\(what) is scaled to \(Int((scale * 100).rounded())) % of its size "
                         + "(\(Int(w.rounded()))×\(Int(h.rounded())) px) to fit the \(side)", severity: .info, about: element)
        }
        return fitted
    }

    func fit(_ size: (width: Double, height: Double), width: Double, height: Double) -> (width: Double, height: Double) {
        let scale = min(1, width / max(0.01, size.width), height / max(0.01, size.height))
        return (size.width * scale, size.height * scale)
    }

    func addInlineImage(_ node: StyledNode, to paragraph: inout PendingParagraph) {
        let source = imageSource(node)
        guard let intrinsic = source.intrinsic else {
            let alt = Self.placeholderLabel(source.alt)
            // In cells the alt text stands in the line, between brackets as a terminal shows it.
            if chapter.usesCells {
                paragraph.addText(alt.hasPrefix("[") ? alt : "[" + alt + "]", style: node.style, node: -1)
                return
            }
            let size = placeholderSize(node.computed, alt: alt, available: paragraph.width)
            let id = paragraph.atomics.count
            paragraph.atomics.append(.image(ImageItem(rect: Rect(x: 0, y: 0, width: size.width, height: size.height), path: nil, alt: alt)))
            paragraph.items.append(.atomic(width: size.width, height: size.height, baseline: size.height, style: node.style, id: id))
            paragraph.hasContent = true
            return
        }
        let size = usedSize(node.computed, intrinsic: intrinsic, available: paragraph.width, element: node.source, path: source.path)
        let id = paragraph.atomics.count
        paragraph.atomics.append(.image(ImageItem(rect: Rect(x: 0, y: 0, width: size.width, height: size.height), path: source.path, alt: source.alt)))
        paragraph.items.append(.atomic(width: size.width, height: size.height, baseline: size.height, style: node.style, id: id))
        paragraph.hasContent = true
    }

    /// A `<video>` or `<audio>` with a source the book holds as audio or video: what a page shows
    /// of it is its poster (a video's `poster` image) and a play control, a link to the file
    /// that the pager plays; its fallback content is for readers that cannot. Nil for other
    /// elements and for media without such a source.
    func playableMedia(_ node: StyledNode) -> (path: String, label: String, poster: String?)? {
        guard let element = node.source, element.namespaceURI == Namespace.xhtml || element.namespaceURI == nil,
              element.localName == "video" || element.localName == "audio", let mediaType = chapter.context.mediaType else { return nil }
        let kind = element.localName
        for src in Self.mediaSources(element) {
            guard let path = ContainerPath.resolve(src, relativeTo: chapter.path)?.path, let type = mediaType(path) else { continue }
            let declared = type.lowercased()
            guard declared.hasPrefix("audio/") || declared.hasPrefix("video/") else { continue }
            let name = path.split(separator: "/").last.map(String.init) ?? path
            let title = element.attribute("title") ?? element.attribute("aria-label")
            let label = "▶ Play \(kind): " + (title ?? name)
            let poster = kind == "video" ? element.attribute("poster").flatMap { ContainerPath.resolve($0, relativeTo: chapter.path)?.path } : nil
            return (path, label, poster.flatMap { chapter.context.imageSize($0) != nil ? $0 : nil })
        }
        return nil
    }

    /// An `<iframe>` showing a document of the book: that document's first page laid out at the
    /// iframe's own size (CSS width and height, else 300 × 150), scaled down to fit `width`.
    /// Its text runs become generated text here (their nodes are the other document's) and its
    /// line records are dropped; the page text gets the embedded page's text. Nil for other
    /// elements and iframes whose document cannot be laid out.
    func embeddedDocument(_ node: StyledNode, width: Double) -> (items: [FrameItem], height: Double, text: String)? {
        guard let element = node.source, element.localName == "iframe",
              element.namespaceURI == Namespace.xhtml || element.namespaceURI == nil,
              let src = element.attribute("src"), let path = ContainerPath.resolve(src, relativeTo: chapter.path)?.path,
              let embed = chapter.context.embeddedDocument else { return nil }
        let style = node.computed
        var viewWidth = 300.0
        if case .length(let length) = style.box.width { viewWidth = max(1, length.resolve(against: width)) }
        let viewHeight = max(1, BlockLayouter.verticalLength(style.box.height) ?? 150)
        guard let page = embed(path, viewWidth, viewHeight) else { return nil }
        let items = page.items.compactMap { item -> FrameItem? in
            switch item {
            case .line: return nil
            case .text(let origin, var run):
                run.source = nil
                return .text(origin: origin, run: run)
            default: return item
            }
        }
        let scale = min(1, width / viewWidth)
        let frame = Frame(width: viewWidth, height: viewHeight, background: .transparent, items: items).scaled(by: scale)
        return (frame.items, viewHeight * scale, page.text)
    }

    /// A media element's sources in the order a player tries them: its `src`, then its
    /// `<source>` children's.
    static func mediaSources(_ element: XMLNode) -> [String] {
        [element.attribute("src")].compactMap { $0 }
            + element.descendants("source", namespace: element.namespaceURI).compactMap { $0.attribute("src") }
    }

    /// The text standing in for a `<video>` or `<audio>` that has no fallback content of its own
    /// (pages cannot play it): `[video: file]`, with a warning; nil for other elements, and for
    /// media whose fallback content is laid out instead.
    func mediaPlaceholder(_ node: StyledNode) -> String? {
        guard let element = node.source, element.namespaceURI == Namespace.xhtml || element.namespaceURI == nil,
              element.localName == "video" || element.localName == "audio" else { return nil }
        let fallback = element.descendants().contains { ($0.kind == .text || $0.kind == .cdata) && !($0.text ?? "").allSatisfy(\.isWhitespace) }
        guard !fallback else { return nil }
        let source = Self.mediaSources(element).first
        let name = source.map { String($0.split(separator: "/").last ?? Substring($0)) }
        let label = element.attribute("title") ?? element.attribute("aria-label") ?? name ?? "no source"
        chapter.warn("layout.media-not-shown", "<\(element.localName)> cannot be played in pages and has no fallback content; "
                     + "a placeholder stands in its place", about: element)
        return "[\(element.localName): \(label)]"
    }

    func layoutBlockImage(_ node: StyledNode, x: Double, width: Double) {
        let source = imageSource(node)
        let style = node.computed
        guard let intrinsic = source.intrinsic else {
            let alt = Self.placeholderLabel(source.alt)
            chapter.blocks.layoutBox(node, x: x, metrics: BoxMetrics(style, available: width)) { x, width in
                if chapter.usesCells {
                    var line = PendingParagraph(block: node, x: x, width: width)
                    line.addText(alt.hasPrefix("[") ? alt : "[" + alt + "]", style: node.style, node: -1)
                    chapter.inlines.flushParagraph(&line)
                    return
                }
                let size = placeholderSize(style, alt: alt, available: width)
                chapter.column.flushMargin()
                let top = chapter.column.blockEnd
                let element = node.source.map { chapter.offsets.offset(ofElement: Int($0.index)) }
                let unit = chapter.column.addUnit(top: top, bottom: top + size.height, start: element, end: element, text: alt)
                let rect = Rect(x: x, y: top, width: size.width, height: size.height)
                chapter.column.place(.image(ImageItem(rect: rect, path: nil, alt: alt)), first: unit, last: unit)
                chapter.column.blockEnd = top + size.height
            }
            return
        }
        let size = usedSize(style, intrinsic: intrinsic, available: width, element: node.source, path: source.path)
        var metrics = BoxMetrics(style, available: width, shrinkToFit: size.width)
        metrics.contentWidth = min(metrics.contentWidth, size.width)
        let extras = metrics.border.top + metrics.border.bottom + metrics.padding.top + metrics.padding.bottom
        let element = node.source.map { chapter.offsets.offset(ofElement: Int($0.index)) }
        chapter.blocks.layoutBox(node, x: x, metrics: metrics) { x, width in
            let fitted = fit(size, width: width, height: chapter.context.page.contentHeight - extras)
            chapter.column.flushMargin()
            let top = chapter.column.blockEnd
            let unit = chapter.column.addUnit(top: top, bottom: top + fitted.height, start: element, end: element)
            let rect = Rect(x: x, y: top, width: fitted.width, height: fitted.height)
            chapter.column.place(.image(ImageItem(rect: rect, path: source.path, alt: source.alt)), first: unit, last: unit)
            chapter.column.blockEnd = top + fitted.height
        }
    }
}
