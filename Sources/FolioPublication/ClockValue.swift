/// A SMIL clock value: a duration or an offset into audio, in seconds.
///
/// Used by `media:duration` in the package and by `clipBegin`/`clipEnd` in Media Overlays.
/// https://www.w3.org/TR/epub-33/#app-clock-examples and
/// https://www.w3.org/TR/SMIL3/smil-timing.html#q22
///
/// ```
/// Clock-value       ::= Full-clock-value | Partial-clock-value | Timecount-value
/// Full-clock-value  ::= Hours ":" Minutes ":" Seconds ("." Fraction)?     0:23:48.123
/// Partial-clock-value ::= Minutes ":" Seconds ("." Fraction)?             23:48
/// Timecount-value   ::= Timecount ("." Fraction)? ("h" | "min" | "s" | "ms")?   12.5s, 500ms, 3min
/// ```
/// Leniency: `Minutes` and `Seconds` may have one digit as well as two (`0:5:3`), but must stay
/// below 60 as the grammar requires. Surrounding whitespace is ignored; anything else (inner
/// spaces, signs, exponents, a unit this grammar lacks) makes the value invalid. An `npt=` prefix
/// (SMIL 1, DAISY 2.02) is read past. Values over `maximumSeconds` are out of range.
public struct ClockValue: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var seconds: Double

    public init(seconds: Double) {
        self.seconds = seconds
    }

    /// The longest clock value Folio accepts: 100,000 hours, far past any recording, and small
    /// enough that sums of many such values still convert to integer milliseconds without trapping.
    public static let maximumSeconds: Double = 360_000_000

    /// Why a text is not a usable clock value.
    public enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
        /// The text does not follow the clock value grammar.
        case notAClockValue
        /// The text is a clock value, but longer than `ClockValue.maximumSeconds`.
        case outOfRange

        public var description: String {
            switch self {
            case .notAClockValue: "is not a clock value"
            case .outOfRange: "is over the 100,000-hour limit"
            }
        }
    }

    /// Parses a clock value; nil when `text` is not one or is out of range.
    public init?(_ text: String) {
        guard case .success(let value) = Self.reading(text) else { return nil }
        self = value
    }

    /// Parses a clock value, saying why when `text` is not a usable one.
    public static func reading(_ text: String) -> Result<ClockValue, Problem> {
        var trimmed = text.trimmingSpaces()
        // SMIL 1 and DAISY 2.02 overlays write normal play time with its scheme: `npt=12.5s`.
        if trimmed.hasPrefix("npt=") { trimmed = String(trimmed.dropFirst(4)) }
        guard !trimmed.isEmpty, trimmed.utf8.count <= 64 else { return .failure(.notAClockValue) }
        let value = trimmed.contains(":") ? Self.clock(trimmed) : Self.timecount(trimmed)
        guard let value else { return .failure(.notAClockValue) }
        guard value.isFinite, value <= maximumSeconds else { return .failure(.outOfRange) }
        return .success(ClockValue(seconds: value))
    }

    public static func < (a: ClockValue, b: ClockValue) -> Bool { a.seconds < b.seconds }

    public var description: String { "\(seconds)s" }

    /// `H:MM:SS.fff` or `MM:SS.fff`.
    private static func clock(_ text: String) -> Double? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3 else { return nil }
        var hours = 0.0
        if parts.count == 3 {
            guard let h = digits(parts[0]) else { return nil }
            hours = h
        }
        let minutePart = parts[parts.count - 2]
        guard minutePart.count <= 2, let minutes = digits(minutePart), minutes < 60 else { return nil }
        let secondPart = parts[parts.count - 1]
        let (whole, fraction) = splitFraction(secondPart)
        guard whole.count <= 2, let seconds = digits(whole), seconds < 60 else { return nil }
        guard let fractionValue = fractionValue(fraction) else { return nil }
        return hours * 3600 + minutes * 60 + seconds + fractionValue
    }

    /// `12.5s`, `500ms`, `1.5h`, `3min`, `12.467` (seconds by default).
    private static func timecount(_ text: String) -> Double? {
        let metrics: [(suffix: String, scale: Double)] = [("ms", 0.001), ("min", 60), ("h", 3600), ("s", 1)]
        var number = Substring(text)
        var scale = 1.0
        if let metric = metrics.first(where: { text.hasSuffix($0.suffix) }) {
            number = number.dropLast(metric.suffix.count)
            scale = metric.scale
        }
        let (whole, fraction) = splitFraction(number)
        guard let count = digits(whole), let fractionValue = fractionValue(fraction) else { return nil }
        return (count + fractionValue) * scale
    }

    /// Splits `12.345` into `12` and `345` (nil fraction when there is no dot).
    private static func splitFraction(_ s: Substring) -> (Substring, Substring?) {
        guard let dot = s.firstIndex(of: ".") else { return (s, nil) }
        return (s[..<dot], s[s.index(after: dot)...])
    }

    /// One or more ASCII digits as a number; nil otherwise.
    private static func digits(_ s: Substring) -> Double? {
        guard !s.isEmpty, s.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Double(s)
    }

    /// `345` → 0.345; a missing fraction is 0, an empty or non-digit one is invalid.
    private static func fractionValue(_ s: Substring?) -> Double? {
        guard let s else { return 0 }
        guard digits(s) != nil else { return nil }
        return Double("0." + s)
    }
}
