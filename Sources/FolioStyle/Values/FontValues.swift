// Values of the font properties. https://www.w3.org/TR/css-fonts-3/

/// One entry of `font-family`.
///
/// https://www.w3.org/TR/css-fonts-4/#font-family-prop
public enum FontFamily: Sendable, Hashable, CustomStringConvertible {
    case named(String)
    case generic(GenericFamily)

    public var description: String {
        switch self {
        case .named(let name): cssString(name)
        case .generic(let generic): generic.rawValue
        }
    }
}

/// https://www.w3.org/TR/css-fonts-4/#generic-font-families
public enum GenericFamily: String, CSSKeyword {
    case serif
    case sansSerif = "sans-serif"
    case monospace, cursive, fantasy
    case systemUI = "system-ui"
    case uiSerif = "ui-serif"
    case uiSansSerif = "ui-sans-serif"
    case uiMonospace = "ui-monospace"
    case uiRounded = "ui-rounded"
    case math, emoji, fangsong
}

/// The absolute-size keywords of `font-size`, as factors of `medium`.
///
/// https://www.w3.org/TR/css-fonts-4/#absolute-size-mapping
public enum FontSizeKeyword: String, CSSKeyword {
    case xxSmall = "xx-small"
    case xSmall = "x-small"
    case small, medium, large
    case xLarge = "x-large"
    case xxLarge = "xx-large"
    case xxxLarge = "xxx-large"

    public var scale: Double {
        switch self {
        case .xxSmall: 3.0 / 5
        case .xSmall: 3.0 / 4
        case .small: 8.0 / 9
        case .medium: 1
        case .large: 6.0 / 5
        case .xLarge: 3.0 / 2
        case .xxLarge: 2
        case .xxxLarge: 3
        }
    }
}

/// A specified `font-size`.
public enum FontSizeValue: Sendable, Hashable {
    case keyword(FontSizeKeyword)
    /// `smaller` / `larger`: the parent's size divided or multiplied by 1.2.
    case smaller, larger
    /// Percentages and em are of the parent's font size.
    case length(Length)
}

/// A specified `font-weight`. https://www.w3.org/TR/css-fonts-4/#font-weight-prop
public enum FontWeightValue: Sendable, Hashable {
    case absolute(Int)
    case bolder, lighter

    /// The weight `bolder`/`lighter` give over an inherited weight.
    ///
    /// https://www.w3.org/TR/css-fonts-4/#relative-weights
    func resolve(parent: Int) -> Int {
        switch self {
        case .absolute(let weight): weight
        case .bolder: parent < 350 ? 400 : parent < 550 ? 700 : parent < 900 ? 900 : parent
        case .lighter: parent < 100 ? parent : parent < 550 ? 100 : parent < 750 ? 400 : 700
        }
    }
}

/// https://www.w3.org/TR/css-fonts-4/#font-style-prop
public enum FontStyle: String, CSSKeyword {
    case normal, italic, oblique
}

/// https://www.w3.org/TR/css-fonts-4/#font-variant-caps-prop
public enum FontVariantCaps: String, CSSKeyword {
    case normal
    case smallCaps = "small-caps"
    case allSmallCaps = "all-small-caps"
    case petiteCaps = "petite-caps"
    case allPetiteCaps = "all-petite-caps"
    case unicase
    case titlingCaps = "titling-caps"
}

/// `font-stretch` keywords and the percentages they stand for.
///
/// https://www.w3.org/TR/css-fonts-4/#font-stretch-prop
enum FontStretchKeyword: String, CSSKeyword {
    case ultraCondensed = "ultra-condensed"
    case extraCondensed = "extra-condensed"
    case condensed
    case semiCondensed = "semi-condensed"
    case normal
    case semiExpanded = "semi-expanded"
    case expanded
    case extraExpanded = "extra-expanded"
    case ultraExpanded = "ultra-expanded"

    var percent: Double {
        switch self {
        case .ultraCondensed: 50
        case .extraCondensed: 62.5
        case .condensed: 75
        case .semiCondensed: 87.5
        case .normal: 100
        case .semiExpanded: 112.5
        case .expanded: 125
        case .extraExpanded: 150
        case .ultraExpanded: 200
        }
    }
}

/// One OpenType feature of `font-feature-settings` (`"smcp"`, `"liga" 0`).
///
/// https://www.w3.org/TR/css-fonts-3/#font-feature-settings-prop
public struct FontFeature: Sendable, Hashable, CustomStringConvertible {
    /// Four ASCII characters.
    public var tag: String
    /// 1 for `on` or no value, 0 for `off`.
    public var value: Int

    public init(tag: String, value: Int) {
        self.tag = tag
        self.value = value
    }

    public var description: String { value == 1 ? cssString(tag) : "\(cssString(tag)) \(value)" }
}

/// A computed `line-height`. Numbers inherit as numbers; lengths and percentages are px.
///
/// https://www.w3.org/TR/CSS2/visudet.html#propdef-line-height
public enum LineHeight: Sendable, Hashable, CustomStringConvertible {
    case normal
    case number(Double)
    case px(Double)

    public var description: String {
        switch self {
        case .normal: "normal"
        case .number(let number): cssNumber(number)
        case .px(let px): cssNumber(px) + "px"
        }
    }
}

/// A specified `line-height`.
public enum LineHeightValue: Sendable, Hashable {
    case normal
    case number(Double)
    /// Percentages are of the element's own font size.
    case length(Length)
}
