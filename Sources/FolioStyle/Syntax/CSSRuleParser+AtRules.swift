/// At-rules: "consume an at-rule", then interpret the ones Folio knows.
///
/// https://www.w3.org/TR/css-syntax-3/#consume-at-rule
extension CSSRuleParser {
    /// Consumes one at-rule; returns the rules it yields (none when skipped; the
    /// rules of an `@layer` block, which Folio flattens into its parent).
    mutating func consumeAtRule(nested: Bool, depth: Int) -> [CSSRule] {
        let start = pos
        guard case .atKeyword(let rawName) = tokens[pos] else { return [] }
        let name = rawName.lowercased()
        let (prelude, hasBlock) = consumeAtRulePrelude(nested: nested, depth: depth)
        let trimmed = prelude.trimmingWhitespace

        switch name {
        case "charset":
            if hasBlock { skipBlock() }
            return []
        case "import":
            if hasBlock { skipBlock() }
            guard importsAllowed, !nested else {
                warn("css.misplaced-rule", "@import after other rules is ignored", at: start)
                return []
            }
            guard let rule = importRule(trimmed) else {
                warn("css.invalid-rule", "Skipped an @import without a URL: \(trimmed.cssText)", at: start)
                return []
            }
            return [.importRule(rule)]
        case "namespace":
            if hasBlock { skipBlock() }
            guard atSheetStart, !nested else {
                warn("css.misplaced-rule", "@namespace after other rules is ignored", at: start)
                return []
            }
            importsAllowed = false
            guard let rule = namespaceRule(trimmed) else {
                warn("css.invalid-rule", "Skipped an invalid @namespace: \(trimmed.cssText)", at: start)
                return []
            }
            if let prefix = rule.prefix {
                namespaces.prefixes[prefix] = rule.uri
            } else {
                namespaces.defaultNamespace = rule.uri
            }
            return [.namespace(rule)]
        case "layer":
            // Cascade layers are flattened: their rules apply as if unlayered.
            guard hasBlock else { return [] }
            return groupRules(depth: depth, start: start)
        default:
            break
        }

        // Everything below ends the sheet's @import/@namespace prologue.
        atSheetStart = false
        importsAllowed = false
        guard hasBlock else {
            let known: Set<String> = ["media", "supports", "font-face", "page"]
            warn(known.contains(name) ? "css.invalid-rule" : "css.unknown-at-rule", "Skipped @\(rawName) without a block", at: start)
            return []
        }
        switch name {
        case "media":
            let queries = MediaQueryList.parse(trimmed)
            return [.media(MediaRule(queries: queries, rules: groupRules(depth: depth, start: start), text: trimmed.cssText, line: line(start)))]
        case "supports":
            guard let condition = SupportsCondition.parse(trimmed, namespaces: namespaces) else {
                warn("css.invalid-supports", "Skipped @supports with an invalid condition: \(trimmed.cssText)", at: start)
                skipBlock()
                return []
            }
            return [.supports(SupportsRule(condition: condition, rules: groupRules(depth: depth, start: start)))]
        case "font-face":
            rawUnicodeRange = nil
            let declarations = consumeDeclarations(depth: depth + 1, inPage: false)
            return [.fontFace(FontFaceRule(declarations: declarations, unicodeRangeSource: rawUnicodeRange))]
        case "page":
            let declarations = consumeDeclarations(depth: depth + 1, inPage: true)
            return [.page(PageRule(selectorText: trimmed.cssText, declarations: declarations))]
        default:
            warn("css.unknown-at-rule", "Skipped unsupported @\(rawName)", at: start)
            skipBlock()
            return []
        }
    }

    /// Consumes an at-rule's name and prelude; `hasBlock` when a `{` followed (and was consumed).
    mutating func consumeAtRulePrelude(nested: Bool, depth: Int) -> (prelude: [ComponentValue], hasBlock: Bool) {
        pos += 1
        var prelude: [ComponentValue] = []
        while let t = peek {
            switch t {
            case .semicolon:
                pos += 1
                return (prelude, false)
            case .closeCurly where nested:
                return (prelude, false)
            case .openCurly:
                pos += 1
                return (prelude, true)
            default:
                prelude.append(consumeComponentValue(depth: depth))
            }
        }
        return (prelude, false)
    }

    /// Consumes and discards an at-rule inside a declaration block.
    mutating func consumeAtRulePreludeAndBlock(depth: Int) {
        let (_, hasBlock) = consumeAtRulePrelude(nested: true, depth: depth)
        if hasBlock { skipBlock() }
    }

    /// Skips the rest of a `{}` block whose `{` was consumed, without building values or recursing.
    mutating func skipBlock() {
        var open = 1
        while let t = peek {
            pos += 1
            switch t {
            case .openCurly, .openSquare, .openParen, .function: open += 1
            case .closeCurly, .closeSquare, .closeParen: open -= 1
            default: break
            }
            if open == 0 { return }
        }
    }

    /// The nested rules of a group rule's block, bounded in depth.
    private mutating func groupRules(depth: Int, start: Int) -> [CSSRule] {
        guard depth + 1 <= CSSParser.maxNestingDepth else {
            skipBlockContents(at: start)
            return []
        }
        return consumeRuleList(nested: true, depth: depth + 1)
    }

    // MARK: Preludes

    /// `<url> [layer…] [supports(…)] <media-query-list>?`
    private func importRule(_ prelude: [ComponentValue]) -> ImportRule? {
        guard let first = prelude.first, let href = Self.urlOrString(first) else { return nil }
        var rest = Array(prelude.dropFirst()).trimmingWhitespace
        if let f = rest.first, f.isIdent("layer") || Self.isFunction(f, "layer") {
            rest = Array(rest.dropFirst()).trimmingWhitespace
        }
        var supports: SupportsCondition?
        if let f = rest.first, case .function(name: "supports", let arguments) = f {
            let args = arguments.trimmingWhitespace
            supports = SupportsCondition.parse(args, namespaces: namespaces)
                ?? Self.declaration(from: args).map { .declaration(name: $0.name, value: $0.value) }
                ?? .unknown(args.cssText)
            rest = Array(rest.dropFirst()).trimmingWhitespace
        }
        return ImportRule(href: href, media: MediaQueryList.parse(rest), supports: supports)
    }

    /// `[prefix] <url-or-string>`
    private func namespaceRule(_ prelude: [ComponentValue]) -> NamespaceRule? {
        let parts = prelude.filter { !$0.isWhitespace }
        switch parts.count {
        case 1:
            return Self.urlOrString(parts[0]).map { NamespaceRule(prefix: nil, uri: $0) }
        case 2:
            guard let prefix = parts[0].identValue, let uri = Self.urlOrString(parts[1]) else { return nil }
            return NamespaceRule(prefix: prefix, uri: uri)
        default:
            return nil
        }
    }

    /// The text of a string, a `url()` token, or a `url("…")` function.
    static func urlOrString(_ value: ComponentValue) -> String? {
        switch value {
        case .token(.string(let s)), .token(.url(let s)):
            return s
        case .function(name: "url", let arguments):
            let args = arguments.trimmingWhitespace
            if args.count == 1, case .token(.string(let s)) = args[0] { return s }
            return nil
        default:
            return nil
        }
    }

    static func isFunction(_ value: ComponentValue, _ name: String) -> Bool {
        if case .function(let n, _) = value { return n == name }
        return false
    }
}
