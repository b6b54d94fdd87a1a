import FolioCore
import FolioStyle
import FolioText
import FoundationEssentials
import Glibc

/// Sets the alt text of images that cannot be drawn, with the same paragraph layout as book
/// text. The fonts are the caller's, or the pinned defaults loaded on first use (a renderer
/// that never meets a missing image never loads them).
final class PlaceholderText: @unchecked Sendable {
    static let fontSize = 13.0
    static let color = RGBA(red: 0x55, green: 0x55, blue: 0x55)

    private let lock = Lock()
    private var fonts: FontContext?
    private var fontsFailed = false
    private let shapeCache = ShapeCache()

    init(fonts: FontContext?) {
        self.fonts = fonts
    }

    /// The alt text's lines, centred in `width` px; empty when there is no text or no font.
    func lines(_ alt: String, width: Double) -> [LineBox] {
        let text = alt.trimmingWhitespace()
        guard !text.isEmpty, width > 0, let fonts = fontContext() else { return [] }
        var style = ComputedStyle.initial
        style.font.family = [.generic(.sansSerif)]
        style.font.size = Self.fontSize
        style.text.color = Self.color
        style.text.align = .center
        style.box.display = .block
        let shared = StyleInterner().intern(style)
        let input = ParagraphInput(items: [.text(text, style: shared, source: TextSource(node: 0))], blockStyle: style)
        // A shaper per call: shapers are not shareable between threads, placeholders are rare.
        let context = InlineContext(fonts: fonts, shapeCache: shapeCache)
        return ParagraphLayouter.layout(input, width: width, context: context).lines
    }

    private func fontContext() -> FontContext? {
        lock.lock()
        defer { lock.unlock() }
        if fonts == nil, !fontsFailed {
            fonts = try? FontContext(diagnostics: Diagnostics())
            fontsFailed = fonts == nil
        }
        return fonts
    }
}
