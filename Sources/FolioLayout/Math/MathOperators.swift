/// The operator dictionary: for an `mo`'s text and form, the space around it and whether it
/// stretches, is a large operator, takes its limits as scripts outside display style, or is
/// an accent. Written from the categories of MathML Core's dictionary (relations, binary
/// operators, fences, separators, large operators, accents); spaces are in 18ths of an em.
/// https://w3c.github.io/mathml-core/#operator-dictionary
enum MathOperators {
    enum Form: Sendable { case prefix, infix, postfix }

    struct Properties: Sendable {
        var lspace: Double
        var rspace: Double
        var stretchy = false
        var symmetric = false
        var largeOp = false
        var movableLimits = false
        var accent = false
        /// Stretches along the inline axis (arrows, bars, braces over or under a base).
        var horizontal = false
    }

    /// The entry for `text` in `form`, else in another form (infix, then prefix, then
    /// postfix, as MathML Core looks), else the default: a thick space on each side.
    static func properties(_ text: String, form: Form) -> Properties {
        // The text's one scalar, found once for the forms tried.
        var scalars = text.unicodeScalars.makeIterator()
        let first = scalars.next()
        let single = scalars.next() == nil ? first : nil
        if let entry = entry(text, single, form) { return entry }
        for other in [Form.infix, .prefix, .postfix] where other != form {
            if let entry = entry(text, single, other) { return entry }
        }
        return Properties(lspace: 5, rspace: 5)
    }

    /// The entry for `text` (which is the one scalar `single`, when it is one) in `form`.
    private static func entry(_ text: String, _ single: Unicode.Scalar?, _ form: Form) -> Properties? {
        if let scalar = single {
            // One hash finds the scalar's category (the first of the sets below that holds it).
            switch categories[scalar] {
            case .fence:
                // Fences take no space in any form; inside a row they are prefix or postfix.
                return Properties(lspace: 0, rspace: 0, stretchy: true, symmetric: true)
            case .verticalBar:
                return form == .infix ? Properties(lspace: 5, rspace: 5, stretchy: true, symmetric: true)
                    : Properties(lspace: 0, rspace: 0, stretchy: true, symmetric: true)
            case .largeOperator(let isIntegral):
                return Properties(lspace: 3, rspace: isIntegral ? 0 : 3, symmetric: true, largeOp: true, movableLimits: !isIntegral)
            case .horizontalAccent:
                return Properties(lspace: 0, rspace: 0, stretchy: true, accent: true, horizontal: true)
            case .plainAccent:
                return Properties(lspace: 0, rspace: 0, accent: true)
            case .arrow:
                return Properties(lspace: form == .infix ? 5 : 0, rspace: form == .infix ? 5 : 0, stretchy: true, accent: true, horizontal: true)
            case .binary(let isSign):
                switch form {
                case .infix: return Properties(lspace: 4, rspace: 4)
                case .prefix: return isSign ? Properties(lspace: 0, rspace: 0) : nil
                case .postfix: return nil
                }
            case .relation:
                return form == .infix ? Properties(lspace: 5, rspace: 5) : nil
            case .separator:
                return form == .infix ? Properties(lspace: 0, rspace: 3) : nil
            case .tight: return Properties(lspace: 0, rspace: 0)
            case .prefixOnly: return form == .prefix ? Properties(lspace: 0, rspace: 0) : nil
            case .slash: return Properties(lspace: 0, rspace: 0, stretchy: true, symmetric: true)
            case .backslash: return Properties(lspace: 4, rspace: 4)
            case nil: return nil
            }
        }
        if limitsWords.contains(text) {
            return form == .prefix ? Properties(lspace: 0, rspace: 3, movableLimits: true) : nil
        }
        if relationWords.contains(text) { return Properties(lspace: 5, rspace: 5) }
        return nil
    }

    /// What the dictionary says of a one-scalar operator, by the set it is in.
    private enum Category {
        case fence, verticalBar, largeOperator(isIntegral: Bool), horizontalAccent, plainAccent, arrow, binary(isSign: Bool)
        case relation, separator, tight, prefixOnly, slash, backslash
    }

    /// Each scalar of the sets below with the category of the first set that holds it, in the
    /// order the dictionary is read: fences before bars, bars before large operators, and so on.
    private static let categories: [Unicode.Scalar: Category] = {
        var out: [Unicode.Scalar: Category] = [:]
        func add(_ scalars: Set<Unicode.Scalar>, _ category: (Unicode.Scalar) -> Category) {
            for scalar in scalars where out[scalar] == nil { out[scalar] = category(scalar) }
        }
        add(fences) { _ in .fence }
        add(verticalBars) { _ in .verticalBar }
        add(largeOperators) { .largeOperator(isIntegral: integrals.contains($0)) }
        add(horizontalAccents) { _ in .horizontalAccent }
        add(plainAccents) { _ in .plainAccent }
        add(arrows) { _ in .arrow }
        add(binary) { .binary(isSign: signs.contains($0)) }
        add(relations) { _ in .relation }
        add(separators) { _ in .separator }
        add(tight) { _ in .tight }
        add(["¬", "∂", "∇", "√", "∛"]) { _ in .prefixOnly }
        add(["/"]) { _ in .slash }
        add(["\\", "∖"]) { _ in .backslash }
        return out
    }()

