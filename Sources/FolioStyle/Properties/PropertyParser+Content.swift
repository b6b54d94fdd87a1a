/// Grammars of `content`, `quotes` and the counter properties.
///
/// https://www.w3.org/TR/css-content-3/#content-property, https://www.w3.org/TR/css-lists-3/#auto-numbering
extension PropertyParser {
    /// `normal | none | [ <string> | <url> | <counter> | attr() | <quote> ]+ [ / <string>+ ]?`
    /// (the alternative text after `/` is accepted and not kept).
    static func content(_ v: [ComponentValue]) -> SpecifiedValue? {
        if let keyword = v.singleKeyword {
            if keyword == "normal" { return .normal }
            if keyword == "none" { return SpecifiedValue.none }
        }
        var items: [ContentItem] = []
        for (index, value) in v.enumerated() {
            if value.isDelim("/") {
                guard !items.isEmpty, index + 1 < v.count, v[(index + 1)...].allSatisfy({ $0.string != nil }) else { return nil }
                break
            }
            guard let item = contentItem(value) else { return nil }
            items.append(item)
        }
        return items.isEmpty ? nil : .content(items)
    }

    private static func contentItem(_ value: ComponentValue) -> ContentItem? {
        if let string = value.string { return .string(string) }
        if let url = value.url { return .url(url) }
        switch value.keyword {
        case "open-quote": return .openQuote
        case "close-quote": return .closeQuote
        case "no-open-quote": return .noOpenQuote
        case "no-close-quote": return .noCloseQuote
        case .some: return nil
        case nil: break
        }
        guard case .function(let rawName, let arguments) = value else { return nil }
        let parts = arguments.withoutWhitespace.splitAtCommas
        switch rawName.asciiLowercased {
        case "attr":
            // `attr(name type?, fallback?)`: Folio keeps the name (CSS Values 5 adds the rest).
            guard let first = parts.first?.first, case .token(.ident(let name)) = first else { return nil }
            return .attribute(name)
        case "counter":
            guard (1...2).contains(parts.count), parts.allSatisfy({ $0.count == 1 }), let name = counterName(parts[0][0]) else { return nil }
            guard let style = parts.count == 2 ? ListStyleType.parse(parts[1][0], allowString: false) : .decimal else { return nil }
            return .counter(name: name, style: style)
        case "counters":
            guard (2...3).contains(parts.count), parts.allSatisfy({ $0.count == 1 }),
                  let name = counterName(parts[0][0]), let separator = parts[1][0].string,
                  let style = parts.count == 3 ? ListStyleType.parse(parts[2][0], allowString: false) : .decimal
            else { return nil }
            return .counters(name: name, separator: separator, style: style)
        default:
            return nil
        }
    }

    /// A counter name: any identifier but `none` and the CSS-wide keywords, case kept.
    private static func counterName(_ value: ComponentValue) -> String? {
        guard case .token(.ident(let name)) = value else { return nil }
        let lower = name.asciiLowercased
        if lower == "none" || CSSWideKeyword(rawValue: lower) != nil { return nil }
        return name
    }

    /// `none | [ <counter-name> <integer>? ]+`; `counter-reset` also takes `reversed(name)`
    /// (kept as a plain reset: Folio counts forwards).
    static func counters(_ v: [ComponentValue], defaultValue: Int, allowReversed: Bool) -> SpecifiedValue? {
        if v.singleKeyword == "none" { return .counters([]) }
        var changes: [CounterChange] = []
        var index = 0
        while index < v.count {
            var name = counterName(v[index])
            if name == nil, allowReversed, case .function(let function, let arguments) = v[index],
               function.asciiLowercased == "reversed", arguments.withoutWhitespace.count == 1 {
                name = counterName(arguments.withoutWhitespace[0])
            }
            guard let name else { return nil }
            index += 1
            var value = defaultValue
            if index < v.count, let integer = v[index].integer {
                value = integer
                index += 1
            }
            changes.append(CounterChange(name: name, value: value))
        }
        return changes.isEmpty ? nil : .counters(changes)
    }

    /// `none | auto | [ <string> <string> ]+`
    static func quotes(_ v: [ComponentValue]) -> SpecifiedValue? {
        if v.singleKeyword == "none" { return SpecifiedValue.none }
        if v.singleKeyword == "auto" { return .auto }
        guard !v.isEmpty, v.count.isMultiple(of: 2) else { return nil }
        var pairs: [QuotePair] = []
        for index in stride(from: 0, to: v.count, by: 2) {
            guard let open = v[index].string, let close = v[index + 1].string else { return nil }
            pairs.append(QuotePair(open: open, close: close))
        }
        return .quotes(pairs)
    }
}
