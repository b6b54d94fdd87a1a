import FolioStyle
import FolioText

/// `font-variant: small-caps` in a face without an `smcp` feature: lowercase letters are drawn
/// as capitals at 70% of the size (the synthesis CSS Fonts asks for).
/// https://www.w3.org/TR/css-fonts-4/#font-variant-caps-prop
extension ChapterBuilder {
    struct CapsPiece {
        var text: String
        var style: SharedStyle
        /// Unicode-scalar offset of the piece in its text node.
        var offset: Int
    }

    /// The text split into runs of full-size and synthesized small capitals, or nil when the
    /// text needs no synthesis. `text-transform` is applied here (the pieces carry none).
    func smallCapsPieces(_ text: String, style shared: SharedStyle) -> [CapsPiece]? {
        let style = shared.style
        let caps = style.font.variantCaps
        guard caps == .smallCaps || caps == .allSmallCaps, !usesCells else { return nil }
        let face = context.inline.fonts.face(for: style.font.family, weight: style.font.weight,
                                             italic: style.font.style != .normal, stretch: style.font.stretch).face
        guard !face.hasSubstitutionFeature("smcp") else { return nil }
        var full = style
        full.font.variantCaps = .normal
        full.text.transform = .none
        var small = full
        small.font.size = style.font.size * 0.7
        let fullStyle = interner.intern(full), smallStyle = interner.intern(small)

        var pieces: [CapsPiece] = []
        var current = "", currentSmall = false, start = 0, offset = 0
        for character in text {
            var shown = String(character)
            switch style.text.transform {
            case .uppercase: shown = shown.uppercased()
            case .lowercase: shown = shown.lowercased()
            default: break
            }
            let isSmall = character.isLetter && (caps == .allSmallCaps || shown != shown.uppercased())
            if isSmall { shown = shown.uppercased() }
            if isSmall != currentSmall && !current.isEmpty {
                pieces.append(CapsPiece(text: current, style: currentSmall ? smallStyle : fullStyle, offset: start))
                current = ""
                start = offset
            }
            currentSmall = isSmall
            current += shown
            offset += character.unicodeScalars.count
        }
        if !current.isEmpty { pieces.append(CapsPiece(text: current, style: currentSmall ? smallStyle : fullStyle, offset: start)) }
        return pieces
    }
}
