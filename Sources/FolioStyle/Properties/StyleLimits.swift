/// The largest computed values Folio keeps: a hostile or mistaken style sheet
/// (`margin-top: 1e38px`, `line-height: 1e9`) is clamped to these when values are computed,
/// with a warning naming the file and property, so layout stays within bounded time and
/// memory. Browsers clamp too (to their layout unit's range); these limits are tighter, and
/// still far beyond what a book's design needs.
///
/// - Lengths (widths, horizontal margins and paddings, insets, text-indent,
///   vertical-align, column-width): ±100,000 px.
/// - Vertical spacing (margin-top/bottom, padding-top/bottom, height, min-height,
///   max-height, top, bottom) and line-height lengths: ±4,000 px (about five phone pages).
/// - Percentages: ±10,000 %.
/// - font-size: at most 500 px; unitless line-height: at most 20.
/// - Border widths: at most 200 px; border-spacing: at most 1,000 px.
/// - letter-spacing and word-spacing: ±1,000 px.
///
/// Numbers that are not finite never get this far: declarations holding them are dropped
/// when parsed. A NaN from calc() arithmetic computes to 0.
/// https://www.w3.org/TR/css-values-4/#calc-range
public enum StyleLimits {
    public static let length = 100_000.0
    public static let verticalLength = 4_000.0
    public static let percent = 10_000.0
    public static let fontSize = 500.0
    public static let lineHeightNumber = 20.0
    public static let borderWidth = 200.0
    public static let borderSpacing = 1_000.0
    public static let spacing = 1_000.0

    /// The limits of some properties, in words: "font-size at most 500px".
    static func describe(_ names: [String]) -> String {
        names.map { name -> String in
            switch name {
            case "font-size": "font-size at most 500px"
            case "line-height": "line-height at most 20 or 4000px"
            case "border-width": "border widths at most 200px"
            case "border-spacing": "border-spacing at most 1000px"
            case "letter-spacing", "word-spacing": "\(name) within ±1000px"
            case "height", "min-height", "max-height", "margin-top", "margin-bottom", "padding-top", "padding-bottom", "top", "bottom":
                "\(name) within ±4000px"
            default: "\(name) within ±100000px"
            }
        }.joined(separator: ", ")
    }

    /// `value` within ±`limit` (NaN is 0).
    static func clamp(_ value: Double, _ limit: Double) -> Double {
        guard !value.isNaN else { return 0 }
        return Swift.min(limit, Swift.max(-limit, value))
    }
}
