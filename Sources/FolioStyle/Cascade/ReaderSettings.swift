/// What the reader chose: theme, text size, font, spacing and whether the publisher's styles apply.
///
/// These become a user stylesheet (`UserStyleSheet`), the way Readium CSS does it, so the cascade
/// weighs them against the book's own styles by the standard rules.
public struct ReaderSettings: Sendable, Hashable {
    public enum Theme: String, Sendable, CaseIterable {
        /// Black on white; the book's colours stay.
        case day
        /// Light text on black; the book's text and background colours are overridden.
        case night
        /// Dark brown on cream; the book's text and background colours are overridden.
        case sepia
    }

    public enum FontChoice: String, Sendable, CaseIterable {
        case publisher, serif, sans
    }

    /// When words are hyphenated at the ends of lines.
    public enum Hyphenation: String, Sendable, CaseIterable {
        /// Justified text is hyphenated unless the book says `hyphens: none`; other text as
        /// the book says (readers hyphenate justified text: its spaces stay even).
        case auto
        /// Exactly as the book's CSS says (`hyphens: auto` only where it asks).
        case book
        /// Never at points Folio finds; soft hyphens the book wrote still break.
        case off
    }

    public var theme: Theme = .day

    /// The theme's page colour (pages without a book background of their own: image pages).
    public var pageColor: RGBA {
        switch theme {
        case .day: .white
        case .night: .black
        case .sepia: RGBA(red: 0xF4, green: 0xEC, blue: 0xD8)
        }
    }
    /// The root font size as a fraction of 16 CSS px: 1.0 is 12 pt on the page scale
    /// (16 CSS px), 14/12 is 14 pt.
    public var fontScale: Double = 1
    public var font: FontChoice = .publisher
    /// A unitless line height forced on text, or nil for the book's.
    public var lineHeight: Double?
    /// Force justified (true) or ragged (false) paragraphs; nil keeps the book's alignment.
    public var justify: Bool?
    public var hyphens: Hyphenation = .auto
    /// Optical margins: quotes, hyphens, commas and full stops at a line's ends protrude
    /// partly into the margin, so that the text's edges look straight.
    public var protrusion = true
    /// With false, only structural author styles apply (display, lists, tables, emphasis …).
    public var publisherStyles = true
    /// Page margins in CSS px, for layout (not a stylesheet matter): at least this, and at
    /// least `marginShare` of the page's shorter side.
    public var pageMargin: Double = 16
    /// The least margin as a share of the page's shorter side (5 %: 20 px on a 390 px phone,
    /// 41 px on an 820 px tablet), so that text never runs close to a screen's edge. 0 for
    /// `pageMargin` alone (a terminal's cells).
    public var marginShare = 0.05
    /// The widest text column, in `ch` of the reader's text size (a figure is half an em in
    /// the default faces): a wider page gets side margins that centre a column this wide, as
    /// a reader's eye finds lines of 60 to 75 characters easiest. 0 for none.
    public var measure: Double = 60

    /// The margin on every side of a page `width` × `height` px: `pageMargin`, or `marginShare`
    /// of the shorter side (whole px) when that is more.
    public func margin(pageWidth width: Double, pageHeight height: Double) -> Double {
        max(pageMargin, (marginShare * min(width, height)).rounded())
    }

    /// The left and right page margin of a page `width` × `height` px: `margin`, or more where
    /// the text column would be wider than `measure`.
    public func horizontalMargin(pageWidth width: Double, pageHeight height: Double) -> Double {
        let margin = margin(pageWidth: width, pageHeight: height)
        guard measure > 0 else { return margin }
        return max(margin, (width - measure * 0.5 * rootFontSize) / 2)
    }

    public init(theme: Theme = .day, fontScale: Double = 1, font: FontChoice = .publisher, lineHeight: Double? = nil,
                justify: Bool? = nil, publisherStyles: Bool = true, pageMargin: Double = 16) {
        self.theme = theme
        self.fontScale = fontScale
        self.font = font
        self.lineHeight = lineHeight
        self.justify = justify
        self.publisherStyles = publisherStyles
        self.pageMargin = pageMargin
    }

    /// The eReader requirements: 12 pt on phones, 14 pt on tablets.
    public static let phone = ReaderSettings(fontScale: 1)
    public static let tablet = ReaderSettings(fontScale: 14.0 / 12.0)

    /// Parses a scale as the CLI takes it: `12pt`, `14pt`, or a percentage such as `125%`.
    public static func parseScale(_ text: String) -> Double? {
        let t = text.lowercased()
        if t.hasSuffix("pt"), let pt = Double(t.dropLast(2)), pt > 0, pt <= 72 { return pt / 12 }
        if t.hasSuffix("%"), let pc = Double(t.dropLast()), pc > 0, pc <= 1000 { return pc / 100 }
        return nil
    }

    /// The font size of `medium` and of the root element, in CSS px.
    public var rootFontSize: Double { 16 * fontScale }
}
