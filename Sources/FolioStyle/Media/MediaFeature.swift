/// One media feature test: `(color)`, `(min-width: 600px)`, `(400px <= width < 700px)`.
///
/// `min-`/`max-` prefixes are parsed into comparisons, so every form is a name and
/// zero (boolean context) or more comparisons of the device's value against a value.
/// https://www.w3.org/TR/mediaqueries-4/#mq-features
public struct MediaFeature: Sendable, Hashable {
    /// A comparison of the device's value (on the left) against a value.
    public enum Comparison: String, Sendable, Hashable {
        case less = "<", lessOrEqual = "<=", equal = "=", greaterOrEqual = ">=", greater = ">"

        /// The comparison with its sides swapped (`a < x` is `x > a`).
        var flipped: Comparison {
            switch self {
            case .less: .greater
            case .lessOrEqual: .greaterOrEqual
            case .equal: .equal
            case .greaterOrEqual: .lessOrEqual
            case .greater: .less
            }
        }
    }

    public struct Test: Sendable, Hashable {
        public var comparison: Comparison
        public var value: MediaValue
        /// From `min-`/`max-` or `name: value`, which the range syntax forbids on discrete features.
        public var isPlain: Bool
    }

    /// Lowercased, without `min-`/`max-`.
    public var name: String
    /// Empty in boolean context (`(color)`).
    public var tests: [Test]

    public init(name: String, tests: [Test]) {
        self.name = name
        self.tests = tests
    }

    func evaluate(_ env: MediaEnvironment) -> MediaTruth {
        switch name {
        case "width", "device-width": return range(env.widthPx, length: env)
        case "height", "device-height": return range(env.heightPx, length: env)
        case "aspect-ratio", "device-aspect-ratio":
            guard env.heightPx > 0 else { return .unknown }
            return compare(env.widthPx / env.heightPx) { value in
                switch value {
                case .ratio(let w, let h) where h > 0: w / h
                case .number(let n): n
                default: nil
                }
            }
        case "resolution":
            return compare(env.devicePixelRatio) { value in
                if case .resolution(let dppx) = value { return dppx }
                if case .ident("infinite") = value { return .infinity }
                return nil
            }
        case "color": return integer(env.colorBits)
        case "color-index": return integer(0)
        case "monochrome": return integer(env.monochromeBits)
        case "grid":
            guard tests.allSatisfy({ !$0.isPlain || $0.comparison == .equal }) else { return .unknown }
            return integer(env.isGrid ? 1 : 0)
        case "orientation":
            return discrete(env.heightPx >= env.widthPx ? "portrait" : "landscape")
        case "hover", "any-hover": return discrete("none")
        case "pointer", "any-pointer": return discrete(env.isGrid ? "none" : "coarse")
        case "prefers-color-scheme": return discrete(env.colorScheme)
        case "prefers-reduced-motion", "prefers-reduced-transparency", "prefers-contrast":
            return discrete("no-preference")
        case "update": return discrete("none")
        case "overflow-block": return discrete("paged")
        case "overflow-inline": return discrete("none")
        case "scripting": return discrete("none")
        case "color-gamut": return discrete("srgb")
        case "dynamic-range", "video-dynamic-range": return discrete("standard")
        case "forced-colors", "inverted-colors": return discrete("none")
        default: return .unknown
        }
    }

    // MARK: Feature types

    private func range(_ actual: Double, length env: MediaEnvironment) -> MediaTruth {
        compare(actual) { $0.pixels(in: env) }
    }

    private func integer(_ actual: Int) -> MediaTruth {
        compare(Double(actual)) { value in
            if case .number(let n) = value, n == n.rounded() { return n }
            return nil
        }
    }

    /// A boolean context is true unless the value is zero; comparisons need a value of the feature's type.
    private func compare(_ actual: Double, _ convert: (MediaValue) -> Double?) -> MediaTruth {
        guard !tests.isEmpty else { return MediaTruth(actual != 0) }
        var result = MediaTruth.true
        for test in tests {
            guard let v = convert(test.value) else { return .unknown }
            let holds: Bool
            switch test.comparison {
            case .less: holds = actual < v
            case .lessOrEqual: holds = actual <= v + 1e-9
            case .equal: holds = abs(actual - v) < 1e-9
            case .greaterOrEqual: holds = actual + 1e-9 >= v
            case .greater: holds = actual > v
            }
            result = result && MediaTruth(holds)
        }
        return result
    }

    /// Keyword features: `name: keyword` only; in boolean context true unless `none`.
    private func discrete(_ actual: String) -> MediaTruth {
        guard let test = tests.first else {
            return MediaTruth(actual != "none" && actual != "no-preference")
        }
        guard tests.count == 1, test.isPlain, test.comparison == .equal, case .ident(let k) = test.value else {
            return .unknown
        }
        return MediaTruth(k == actual)
    }
}

/// A value in a media feature test.
public enum MediaValue: Sendable, Hashable {
    case number(Double)
    /// A length as written; resolved against the environment when evaluated.
    case length(Double, unit: String)
    /// `16/9`
    case ratio(Double, Double)
    /// In dots per CSS px.
    case resolution(Double)
    /// Lowercased.
    case ident(String)

    /// The length in CSS px (`em` is 16px in media queries: the initial font size).
    func pixels(in env: MediaEnvironment) -> Double? {
        switch self {
        case .number(0): return 0
        case .length(let v, let unit):
            let factor: Double
            switch unit {
            case "px": factor = 1
            case "em", "rem", "lh", "rlh": factor = 16
            case "ex", "ch", "rex", "rch": factor = 8
            case "pt": factor = 96.0 / 72
            case "pc": factor = 16
            case "in": factor = 96
            case "cm": factor = 96 / 2.54
            case "mm": factor = 96 / 25.4
            case "q": factor = 96 / 101.6
            case "vw": factor = env.widthPx / 100
            case "vh": factor = env.heightPx / 100
            case "vmin": factor = min(env.widthPx, env.heightPx) / 100
            case "vmax": factor = max(env.widthPx, env.heightPx) / 100
            default: return nil
            }
            return v * factor
        default: return nil
        }
    }
}
