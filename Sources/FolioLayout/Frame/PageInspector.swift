import FolioCore
import FolioStyle
import FolioText
import FoundationEssentials
import Glibc

/// Something a reader would see go wrong on one page, found by looking at the page's frame.
public struct PageProblem: Sendable, Hashable {
    /// A stable warning code (`layout.word-broken`).
    public var code: String
    public var severity: Severity
    public var message: String
    /// The page region it concerns (CSS px), when it has one.
    public var rect: Rect?

    public init(code: String, severity: Severity, message: String, rect: Rect? = nil) {
        self.code = code
        self.severity = severity
        self.message = message
        self.rect = rect
    }
}

/// Looks at a laid-out page as a reader would: words broken for want of a break, lines that
/// run past their room, characters no font has, images drawn larger than their pixels, text
/// too faint against what is behind it, pages with nothing on them.
public struct PageInspector: Sendable {
    /// Device pixels per CSS px of the page's target: an image is upscaled when it is drawn
    /// over more device pixels than it has.
    public var devicePixelRatio: Double
    /// An image's size in pixels, by container path; nil when it is not known.
    public var imagePixels: @Sendable (String) -> (width: Int, height: Int)?

    /// WCAG 2 level AA: 4.5:1 for text, 3:1 for large text (24 px, or 18.66 px bold).
    static let minimumContrast = 4.5
    static let minimumLargeContrast = 3.0
    static let largeText = 24.0
    /// Drawn over at most this share more device pixels than it has, an image counts as sharp.
    static let upscaleTolerance = 1.05

    public init(devicePixelRatio: Double, imagePixels: @escaping @Sendable (String) -> (width: Int, height: Int)? = { _ in nil }) {
        self.devicePixelRatio = devicePixelRatio
        self.imagePixels = imagePixels
    }

    /// The problems of one page, in the order of the frame's items.
    public func problems(_ frame: Frame) -> [PageProblem] {
        var found: [PageProblem] = []
        var visible = false
        var contrastSeen = Set<String>()
        var lastContrast = LastContrast()
        let items = frame.items
        // The fills painted so far: what text may stand on.
        var fills: [(rect: Rect, color: RGBA)] = []
        let page = frame.background.alpha >= 1 ? frame.background : Self.composite(frame.background, over: .white)
        for (k, item) in items.enumerated() {
            switch item {
            case .line(let box, let setting):
                lineProblem(box, setting, runs: items[(k + 1)...]).map { found.append($0) }
            case .text(let origin, let run):
                if !visible && (run.glyphs.contains(where: { $0.missing == 0 }) || !run.text.allSatisfy(\.isWhitespace)) { visible = true }
                if let problem = contrastProblem(origin, run, memo: &lastContrast, backdrop: fills.isEmpty ? page : Self.backdrop(of: origin, run, over: fills, page: page)),
                   contrastSeen.insert(problem.message).inserted {
                    found.append(problem)
                }
            case .image(let image):
                visible = true
                upscaleProblem(image).map { found.append($0) }
            case .fill(let rect, let color):
                guard color.alpha > 0 else { break }
                // A box painted the page's own colour shows nothing.
                if Self.composite(color, over: page) != page { visible = true }
                fills.append((rect, color))
            case .border:
                visible = true
            case .link:
                break
            }
        }
        let missing = MissingGlyphReport.characters(in: frame)
        if !missing.isEmpty {
            let list = missing.prefix(MissingGlyphReport.characterLimit).map(MissingGlyphReport.codePoint).joined(separator: ", ")
            found.append(PageProblem(code: "font.missing-glyph", severity: .warning,
                                     message: "no font has \(missing.count == 1 ? "a character" : "\(missing.count) characters"), "
                                         + "drawn as missing-glyph boxes: \(list)\(missing.count > MissingGlyphReport.characterLimit ? " …" : "")"))
        }
        if !visible {
            found.append(PageProblem(code: "layout.blank-page", severity: .warning, message: "the page shows nothing",
                                     rect: Rect(x: 0, y: 0, width: frame.width, height: frame.height)))
        }
        return found
    }

    /// A line wider than its room (`layout.line-overflow`), or one that ends inside a word
    /// because no break opportunity fitted (`layout.word-broken`).
    private func lineProblem(_ box: Rect, _ setting: LineSetting, runs: ArraySlice<FrameItem>) -> PageProblem? {
        guard setting.overflows || setting.end == .emergency else { return nil }
        var text = ""
        for item in runs {
            if case .line = item { break }
            if case .text(let origin, let run) = item, abs(origin.y - box.y) < 0.01 { text += run.text }
        }
        let trimmed = text.trimmingWhitespace()
        if setting.overflows {
            let shown = trimmed.count > 40 ? String(trimmed.prefix(40)) + "…" : trimmed
            return PageProblem(code: "layout.line-overflow", severity: .warning,
                               message: "“\(shown)” is wider than its line (\(Int(setting.natural.rounded())) px in \(Int(setting.room.rounded())) px): "
                                   + "it runs past the text's edge",
                               rect: Rect(x: box.x, y: box.y, width: max(box.width, setting.natural), height: box.height))
        }
        let word = trimmed.split(separator: " ").last.map(String.init) ?? trimmed
        let shown = word.count > 40 ? "…" + String(word.suffix(40)) : word
        return PageProblem(code: "layout.word-broken", severity: .warning,
                           message: "“\(shown)” is broken inside the word: no break opportunity fitted the line (\(Int(setting.room.rounded())) px)",
                           rect: box)
    }

