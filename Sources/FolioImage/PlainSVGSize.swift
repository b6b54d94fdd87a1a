import CLibXML2

/// The intrinsic size of an SVG whose root element states it plainly, read with libxml2
/// without loading librsvg: layout only needs the size, and librsvg with the libraries it
/// brings (GIO, Pango, GdkPixbuf…) adds 8 MB and milliseconds to a process that never draws.
///
/// Plainly means what librsvg reads exactly the same way: a well-formed document whose root is
/// SVG's `svg`, `width` and `height` each absent, a whole number of px (unitless or `px`) or a
/// percentage (which counts as not given), and `viewBox` absent or four whole numbers. librsvg
/// reads numbers as 32-bit floats, which hold whole numbers of up to seven digits exactly.
/// Anything else (other units, fractions, em and ex resolved against the root's font size) is
/// left to librsvg: `read` answers nil and the caller asks `SVGDocument`.
///
/// https://www.w3.org/TR/SVG2/coords.html#SizingSVGInCSS
enum PlainSVGSize {
    static func read(_ bytes: [UInt8]) -> (width: Double, height: Double)? {
        folio_silenceGenericErrors()
        let options = Int32(bitPattern: XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    xmlReadMemory($0, Int32(clamping: buffer.count), nil, nil, options)
                }
            }
        }
        guard let document else { return nil }
        defer { xmlFreeDoc(document) }
        guard let root = xmlDocGetRootElement(document), name(root.pointee.name) == "svg",
              let namespace = root.pointee.ns, name(namespace.pointee.href) == "http://www.w3.org/2000/svg" else { return nil }
        guard let width = length(attribute("width", of: root)),
              let height = length(attribute("height", of: root)),
              let viewBox = viewBox(attribute("viewBox", of: root)) else { return nil }
        return SVGDocument.intrinsicSize(width: width, height: height,
                                         viewBox: viewBox.map { (width: $0.width, height: $0.height) })
    }

    private static func name(_ characters: UnsafePointer<xmlChar>?) -> String? {
        characters.map { String(cString: $0) }
    }

    /// The attribute's value (without namespace), nil when absent.
    private static func attribute(_ name: String, of element: xmlNodePtr) -> String? {
        guard let value = xmlGetNoNsProp(element, name) else { return nil }
        defer { folio_xmlFree(value) }
        return String(cString: value)
    }

    /// A length attribute: `.some(nil)` when absent or a percentage, `.some(px)` when plain,
    /// nil when not plain.
    private static func length(_ text: String?) -> Double?? {
        guard let text else { return .some(nil) }
        var digits = Substring(text)
        if digits.hasSuffix("%") {
            return wholeNumber(digits.dropLast()) != nil ? .some(nil) : nil
        }
        if digits.hasSuffix("px") { digits = digits.dropLast(2) }
        return wholeNumber(digits).map { .some(Double($0)) }
    }

    typealias ViewBox = (x: Double, y: Double, width: Double, height: Double)

    /// The `viewBox`: `.some(nil)` when absent, `.some(box)` for four whole numbers apart by
    /// spaces or one comma, nil when not plain.
    private static func viewBox(_ text: String?) -> ViewBox?? {
        guard let text else { return .some(nil) }
        var numbers: [Double] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            if !numbers.isEmpty {
                // Between numbers: spaces, or one comma with spaces around it.
                let spaces = rest.prefix { $0 == " " }
                rest = rest.dropFirst(spaces.count)
                if rest.first == "," {
                    rest = rest.dropFirst().drop { $0 == " " }
                } else if spaces.isEmpty {
                    return nil
                }
            }
            let negative = rest.first == "-"
            if negative { rest = rest.dropFirst() }
            let digits = rest.prefix { $0 != " " && $0 != "," }
            guard let number = wholeNumber(digits) else { return nil }
            numbers.append(Double(negative ? -number : number))
            rest = rest.dropFirst(digits.count)
        }
        guard numbers.count == 4 else { return nil }
        return .some((numbers[0], numbers[1], numbers[2], numbers[3]))
    }

    /// One to seven ASCII digits, as a number.
    private static func wholeNumber(_ text: Substring) -> Int? {
        guard (1...7).contains(text.utf8.count), text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int(text)
    }
}
