import FolioCore

/// The CSS Syntax 3 parser proper: tokens in, rules and declarations out.
///
/// Works directly on the token list so that every rule knows its source line; group
/// rules (`@media`, `@supports`) parse their blocks as nested rule lists, as in the
/// current Syntax draft. Recursion is bounded by `CSSParser.maxNestingDepth`.
/// https://www.w3.org/TR/css-syntax-3/#parser-algorithms
struct CSSRuleParser {
    let tokens: [CSSToken]
    let lines: [Int32]
    /// Each token's offset in `source`.
    let starts: [Int32]
    let source: [Unicode.Scalar]
    var pos = 0
    let path: String
    let diagnostics: Diagnostics
    /// `@namespace` declarations seen so far; selectors are resolved against them.
    var namespaces = CSSNamespaces()
    /// False once a rule other than `@charset`, `@import`, `@namespace`, `@layer` was seen.
    var atSheetStart = true
    var importsAllowed = true
    /// The source text of the last `unicode-range` declaration, for `@font-face`.
    var rawUnicodeRange: String?

    init(_ text: String, path: String, diagnostics: Diagnostics) {
        var tokenizer = CSSTokenizer(text)
        (tokens, lines, starts) = tokenizer.tokenizeWithLines()
        source = tokenizer.input
        self.path = path
        self.diagnostics = diagnostics
    }

    // MARK: Entry points

    mutating func parseStylesheet() -> [CSSRule] {
        consumeRuleList(nested: false, depth: 0)
    }

    mutating func parseDeclarationList() -> [Declaration] {
        consumeDeclarations(depth: 0, inPage: false)
    }

    mutating func parseComponentValueList() -> [ComponentValue] {
        var values: [ComponentValue] = []
        while pos < tokens.count { values.append(consumeComponentValue(depth: 0)) }
        return values
    }

    // MARK: Helpers

    var peek: CSSToken? { pos < tokens.count ? tokens[pos] : nil }

    /// When set (style attributes), every warning is located here rather than at `path:line`.
    var fixedLocation: String?

    /// `path:line` of the token at `index`.
    func location(_ index: Int) -> String {
        if let fixedLocation { return fixedLocation }
        guard index < lines.count else { return lines.last.map { "\(path):\($0)" } ?? path }
        return "\(path):\(lines[index])"
    }

    func line(_ index: Int) -> Int { index < lines.count ? Int(lines[index]) : Int(lines.last ?? 1) }

    func warn(_ code: String, _ message: String, at index: Int) {
        diagnostics.warn(code, message, at: location(index))
    }

    // MARK: Rules

    /// "Consume a list of rules"; nested lists end at (and consume) their `}`.
    mutating func consumeRuleList(nested: Bool, depth: Int) -> [CSSRule] {
        var rules: [CSSRule] = []
        while let token = peek {
            switch token {
            case .whitespace:
                pos += 1
            case .cdo, .cdc:
                // HTML comment markers are ignored around rules (a legacy of <style> hiding).
                pos += 1
            case .closeCurly where nested:
                pos += 1
                return rules
            case .atKeyword:
                rules.append(contentsOf: consumeAtRule(nested: nested, depth: depth))
            default:
                if let rule = consumeQualifiedRule(nested: nested, depth: depth) {
                    atSheetStart = false
                    importsAllowed = false
                    rules.append(rule)
                }
            }
        }
        return rules
    }

    /// "Consume a qualified rule": a prelude up to `{`, then a declaration block.
    mutating func consumeQualifiedRule(nested: Bool, depth: Int) -> CSSRule? {
        let start = pos
        var prelude: [ComponentValue] = []
        while let token = peek {
            switch token {
            case .openCurly:
                pos += 1
                let declarations = consumeDeclarations(depth: depth + 1, inPage: false)
                return styleRule(prelude: prelude, declarations: declarations, start: start)
            case .closeCurly where nested:
                warn("css.invalid-rule", "A rule without a block was dropped: \(prelude.cssText)", at: start)
                return nil
            default:
                prelude.append(consumeComponentValue(depth: depth))
            }
        }
        warn("css.invalid-rule", "A rule ended at end of file before its block: \(prelude.cssText)", at: start)
        return nil
    }

    private func styleRule(prelude: [ComponentValue], declarations: [Declaration], start: Int) -> CSSRule? {
        guard let selectors = SelectorParser.parseList(prelude, namespaces: namespaces) else {
            warn("css.invalid-selector", "Dropped a rule with an invalid selector: \(prelude.trimmingWhitespace.cssText)", at: start)
            return nil
        }
        return .style(StyleRule(selectors: selectors, declarations: declarations, line: line(start)))
    }

    // MARK: Declarations