    /// Overlines and underlines, drawn as rules when the font has no longer forms.
    static func isBar(_ text: String) -> Bool {
        ["\u{AF}", "\u{203E}", "_", "\u{305}", "\u{332}", "\u{2015}", "\u{2014}"].contains(text)
    }

    /// Operators drawn upright whatever the mathvariant: the minus sign for a hyphen-minus.
    static func displayed(_ text: String) -> String {
        text == "-" ? "\u{2212}" : text
    }

    private static let fences: Set<Unicode.Scalar> = ["(", ")", "[", "]", "{", "}", "⟨", "⟩", "⟦", "⟧", "⌈", "⌉", "⌊", "⌋",
                                                      "〈", "〉", "⦃", "⦄", "⟮", "⟯", "⦅", "⦆"]
    private static let verticalBars: Set<Unicode.Scalar> = ["|", "‖", "∣", "∥", "⦀"]
    private static let integrals: Set<Unicode.Scalar> = ["∫", "∬", "∭", "∮", "∯", "∰", "∱", "∲", "∳", "⨌", "⨍", "⨎", "⨏", "⨐", "⨑", "⨒", "⨓", "⨔", "⨕", "⨖", "⨗", "⨘", "⨙", "⨚", "⨛", "⨜"]
    private static let largeOperators: Set<Unicode.Scalar> = integrals.union(["∑", "∏", "∐", "⋃", "⋂", "⋁", "⋀", "⨁", "⨂", "⨀", "⨄", "⨆", "⨅", "⨉", "⫿"])
    private static let horizontalAccents: Set<Unicode.Scalar> = ["¯", "‾", "_", "^", "~", "ˆ", "˜", "⏞", "⏟", "⏜", "⏝", "⎴", "⎵",
                                                                 "⃗", "⃖", "̅", "̲", "︷", "︸", "⏠", "⏡"]
    private static let plainAccents: Set<Unicode.Scalar> = ["˙", "¨", "ˇ", "˘", "´", "`", "˚", "⃛", "̇", "̈"]
    private static let arrows: Set<Unicode.Scalar> = ["→", "←", "↔", "⟶", "⟵", "⇒", "⇐", "⇔", "↦", "⟹", "⟸", "⟺", "⟼", "↑", "↓", "↕", "⇑", "⇓", "↗", "↘",
                                                      "↼", "⇀", "⇌", "⇋", "↪", "↩", "⇄", "⇆", "↣", "↠", "↞"]
    private static let signs: Set<Unicode.Scalar> = ["+", "-", "−", "±", "∓"]
    private static let binary: Set<Unicode.Scalar> = ["+", "-", "−", "±", "∓", "×", "÷", "⋅", "∗", "∘", "∙", "∩", "∪", "∧", "∨", "⊕",
                                                      "⊗", "⊖", "⊙", "·", "⊘", "⊎", "⊓", "⊔", "†", "‡", "⋆", "≀", "⋄", "◃", "▹", "△", "▽",
                                                      "⊞", "⊟", "⊠", "⊡", "*", "⨿", "⋉", "⋊", "⋋", "⋌", "⊺", "⊻", "⊼", "⊽", "∔", "⋒", "⋓"]
    private static let relations: Set<Unicode.Scalar> = ["=", "≠", "<", ">", "≤", "≥", "≦", "≧", "≡", "≢", "≈", "∼", "≃", "≅", "≇",
                                                         "∝", "∈", "∉", "∋", "∌", "⊂", "⊃", "⊆", "⊇", "⊊", "⊋", "⊄", "⊅", "≪", "≫", "≺",
                                                         "≻", "⪯", "⪰", "⊥", "⊢", "⊣", "⊨", "⊩", "≔", "≐", "≜", "≝", "≍", "⊏", "⊐",
                                                         "⊑", "⊒", "∤", "∦", "≮", "≯", "≰", "≱", "⩽", "⩾", ":", "≗", "≙", "≟", "≶", "≷",
                                                         "⋘", "⋙", "∽", "≊", "⋐", "⋑", "⊲", "⊳", "⊴", "⊵", "∴", "∵", "∷", "⇝", "⟷", "⇕", "⊸"]
    private static let separators: Set<Unicode.Scalar> = [",", ";", "⁣"]
    /// Characters with no space on either side: the invisible operators, primes, factorial,
    /// ellipses and dots.
    private static let tight: Set<Unicode.Scalar> = ["\u{2061}", "\u{2062}", "\u{2064}", "′", "″", "‴", "⁗", "'", "!", ".", "…", "⋯",
                                                     "⋮", "⋱", "⋰", "%", "?", "@", "&", "#", "$", "ℏ", "∞", "∅", "°"]
    private static let limitsWords: Set<String> = ["lim", "lim sup", "lim inf", "limsup", "liminf", "max", "min", "sup", "inf",
                                                   "det", "gcd", "Pr", "arg max", "arg min", "argmax", "argmin"]
    private static let relationWords: Set<String> = [":=", "≠", "!=", "<=", ">=", "==", "->", "<-", "=>", "mod", "and", "or", "iff"]
}
