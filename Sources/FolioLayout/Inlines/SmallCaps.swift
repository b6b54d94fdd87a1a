import FolioStyle
import FolioText

/// `font-variant: small-caps` in a face without an `smcp` feature: lowercase letters are drawn
/// as capitals at 70% of the size (the synthesis CSS Fonts asks for).
/// https://www.w3.org/TR/css-fonts-4/#font-variant-caps-prop
struct SmallCaps {
    let chapter: ChapterLayout

    struct CapsPiece {
        var text: String
        var style: SharedStyle
        /// Unicode-scalar offset of the piece in its text node.
        var offset: Int
    }

    /// The text split into runs of full-size and synthesized small capitals, or nil when the
    /// text needs no synthesis. `text-transform` is applied here (the pieces carry none).
    func pieces(_ text: String, style shared: SharedStyle) -> [CapsPiece]? {
        let style = shared.style
        let caps = style.font.variantCaps
        guard caps == .smallCaps || caps == .allSmallCaps, !chapter.usesCells else { return nil }
        guard let (fullStyle, smallStyle) = capsStyles(for: shared) else { return nil }

        var pieces: [CapsPiece] = []
        var current = "", currentSmall = false, start = 0, offset = 0
        for character in text {
            let (shown, isSmall) = Self.capital(character, transform: style.text.transform, allSmall: caps == .allSmallCaps)
            if isSmall != currentSmall && !current.isEmpty {
                pieces.append(CapsPiece(text: current, style: currentSmall ? smallStyle : fullStyle, offset: start))
                current = ""
                start = offset
            }
            currentSmall = isSmall
            current.append(contentsOf: shown)
            offset += character.unicodeScalars.count
        }
        if !current.isEmpty { pieces.append(CapsPiece(text: current, style: currentSmall ? smallStyle : fullStyle, offset: start)) }
        return pieces
    }

    /// The full-size and small styles a small-caps style's text is drawn in, nil when the face
    /// has real small capitals; worked out once per style (a play names its speakers in small
    /// capitals thousands of times).
    private func capsStyles(for shared: SharedStyle) -> (SharedStyle, SharedStyle)? {
        let key = ObjectIdentifier(shared)
        if let known = chapter.styles.smallCaps[key] { return known.styles }
        let style = shared.style
        let face = chapter.context.inline.fonts.face(for: style.font.family, weight: style.font.weight,
                                             italic: style.font.style != .normal, stretch: style.font.stretch).face
        var styles: (SharedStyle, SharedStyle)?
        if !face.hasSubstitutionFeature("smcp") {
            var full = style
            full.font.variantCaps = .normal
            full.text.transform = .none
            var small = full
            small.font.size = style.font.size * 0.7
            styles = (chapter.interner.intern(full), chapter.interner.intern(small))
        }
        // The style is kept with its answer, so that its identifier is not reused.
        chapter.styles.smallCaps[key] = (shared, styles)
        return styles
    }

    /// A character as drawn in small capitals — after `text-transform` — and whether it is
    /// drawn small; ASCII without building strings.
    static func capital(_ character: Character, transform: TextTransform, allSmall: Bool) -> (String, Bool) {
        if character.utf8.count == 1, let ascii = character.utf8.first, ascii < 0x80 {
            var byte = ascii
            switch transform {
            case .uppercase: if byte >= 0x61 && byte <= 0x7A { byte -= 0x20 }
            case .lowercase: if byte >= 0x41 && byte <= 0x5A { byte += 0x20 }
            default: break
            }
            let isLower = byte >= 0x61 && byte <= 0x7A
            let isSmall = isLower || (allSmall && byte >= 0x41 && byte <= 0x5A)
            if isLower { byte -= 0x20 }
            return (String(UnicodeScalar(byte)), isSmall)
        }
        var shown = String(character)
        switch transform {
        case .uppercase: shown = shown.uppercased()
        case .lowercase: shown = shown.lowercased()
        default: break
        }
        let upper = shown.uppercased()
        let isSmall = character.isLetter && (allSmall || shown != upper)
        return (isSmall ? upper : shown, isSmall)
    }
}