    /// "Consume a list of declarations" up to (and consuming) a `}` or the end.
    mutating func consumeDeclarations(depth: Int, inPage: Bool) -> [Declaration] {
        var declarations: [Declaration] = []
        if depth > CSSParser.maxNestingDepth {
            skipBlockContents(at: pos)
            return declarations
        }
        while let token = peek {
            switch token {
            case .whitespace, .semicolon:
                pos += 1
            case .closeCurly:
                pos += 1
                return declarations
            case .atKeyword(let name):
                let start = pos
                consumeAtRulePreludeAndBlock(depth: depth)
                // Margin boxes of @page are known; anything else nested is not supported here.
                if !inPage {
                    warn("css.unknown-at-rule", "Skipped @\(name) inside a declaration block", at: start)
                }
            case .ident:
                let start = pos
                var values: [ComponentValue] = []
                while let t = peek, t != .semicolon, t != .closeCurly {
                    values.append(consumeComponentValue(depth: depth))
                }
                if let declaration = Self.declaration(from: values) {
                    declarations.append(declaration)
                    if declaration.name == "unicode-range" {
                        // `U+1E3F` does not survive tokenizing as a dimension: keep the source.
                        rawUnicodeRange = sourceText(start..<pos)
                    }
                } else {
                    warn("css.invalid-declaration", "Skipped an invalid declaration: \(values.trimmingWhitespace.cssText)", at: start)
                }
            default:
                // Junk (or a nested rule): skip to the next `;`, or past a `{}` block.
                let start = pos
                var values: [ComponentValue] = []
                loop: while let t = peek, t != .closeCurly {
                    if t == .semicolon {
                        pos += 1
                        break loop
                    }
                    let v = consumeComponentValue(depth: depth)
                    values.append(v)
                    if case .block(open: "{", _) = v { break loop }
                }
                warn("css.invalid-declaration", "Skipped an invalid declaration: \(values.trimmingWhitespace.cssText)", at: start)
            }
        }
        return declarations
    }

    /// "Consume a declaration" from the values of one `name: value` stretch.
    static func declaration(from values: [ComponentValue]) -> Declaration? {
        guard let first = values.first, case .token(.ident(let rawName)) = first else { return nil }
        var i = 1
        while i < values.count, values[i].isWhitespace { i += 1 }
        guard i < values.count, case .token(.colon) = values[i] else { return nil }
        var value = Array(values[(i + 1)...]).trimmingWhitespace
        var important = false
        if let last = value.last, last.isIdent("important") {
            var j = value.count - 2
            while j >= 0, value[j].isWhitespace { j -= 1 }
            if j >= 0, value[j].isDelim("!") {
                important = true
                value = Array(value[..<j]).trimmingWhitespace
            }
        }
        let name = rawName.hasPrefix("--") ? rawName : rawName.lowercased()
        return Declaration(name: name, value: value, important: important)
    }

    // MARK: Component values

    /// "Consume a component value", bounded in depth.
    mutating func consumeComponentValue(depth: Int) -> ComponentValue {
        let token = tokens[pos]
        pos += 1
        switch token {
        case .openCurly: return consumeSimpleBlock(open: "{", close: .closeCurly, depth: depth + 1)
        case .openSquare: return consumeSimpleBlock(open: "[", close: .closeSquare, depth: depth + 1)
        case .openParen: return consumeSimpleBlock(open: "(", close: .closeParen, depth: depth + 1)
        case .function(let name):
            guard depth + 1 <= CSSParser.maxNestingDepth else {
                skipBlockContents(at: pos - 1)
                return .function(name: name.lowercased(), arguments: [])
            }
            var arguments: [ComponentValue] = []
            while let t = peek {
                if t == .closeParen {
                    pos += 1
                    break
                }
                arguments.append(consumeComponentValue(depth: depth + 1))
            }
            return .function(name: name.lowercased(), arguments: arguments)
        default:
            return .token(token)
        }
    }

    /// "Consume a simple block" (the opening token is consumed).
    mutating func consumeSimpleBlock(open: Character, close: CSSToken, depth: Int) -> ComponentValue {
        guard depth <= CSSParser.maxNestingDepth else {
            skipBlockContents(at: pos - 1)
            return .block(open: open, content: [])
        }
        var content: [ComponentValue] = []
        while let t = peek {
            if t == close {
                pos += 1
                break
            }
            content.append(consumeComponentValue(depth: depth))
        }
        return .block(open: open, content: content)
    }

    /// The exact source text of tokens `range`.
    func sourceText(_ range: Range<Int>) -> String {
        guard range.lowerBound < starts.count else { return "" }
        let from = Int(starts[range.lowerBound])
        let to = range.upperBound < starts.count ? Int(starts[range.upperBound]) : source.count
        var text = String.UnicodeScalarView()
        text.append(contentsOf: source[from..<max(from, to)])
        return String(text)
    }

    /// Skips, without recursion, to the end of the block whose content starts at `pos`.
    mutating func skipBlockContents(at start: Int) {
        warn("css.nesting-too-deep", "Skipped content nested deeper than \(CSSParser.maxNestingDepth) levels", at: start)
        skipBlock()
    }
}
