/// Grammars of the background properties and the `background` shorthand.
///
/// https://www.w3.org/TR/css-backgrounds-3/#background
extension PropertyParser {
    /// `background`: comma-separated layers; only the last may carry a colour.
    static func background(_ v: [ComponentValue]) -> Longhands? {
        let parts = v.splitAtCommas
        var images: [CSSImage] = [], positions: [SpecifiedPosition] = [], sizes: [BackgroundSize<Length>] = []
        var repeats: [BackgroundRepeat] = [], attachments: [BackgroundAttachment] = []
        var origins: [BackgroundBox] = [], clips: [BackgroundBox] = []
        var color = CSSColor.transparent
        for (number, part) in parts.enumerated() {
            guard let layer = backgroundLayer(part, isFinal: number == parts.count - 1) else { return nil }
            images.append(layer.image ?? CSSImage.none)
            positions.append(layer.position ?? initialPosition)
            sizes.append(layer.size ?? .size(width: nil, height: nil))
            repeats.append(layer.repeatStyle ?? .repeat)
            attachments.append(layer.attachment ?? .scroll)
            origins.append(layer.origin ?? .paddingBox)
            clips.append(layer.clip ?? layer.origin ?? .borderBox)
            if let layerColor = layer.color { color = layerColor }
        }
        return [
            (.backgroundImage, .backgroundImages(images)),
            (.backgroundPosition, .backgroundPositions(positions)),
            (.backgroundSize, .backgroundSizes(sizes)),
            (.backgroundRepeat, .backgroundRepeats(repeats)),
            (.backgroundAttachment, .backgroundAttachments(attachments)),
            (.backgroundOrigin, .backgroundBoxes(origins)),
            (.backgroundClip, .backgroundBoxes(clips)),
            (.backgroundColor, .color(color)),
        ]
    }

    static let initialPosition = SpecifiedPosition(x: .percent(0), y: .percent(0))

    private struct Layer {
        var image: CSSImage?
        var position: SpecifiedPosition?
        var size: BackgroundSize<Length>?
        var repeatStyle: BackgroundRepeat?
        var attachment: BackgroundAttachment?
        var origin: BackgroundBox?
        var clip: BackgroundBox?
        var color: CSSColor?
    }

    /// `<bg-image> || <bg-position> [ / <bg-size> ]? || <repeat-style> || <attachment> ||
    /// <box> || <box>`, plus `<color>` in the final layer.
    private static func backgroundLayer(_ items: [ComponentValue], isFinal: Bool) -> Layer? {
        guard !items.isEmpty else { return nil }
        var layer = Layer()
        var index = 0
        while index < items.count {
            let item = items[index]
            if layer.image == nil, let image = CSSImage.parse(item) {
                layer.image = image
                index += 1
            } else if layer.position == nil, let (position, count) = longestPosition(items, from: index) {
                layer.position = position
                index += count
                if index < items.count, items[index].isDelim("/") {
                    guard let (size, sizeCount) = longestBackgroundSize(items, from: index + 1) else { return nil }
                    layer.size = size
                    index += 1 + sizeCount
                }
            } else if layer.repeatStyle == nil, let (repeatStyle, count) = longestRepeat(items, from: index) {
                layer.repeatStyle = repeatStyle
                index += count
            } else if layer.attachment == nil, let attachment = BackgroundAttachment.parse(item) {
                layer.attachment = attachment
                index += 1
            } else if layer.clip == nil, let box = BackgroundBox.parse(item), box != .text || layer.origin != nil {
                if layer.origin == nil { layer.origin = box } else { layer.clip = box }
                index += 1
            } else if isFinal, layer.color == nil, let color = CSSColor.parse(item) {
                layer.color = color
                index += 1
            } else {
                return nil
            }
        }
        return layer
    }

    private static func longestPosition(_ items: [ComponentValue], from start: Int) -> (SpecifiedPosition, Int)? {
        for count in stride(from: min(4, items.count - start), through: 1, by: -1) {
            if let position = position(Array(items[start..<start + count])) { return (position, count) }
        }
        return nil
    }

    private static func longestBackgroundSize(_ items: [ComponentValue], from start: Int) -> (BackgroundSize<Length>, Int)? {
        for count in stride(from: min(2, items.count - start), through: 1, by: -1) {
            if let size = backgroundSize(Array(items[start..<start + count])) { return (size, count) }
        }
        return nil
    }

    private static func longestRepeat(_ items: [ComponentValue], from start: Int) -> (BackgroundRepeat, Int)? {
        for count in stride(from: min(2, items.count - start), through: 1, by: -1) {
            if let repeatStyle = backgroundRepeat(Array(items[start..<start + count])) { return (repeatStyle, count) }
        }
        return nil
    }

