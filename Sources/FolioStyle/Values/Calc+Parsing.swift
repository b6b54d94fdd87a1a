/// Parsing of math functions into `Calc` trees, with the spec's type checking.
///
/// https://www.w3.org/TR/css-values-4/#calc-syntax
extension Calc {
    /// Parses `calc()` (and `-webkit-calc()`, `-moz-calc()`), `min()`, `max()`, `clamp()`.
    /// Returns nil for anything malformed or ill-typed (`calc(1px + 2)`, `calc(1px * 2px)`,
    /// `calc(1px / 0)`), which makes the declaration invalid.
    static func parse(_ value: ComponentValue) -> Calc? {
        parse(value, depth: 0)
    }

    /// Nesting is bounded so that hostile style sheets cannot exhaust the stack.
    private static let maximumDepth = 32

    private static func parse(_ value: ComponentValue, depth: Int) -> Calc? {
        guard depth < maximumDepth, case .function(let rawName, let arguments) = value else { return nil }
        let items = arguments.withoutWhitespace
        switch rawName.asciiLowercased {
        case "calc", "-webkit-calc", "-moz-calc":
            return parseSum(items, depth: depth + 1)
        case "min", "max":
            let parts = items.splitAtCommas
            var calcs: [Calc] = []
            for part in parts {
                guard let calc = parseSum(part, depth: depth + 1) else { return nil }
                calcs.append(calc)
            }
            guard let first = calcs.first, calcs.allSatisfy({ $0.type == first.type }) else { return nil }
            return rawName.asciiLowercased == "min" ? .min(calcs) : .max(calcs)
        case "clamp":
            let parts = items.splitAtCommas
            guard parts.count == 3,
                  let low = parseSum(parts[0], depth: depth + 1),
                  let middle = parseSum(parts[1], depth: depth + 1),
                  let high = parseSum(parts[2], depth: depth + 1),
                  low.type == middle.type, middle.type == high.type
            else { return nil }
            return .clamp(low, middle, high)
        default:
            return nil
        }
    }

    /// `<calc-sum> = <calc-product> [ [ '+' | '-' ] <calc-product> ]*`
    private static func parseSum(_ items: [ComponentValue], depth: Int) -> Calc? {
        var index = 0
        guard var result = parseProduct(items, &index, depth: depth) else { return nil }
        while index < items.count {
            let isPlus = items[index].isDelim("+")
            guard isPlus || items[index].isDelim("-") else { return nil }
            index += 1
            guard let operand = parseProduct(items, &index, depth: depth), operand.type == result.type else { return nil }
            result = isPlus ? .sum(result, operand) : .difference(result, operand)
        }
        return result
    }

    /// `<calc-product> = <calc-value> [ [ '*' | '/' ] <calc-value> ]*`
    private static func parseProduct(_ items: [ComponentValue], _ index: inout Int, depth: Int) -> Calc? {
        guard var result = parseValue(items, &index, depth: depth) else { return nil }
        while index < items.count {
            let isTimes = items[index].isDelim("*")
            guard isTimes || items[index].isDelim("/") else { break }
            index += 1
            guard let operand = parseValue(items, &index, depth: depth) else { return nil }
            if isTimes {
                guard result.type == .number || operand.type == .number else { return nil }
                result = .product(result, operand)
            } else {
                guard operand.type == .number else { return nil }
                if case .number(0) = operand { return nil }
                result = .quotient(result, operand)
            }
        }
        return result
    }

    /// `<calc-value> = <number> | <dimension> | <percentage> | ( <calc-sum> ) | math function`
    private static func parseValue(_ items: [ComponentValue], _ index: inout Int, depth: Int) -> Calc? {
        guard index < items.count else { return nil }
        let item = items[index]
        index += 1
        switch item {
        case .token(.number(let number, _, _)):
            return .number(number)
        case .token(.percentage(let number)):
            return .dimension(number, .percent)
        case .token(.dimension(let number, let unit, _)):
            guard let unit = LengthUnit(cssUnit: unit) else { return nil }
            return .dimension(number, unit)
        case .block("(", let content):
            guard depth < maximumDepth else { return nil }
            return parseSum(content.withoutWhitespace, depth: depth + 1)
        case .function:
            return parse(item, depth: depth)
        default:
            return nil
        }
    }
}