    /// An image drawn over more device pixels than it has.
    private func upscaleProblem(_ image: ImageItem) -> PageProblem? {
        guard let path = image.path, !path.contains("#"), let pixels = imagePixels(path), pixels.width > 0, pixels.height > 0 else { return nil }
        let drawn = (width: image.rect.width * devicePixelRatio, height: image.rect.height * devicePixelRatio)
        let factor = max(drawn.width / Double(pixels.width), drawn.height / Double(pixels.height))
        guard factor > Self.upscaleTolerance else { return nil }
        return PageProblem(code: "layout.image-upscaled", severity: factor >= 2 ? .warning : .info,
                           message: "image \(path) (\(pixels.width)×\(pixels.height) px) is drawn over \(Int(drawn.width.rounded()))×\(Int(drawn.height.rounded())) "
                               + "device pixels: \(Self.decimal(factor))× its own, so it shows blurred",
                           rect: image.rect)
    }

    /// Text whose contrast with what is behind it is below WCAG AA.
    /// The last pair of colours weighed and their contrast ratio.
    private struct LastContrast {
        var color: RGBA?
        var backdrop: RGBA?
        var ratio = 0.0
    }

    private func contrastProblem(_ origin: Point, _ run: PositionedRun, memo lastContrast: inout LastContrast, backdrop: RGBA) -> PageProblem? {
        guard run.color.alpha > 0 else { return nil }
        let color = run.color.alpha >= 1 ? run.color : Self.composite(run.color, over: backdrop)
        // Most text is the page's own colour on the page's own colour: answered once.
        let ratio = color == lastContrast.color && backdrop == lastContrast.backdrop ? lastContrast.ratio : Self.contrast(color, backdrop)
        lastContrast = LastContrast(color: color, backdrop: backdrop, ratio: ratio)
        let minimum = run.size >= Self.largeText ? Self.minimumLargeContrast : Self.minimumContrast
        guard ratio < minimum - 1e-9, !run.text.allSatisfy(\.isWhitespace) else { return nil }
        let rect = Rect(x: origin.x + run.x, y: origin.y + run.baseline - run.size, width: run.width, height: run.size * 1.25)
        return PageProblem(code: "layout.low-contrast", severity: .warning,
                           message: "\(run.size >= Self.largeText ? "large " : "")text in \(Self.hex(color)) on \(Self.hex(backdrop)): "
                               + "contrast \(Self.decimal(ratio)):1, below WCAG AA's \(Self.decimal(minimum)):1",
                           rect: rect)
    }

    /// The colour behind a run's middle: the last fill painted before it that covers that
    /// point (backgrounds are painted before the text over them), else the (opaque) page.
    static func backdrop(of origin: Point, _ run: PositionedRun, over fills: [(rect: Rect, color: RGBA)], page: RGBA) -> RGBA {
        let x = origin.x + run.x + run.width / 2, y = origin.y + run.baseline - run.size / 3
        var layers: [RGBA] = []
        for (rect, color) in fills.reversed() {
            guard rect.x <= x, x <= rect.maxX, rect.y <= y, y <= rect.maxY,
                  rect.height > run.size / 2 else { continue }   // a rule or underline is not a background
            layers.append(color)
            if color.alpha >= 1 { break }
        }
        var result = page
        for layer in layers.reversed() { result = composite(layer, over: result) }
        return result
    }

    /// `top` painted over the opaque `bottom`.
    static func composite(_ top: RGBA, over bottom: RGBA) -> RGBA {
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) * top.alpha + Double(b) * (1 - top.alpha)).rounded()) }
        return RGBA(red: mix(top.red, bottom.red), green: mix(top.green, bottom.green), blue: mix(top.blue, bottom.blue))
    }

    /// The WCAG 2 contrast ratio of two opaque colours, 1…21.
    public static func contrast(_ a: RGBA, _ b: RGBA) -> Double {
        let la = luminance(a), lb = luminance(b)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// WCAG 2 relative luminance.
    public static func luminance(_ color: RGBA) -> Double {
        func channel(_ value: UInt8) -> Double {
            let c = Double(value) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(color.red) + 0.7152 * channel(color.green) + 0.0722 * channel(color.blue)
    }

    static func hex(_ color: RGBA) -> String {
        let digits = Array("0123456789abcdef")
        return "#" + [color.red, color.green, color.blue].map { String([digits[Int($0 >> 4)], digits[Int($0 & 15)]]) }.joined()
    }

    /// One decimal place: `2.8`.
    static func decimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}

extension PageProblem {
    /// `{"code", "severity", "message", "rect": {x, y, width, height} | null}`, px rounded to hundredths.
    public var json: JSONValue {
        func n(_ value: Double) -> JSONValue { .number((value * 100).rounded() / 100) }
        return .object([
            ("code", .string(code)), ("severity", .string(severity.rawValue)), ("message", .string(message)),
            ("rect", rect.map { .object([("x", n($0.x)), ("y", n($0.y)), ("width", n($0.width)), ("height", n($0.height))]) } ?? .null),
        ])
    }
}
