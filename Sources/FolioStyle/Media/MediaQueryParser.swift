/// Parses one media query from component values: Media Queries 3 and the Level 4
/// condition and range syntax.
///
/// https://www.w3.org/TR/mediaqueries-4/#mq-syntax
enum MediaQueryParser {
    private static let reservedTypes: Set<String> = ["only", "not", "and", "or", "layer"]

    /// `<media-query>`; nil on a syntax error (the caller makes it `not all`).
    static func parseQuery(_ values: [ComponentValue]) -> MediaQuery? {
        let items = values.filter { !$0.isWhitespace }
        guard let first = items.first else { return nil }
        guard let word = first.identValue?.lowercased(), !(word == "not" && items.count > 1 && items[1].identValue == nil) else {
            return condition(items, allowOr: true).map { MediaQuery(condition: $0) }
        }
        var k = 0
        var qualifier = MediaQuery.Qualifier.none
        if word == "not" || word == "only" {
            qualifier = word == "not" ? .not : .only
            k = 1
        }
        guard k < items.count, let type = items[k].identValue?.lowercased(), !reservedTypes.contains(type) else { return nil }
        k += 1
        guard k < items.count else { return MediaQuery(qualifier: qualifier, mediaType: type) }
        guard items[k].isIdent("and"), k + 1 < items.count,
              let condition = condition(Array(items[(k + 1)...]), allowOr: false) else { return nil }
        return MediaQuery(qualifier: qualifier, mediaType: type, condition: condition)
    }

    /// `<media-condition>` (or `<media-condition-without-or>`), from whitespace-free items.
    private static func condition(_ items: [ComponentValue], allowOr: Bool) -> MediaCondition? {
        guard let first = items.first else { return nil }
        if first.isIdent("not") {
            guard items.count == 2, let inner = inParens(items[1]) else { return nil }
            return .not(inner)
        }
        guard let head = inParens(first) else { return nil }
        if items.count == 1 { return head }
        guard items.count % 2 == 1, let joiner = items[1].identValue?.lowercased(),
              joiner == "and" || (joiner == "or" && allowOr) else { return nil }
        var operands = [head]
        var k = 1
        while k < items.count {
            guard items[k].isIdent(joiner), let next = inParens(items[k + 1]) else { return nil }
            operands.append(next)
            k += 2
        }
        return joiner == "and" ? .and(operands) : .or(operands)
    }

    /// `<media-in-parens>`: a nested condition, a feature, or general-enclosed (unknown).
    private static func inParens(_ value: ComponentValue) -> MediaCondition? {
        switch value {
        case .block(open: "(", let content):
            let items = content.filter { !$0.isWhitespace }
            if let f = feature(content) { return .feature(f) }
            if let c = condition(items, allowOr: true) { return c }
            return .unknown(value.cssText)
        case .function:
            return .unknown(value.cssText)
        default:
            return nil
        }
    }

    // MARK: Features

    /// `name`, `name: value`, `name op value`, `value op name`, `value op name op value`.
    private static func feature(_ content: [ComponentValue]) -> MediaFeature? {
        let items = content.filter { !$0.isWhitespace }
        guard !items.isEmpty else { return nil }
        if items.count == 1 {
            guard let name = items[0].identValue?.lowercased(), !name.hasPrefix("min-"), !name.hasPrefix("max-"),
                  name != "not" else { return nil }
            return MediaFeature(name: name, tests: [])
        }
        if let name = items[0].identValue?.lowercased(), case .token(.colon) = items[1] {
            guard let value = value(Array(items[2...])) else { return nil }
            if name.hasPrefix("min-") {
                return MediaFeature(name: String(name.dropFirst(4)), tests: [.init(comparison: .greaterOrEqual, value: value, isPlain: true)])
            }
            if name.hasPrefix("max-") {
                return MediaFeature(name: String(name.dropFirst(4)), tests: [.init(comparison: .lessOrEqual, value: value, isPlain: true)])
            }
            return MediaFeature(name: name, tests: [.init(comparison: .equal, value: value, isPlain: true)])
        }
        return rangeFeature(content)
    }

    /// The Level 4 range forms, split at their comparison operators.
    private static func rangeFeature(_ content: [ComponentValue]) -> MediaFeature? {
        var segments: [[ComponentValue]] = [[]]
        var operators: [MediaFeature.Comparison] = []
        var k = 0
        while k < content.count {
            let v = content[k]
            if case .token(.delim(let d)) = v, d == "<" || d == ">" || d == "=" {
                // `<=` must be written without space between its two delims.
                if d != "=", k + 1 < content.count, content[k + 1].isDelim("=") {
                    operators.append(d == "<" ? .lessOrEqual : .greaterOrEqual)
                    k += 2
                } else {
                    operators.append(d == "<" ? .less : d == ">" ? .greater : .equal)
                    k += 1
                }
                segments.append([])
                continue
            }
            if !v.isWhitespace { segments[segments.count - 1].append(v) }
            k += 1
        }
        switch operators.count {
        case 1:
            if segments[0].count == 1, let name = segments[0][0].identValue?.lowercased(), let value = value(segments[1]) {
                return MediaFeature(name: name, tests: [.init(comparison: operators[0], value: value, isPlain: false)])
            }
            if segments[1].count == 1, let name = segments[1][0].identValue?.lowercased(), let value = value(segments[0]) {
                return MediaFeature(name: name, tests: [.init(comparison: operators[0].flipped, value: value, isPlain: false)])
            }
            return nil
        case 2:
            let (a, b) = (operators[0], operators[1])
            let ascending = [.less, .lessOrEqual].contains(a) && [.less, .lessOrEqual].contains(b)
            let descending = [.greater, .greaterOrEqual].contains(a) && [.greater, .greaterOrEqual].contains(b)
            guard ascending || descending, segments[1].count == 1, let name = segments[1][0].identValue?.lowercased(),
                  let low = value(segments[0]), let high = value(segments[2]) else { return nil }
            return MediaFeature(name: name, tests: [
                .init(comparison: a.flipped, value: low, isPlain: false),
                .init(comparison: b, value: high, isPlain: false),
            ])
        default:
            return nil
        }
    }

    /// `<mf-value>`: a number, a dimension, a ratio, or an ident.
    private static func value(_ items: [ComponentValue]) -> MediaValue? {
        let items = items.filter { !$0.isWhitespace }
        if items.count == 3, case .token(.number(let w, _, _)) = items[0], items[1].isDelim("/"),
           case .token(.number(let h, _, _)) = items[2] {
            return .ratio(w, h)
        }
        guard items.count == 1 else { return nil }
        switch items[0] {
        case .token(.number(let n, _, _)): return .number(n)
        case .token(.ident(let s)): return .ident(s.lowercased())
        case .token(.dimension(let v, let rawUnit, _)):
            let unit = rawUnit.lowercased()
            switch unit {
            case "dppx", "x": return .resolution(v)
            case "dpi": return .resolution(v / 96)
            case "dpcm": return .resolution(v * 2.54 / 96)
            default: return .length(v, unit: unit)
            }
        default: return nil
        }
    }
}
