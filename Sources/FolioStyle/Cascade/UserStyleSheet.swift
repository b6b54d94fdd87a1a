/// The user stylesheet that carries `ReaderSettings` into the cascade.
///
/// Declarations are `!important` in the user origin, which outranks the book's own
/// `!important` ones (CSS Cascade 4 §6.1), so a theme is always readable. Images are never
/// recoloured: only text colours and backgrounds change.
enum UserStyleSheet {
    static let nightBackground = "#000000"
    static let sepiaBackground = "#f4ecd8"
    /// The structural semantics (EPUB SSV and the Z39.98 vocabulary) of text set in lines.
    static let verseTypes = ["z3998:verse", "z3998:poem", "z3998:song", "z3998:hymn", "z3998:lyrics"]

    static func text(for settings: ReaderSettings) -> String {
        var css = "@namespace url(http://www.w3.org/1999/xhtml);\n@namespace epub url(http://www.idpf.org/2007/ops);\n"
        switch settings.theme {
        case .day:
            // Defaults only: the book's colours stay.
            css += "html { color: #000000; background-color: #ffffff; }\n"
        case .night, .sepia:
            let (text, background, link) = settings.theme == .night
                ? ("#e6e6e6", Self.nightBackground, "#8ab4f8")
                : ("#3b2a1a", Self.sepiaBackground, "#5a3e1b")
            css += """
            html { color: \(text) !important; background-color: \(background) !important; }
            body, body *:not(img):not(svg):not(video) { color: \(text) !important; background-color: transparent !important; border-color: currentColor !important; }
            a:link, a:link * { color: \(link) !important; }

            """
        }
        switch settings.font {
        case .publisher: break
        case .serif, .sans:
            let family = settings.font == .serif ? "serif" : "sans-serif"
            css += "body, body *:not(code):not(pre):not(kbd):not(samp):not(tt) { font-family: \(family) !important; }\n"
        }
        if let lineHeight = settings.lineHeight {
            css += "body, body * { line-height: \(lineHeight) !important; }\n"
        }
        if let justify = settings.justify {
            // Prose only: verse, songs and the like keep the book's alignment, since a verse
            // line's end is the poet's and a turned-over line is not stretched to the margin.
            let align = justify ? "justify" : "start"
            let verse = Self.verseTypes.map { "[epub|type~=\"\($0)\"]" }.joined(separator: ", ")
            css += """
            body :is(p, li, dd, blockquote):not(\(verse), :is(\(verse)) *) { text-align: \(align) !important; }

            """
        }
        return css
    }
}
