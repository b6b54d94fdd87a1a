import FolioXML

/// What layout reads of an `<svg>` or SVG `<image>` element: the size it declares and the
/// link of an image it shows.
enum SVGImage {
    /// The size an `<svg>` or `<image>` declares: `viewBox`, else absolute `width`/`height`.
    static func declaredSize(_ element: XMLNode) -> (width: Double, height: Double)? {
        if let box = element.attribute("viewBox") {
            let numbers = box.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
            if numbers.count == 4, numbers[2] > 0, numbers[3] > 0 { return (numbers[2], numbers[3]) }
        }
        if let w = element.attribute("width").flatMap(Double.init), let h = element.attribute("height").flatMap(Double.init), w > 0, h > 0 {
            return (w, h)
        }
        return nil
    }

    /// An SVG `<image>`'s link (`xlink:href`, or SVG 2's `href`).
    static func link(_ image: XMLNode) -> String? {
        image.attribute("href", namespace: Namespace.xlink) ?? image.attribute("href")
    }
}
