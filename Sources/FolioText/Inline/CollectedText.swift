import FolioStyle

/// A paragraph's inline items gathered into one text: white space processed across items
/// (CSS Text 3 §4.1.1 phase I), `text-transform` applied, atomic inlines as U+FFFC and
/// forced breaks as U+2028, with the item and source offset of every scalar.
struct CollectedText {
    static let objectReplacement: Unicode.Scalar = "\u{FFFC}"
    static let lineSeparator: Unicode.Scalar = "\u{2028}"

    var scalars: [Unicode.Scalar] = []
    /// For each scalar: the index of the item it came from.
    var item: [Int] = []
    /// For each scalar: its offset in the item's original text (0 for atomics and breaks).
    var sourceOffset: [Int] = []

    init(_ items: [InlineItem]) {
        var capacity = 0
        var transforms = false
        for entry in items {
            guard case .text(let string, let shared, _) = entry else { capacity += 1; continue }
            capacity += string.utf8.count
            let transform = shared.style.text.transform
            if transform != .none && transform != .fullSizeKana { transforms = true }
        }
        scalars.reserveCapacity(capacity)
        item.reserveCapacity(capacity)
        sourceOffset.reserveCapacity(capacity)
        if transforms {
            collectTransforming(items)
        } else {
            collect(items)
        }
    }

    /// Without `text-transform`, every scalar is copied: only the offsets need the grapheme
    /// clusters (a cluster's scalars all map to where the cluster starts).
    private mutating func collect(_ items: [InlineItem]) {
        var whiteSpace = WhiteSpaceProcessor()
        for (index, entry) in items.enumerated() {
            switch entry {
            case .text(let string, let shared, _):
                let first = scalars.count
                whiteSpace.process(string, whiteSpace: shared.style.text.whiteSpace, tabSize: shared.style.rareInherited.tabSize,
                                   into: &scalars, offsets: &sourceOffset)
                item.append(contentsOf: repeatElement(index, count: scalars.count - first))
                if !GraphemeBreaks.allSimple(scalars[first...]) {
                    let starts = GraphemeBreaks.starts(scalars[first...])
                    for k in (first + 1)..<scalars.count where !starts[k - first] { sourceOffset[k] = sourceOffset[k - 1] }
                }
                // A preserved newline is a forced break.
                for k in first..<scalars.count where scalars[k] == "\n" { scalars[k] = Self.lineSeparator }
            case .atomic:
                append(Self.objectReplacement, item: index, source: 0)
                whiteSpace.noteContent()
            case .forcedBreak:
                append(Self.lineSeparator, item: index, source: 0)
                // Spaces after a <br> start a line, and collapse away (phase I restarts).
                whiteSpace = WhiteSpaceProcessor()
            }
        }
    }

    /// With `text-transform`, character by character (a transform may change the number of
    /// scalars, and `capitalize` looks at the character before).
    private mutating func collectTransforming(_ items: [InlineItem]) {
        var whiteSpace = WhiteSpaceProcessor()
        var afterLetter = false
        for (index, entry) in items.enumerated() {
            switch entry {
            case .text(let string, let shared, _):
                let style = shared.style
                let processed = whiteSpace.process(string, whiteSpace: style.text.whiteSpace, tabSize: style.rareInherited.tabSize)
                var k = 0
                for character in processed.text {
                    let origin = processed.sourceOffsets.indices.contains(k) ? processed.sourceOffsets[k] : 0
                    k += character.unicodeScalars.count
                    let out = Self.transform(character, style.text.transform, afterLetter: afterLetter)
                    afterLetter = character.isLetter || (afterLetter && character.unicodeScalars.allSatisfy {
                        $0.properties.generalCategory == .nonspacingMark })
                    for scalar in out.unicodeScalars {
                        // A preserved newline is a forced break.
                        append(scalar == "\n" ? Self.lineSeparator : scalar, item: index, source: origin)
                    }
                }
            case .atomic:
                append(Self.objectReplacement, item: index, source: 0)
                whiteSpace.noteContent()
                afterLetter = false
            case .forcedBreak:
                append(Self.lineSeparator, item: index, source: 0)
                // Spaces after a <br> start a line, and collapse away (phase I restarts).
                whiteSpace = WhiteSpaceProcessor()
                afterLetter = false
            }
        }
    }

    private mutating func append(_ scalar: Unicode.Scalar, item index: Int, source: Int) {
        scalars.append(scalar)
        item.append(index)
        sourceOffset.append(source)
    }

    /// The text as a `String`, encoded straight to UTF-8.
    var string: String { string(scalars.indices) }

    /// A range of the text as a `String`.
    func string(_ range: Range<Int>) -> String {
        String(scalars: scalars[range])
    }

    /// https://www.w3.org/TR/css-text-3/#text-transform-property (not language-tailored:
    /// Turkish dotted i and Greek accent removal are left out).
    static func transform(_ character: Character, _ transform: TextTransform, afterLetter: Bool) -> String {
        switch transform {
        case .none, .fullSizeKana: String(character)
        case .uppercase: character.uppercased()
        case .lowercase: character.lowercased()
        case .capitalize: afterLetter || !character.isLetter ? String(character) : titlecased(character)
        case .fullWidth: String(String.UnicodeScalarView(character.unicodeScalars.map(fullWidth)))
        }
    }

    private static func titlecased(_ character: Character) -> String {
        guard let first = character.unicodeScalars.first else { return String(character) }
        var out = first.properties.titlecaseMapping
        out.unicodeScalars.append(contentsOf: character.unicodeScalars.dropFirst())
        return out
    }

    /// ASCII printable characters to their full-width forms (U+FF01–FF5E), space to U+3000.
    private static func fullWidth(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        if scalar == " " { return "\u{3000}" }
        guard (0x21...0x7E).contains(scalar.value) else { return scalar }
        return Unicode.Scalar(scalar.value - 0x21 + 0xFF01) ?? scalar
    }
}

extension String {
    /// Scalars as a `String`, encoded straight to UTF-8 (appending them to a
    /// `String.UnicodeScalarView` one by one costs several times more).
    public init(scalars: ArraySlice<Unicode.Scalar>) {
        self = scalars.withUnsafeBufferPointer { part in
            var bytes = 0
            for scalar in part { bytes += scalar.value < 0x80 ? 1 : UTF8.width(scalar) }
            return String(unsafeUninitializedCapacity: bytes) { buffer in
                var i = 0
                for scalar in part {
                    if scalar.value < 0x80 {
                        buffer[i] = UInt8(truncatingIfNeeded: scalar.value)
                        i += 1
                        continue
                    }
                    UTF8.encode(scalar) { unit in
                        buffer[i] = unit
                        i += 1
                    }
                }
                return i
            }
        }
    }
}
