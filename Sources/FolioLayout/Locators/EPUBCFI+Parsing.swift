extension EPUBCFI {
    /// Parses `epubcfi(…)`, or a bare path such as `/6/4!/4/2/1:5`; nil when the text does not
    /// follow the grammar (§2.2).
    ///
    /// Kept: steps, ID assertions (unescaped) and the character offset. Read and ignored: temporal
    /// and spatial offsets, text location assertions, side bias and extension parameters. A range
    /// (`epubcfi(P,S,E)`) parses to its start, P followed by S, as a reader that expects one
    /// location must take it (§3.4). The text is the CFI itself: undo any URL percent-escaping
    /// (an href's fragment) before parsing.
    public static func parse(_ text: String) -> EPUBCFI? {
        var body = Substring(text)
        while let c = body.first, c.isWhitespace { body.removeFirst() }
        while let c = body.last, c.isWhitespace { body.removeLast() }
        if body.first == "#" { body.removeFirst() }
        if body.hasPrefix("epubcfi(") {
            guard body.hasSuffix(")") else { return nil }
            body = body.dropFirst("epubcfi(".count).dropLast()
        }
        var scanner = CFIScanner(body)
        guard let path = scanner.localPath(), let first = path.parts.first, !first.isEmpty else { return nil }
        var cfi = path
        if scanner.take(",") {
            // A range: the start is the parent path with the start subpath appended.
            guard path.characterOffset == nil,
                  let start = scanner.localPath(), scanner.take(","),
                  scanner.localPath() != nil else { return nil }
            cfi.parts[cfi.parts.count - 1] += start.parts[0]
            cfi.parts += start.parts.dropFirst()
            cfi.characterOffset = start.characterOffset
        }
        guard scanner.atEnd else { return nil }
        return cfi
    }
}

/// Reads the CFI grammar (§2.2) one scalar at a time; every method consumes what it recognises
/// and returns nil on anything else.
private struct CFIScanner {
    let scalars: [Unicode.Scalar]
    var position = 0

    init(_ text: Substring) { scalars = Array(text.unicodeScalars) }

    var atEnd: Bool { position == scalars.count }
    var peek: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    mutating func take(_ c: Unicode.Scalar) -> Bool {
        guard peek == c else { return false }
        position += 1
        return true
    }

    /// `local_path = { step } , ( redirected_path | [ offset ] )`, with each redirection (`!`)
    /// starting a new part. Steps may be absent (a range's start subpath may be empty).
    mutating func localPath() -> EPUBCFI? {
        var parts: [[EPUBCFI.Step]] = [[]]
        while true {
            if peek == "/" {
                guard let step = step() else { return nil }
                parts[parts.count - 1].append(step)
            } else if take("!") {
                // `!` is followed by a path or an offset, never by nothing.
                guard let next = peek, next == "/" || next == ":" || next == "~" || next == "@" else { return nil }
                parts.append([])
            } else {
                break
            }
        }
        var characterOffset: Int?
        if let c = peek, c == ":" || c == "~" || c == "@" {
            guard let offset = offset() else { return nil }
            if case .character(let n) = offset { characterOffset = n }
        }
        return EPUBCFI(parts: parts, characterOffset: characterOffset)
    }

    /// `step = "/" , integer , [ "[" , assertion , "]" ]`: the assertion's first value is the ID.
    mutating func step() -> EPUBCFI.Step? {
        guard take("/"), let index = integer() else { return nil }
        var id: String?
        if take("[") {
            guard let values = assertion() else { return nil }
            id = values.first.flatMap { $0.isEmpty ? nil : $0 }
        }
        return EPUBCFI.Step(index: index, id: id)
    }

    /// A terminating offset: a character position, or a point in time or space in media, which
    /// Folio reads only so that such a CFI still parses.
    enum Offset {
        case character(Int)
        case media
    }

    /// `offset`: `:integer`, `@x:y`, `~t` or `~t@x:y`, then an optional assertion.
    mutating func offset() -> Offset? {
        var result = Offset.media
        if take(":") {
            guard let n = integer() else { return nil }
            result = .character(n)
        } else if take("~") {
            guard number() else { return nil }
            if take("@") { guard number(), take(":"), number() else { return nil } }
        } else if take("@") {
            guard number(), take(":"), number() else { return nil }
        } else {
            return nil
        }
        if take("[") { guard assertion() != nil else { return nil } }
        return result
    }

    /// `integer = "0" | digit-non-zero , { digit }`: no leading zeros, and small enough for any
    /// real document (nine digits).
    mutating func integer() -> Int? {
        let start = position
        while let c = peek, ("0"..."9").contains(c) { position += 1 }
        let digits = scalars[start..<position]
        guard let first = digits.first, digits.count <= 9 else { return nil }
        if first == "0" && digits.count > 1 { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1.value - 48) }
    }

    /// `number`: digits with an optional fraction (temporal and spatial offsets, only skipped).
    mutating func number() -> Bool {
        let start = position
        while let c = peek, ("0"..."9").contains(c) { position += 1 }
        guard position > start else { return false }
        if take(".") {
            let fraction = position
            while let c = peek, ("0"..."9").contains(c) { position += 1 }
            guard position > fraction else { return false }
        }
        return true
    }

    /// The inside of `[…]` after the opening bracket, through the closing one: comma-separated
    /// values (an ID; or text before and after a position), then `;name=value,…` parameters.
    /// Returns the values before the first parameter, unescaped; nil when the bracket is not
    /// closed, an escape is cut off, or an unescaped `[` appears.
    mutating func assertion() -> [String]? {
        var values: [String] = []
        var current = String.UnicodeScalarView()
        var inParameters = false
        while let c = peek {
            position += 1
            switch c {
            case "^":
                guard let escaped = peek else { return nil }
                position += 1
                current.append(escaped)
            case "[":
                return nil
            case "]":
                if !inParameters { values.append(String(current)) }
                return values
            case ",":
                if !inParameters { values.append(String(current)) }
                current = String.UnicodeScalarView()
            case ";":
                if !inParameters { values.append(String(current)) }
                inParameters = true
                current = String.UnicodeScalarView()
                guard parameterName() else { return nil }
            default:
                current.append(c)
            }
        }
        return nil
    }

    /// `value-no-space , "="`: a parameter's name, without spaces, and its equals sign.
    mutating func parameterName() -> Bool {
        let start = position
        while let c = peek, c != "=", c != "]", c != ";", c != ",", c != "[", c != " ", c != "^" { position += 1 }
        return position > start && take("=")
    }
}