    /// `cover | contain | [ <length-percentage [0,∞]> | auto ]{1,2}`
    static func backgroundSize(_ v: [ComponentValue]) -> BackgroundSize<Length>? {
        if let keyword = v.singleKeyword, keyword == "cover" || keyword == "contain" {
            return keyword == "cover" ? .cover : .contain
        }
        guard v.count == 1 || v.count == 2 else { return nil }
        func component(_ value: ComponentValue) -> Length?? {
            if value.keyword == "auto" { return .some(nil) }
            return Length.parse(value, negative: false).map { .some($0) }
        }
        guard let width = component(v[0]) else { return nil }
        guard v.count == 2 else { return .size(width: width, height: nil) }
        guard let height = component(v[1]) else { return nil }
        return .size(width: width, height: height)
    }

    /// `repeat-x | repeat-y | <repeat-style>{1,2}`
    static func backgroundRepeat(_ v: [ComponentValue]) -> BackgroundRepeat? {
        if v.count == 1 {
            switch v[0].keyword {
            case "repeat-x": return BackgroundRepeat(x: .repeat, y: .noRepeat)
            case "repeat-y": return BackgroundRepeat(x: .noRepeat, y: .repeat)
            default: return RepeatStyle.parse(v[0]).map { BackgroundRepeat(x: $0, y: $0) }
            }
        }
        guard v.count == 2, let x = RepeatStyle.parse(v[0]), let y = RepeatStyle.parse(v[1]) else { return nil }
        return BackgroundRepeat(x: x, y: y)
    }

    /// `<bg-position>`: one to four values, edges folded into lengths (`right 10px` is
    /// `calc(100% - 10px)`).
    ///
    /// https://www.w3.org/TR/css-backgrounds-3/#background-position
    static func position(_ v: [ComponentValue]) -> SpecifiedPosition? {
        enum Axis { case x, y, either }
        func axis(_ keyword: String) -> Axis? {
            switch keyword {
            case "left", "right": .x
            case "top", "bottom": .y
            case "center": .either
            default: nil
            }
        }
        func edge(_ keyword: String) -> Length {
            switch keyword {
            case "left", "top": .percent(0)
            case "right", "bottom": .percent(100)
            default: .percent(50)
            }
        }
        func offset(_ keyword: String, _ length: Length) -> Length {
            guard keyword == "right" || keyword == "bottom" else { return length }
            let inner: Calc = switch length {
            case .dimension(let value, let unit): .dimension(value, unit)
            case .calc(let calc): calc
            }
            return .calc(.difference(.dimension(100, .percent), inner))
        }
        switch v.count {
        case 1:
            if let keyword = v[0].keyword, let a = axis(keyword) {
                return a == .y ? SpecifiedPosition(x: .percent(50), y: edge(keyword)) : SpecifiedPosition(x: edge(keyword), y: .percent(50))
            }
            return Length.parse(v[0]).map { SpecifiedPosition(x: $0, y: .percent(50)) }
        case 2:
            let first = v[0].keyword, second = v[1].keyword
            if let first, let second, let a = axis(first), let b = axis(second) {
                if a == .y || b == .x {
                    guard a != .x, b != .y else { return nil }
                    return SpecifiedPosition(x: edge(second), y: edge(first))
                }
                return SpecifiedPosition(x: edge(first), y: edge(second))
            }
            func component(_ keyword: String?, _ value: ComponentValue, excluding other: Axis) -> Length? {
                guard let keyword else { return Length.parse(value) }
                guard let a = axis(keyword), a != other else { return nil }
                return edge(keyword)
            }
            let x = component(first, v[0], excluding: .y)
            let y = component(second, v[1], excluding: .x)
            guard let x, let y else { return nil }
            return SpecifiedPosition(x: x, y: y)
        case 3, 4:
            // Keyword-offset pairs: exactly two keywords, `center` without an offset.
            var pairs: [(String, Length?)] = []
            var index = 0
            while index < v.count {
                guard let keyword = v[index].keyword, axis(keyword) != nil else { return nil }
                index += 1
                var length: Length?
                if index < v.count, v[index].keyword == nil {
                    guard keyword != "center", let parsed = Length.parse(v[index]) else { return nil }
                    length = parsed
                    index += 1
                }
                pairs.append((keyword, length))
            }
            guard pairs.count == 2, let a = axis(pairs[0].0), let b = axis(pairs[1].0) else { return nil }
            let swapped = a == .y || b == .x
            if swapped && (a == .x || b == .y) { return nil }
            if !swapped && (a == .y || b == .x) { return nil }
            let (xPair, yPair) = swapped ? (pairs[1], pairs[0]) : (pairs[0], pairs[1])
            if xPair.0 == yPair.0 { return nil }
            return SpecifiedPosition(
                x: xPair.1.map { offset(xPair.0, $0) } ?? edge(xPair.0),
                y: yPair.1.map { offset(yPair.0, $0) } ?? edge(yPair.0)
            )
        default:
            return nil
        }
    }
}
