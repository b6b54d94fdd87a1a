/// An sRGB colour with alpha: the computed form of every colour.
///
/// https://www.w3.org/TR/css-color-4/#resolving-color-values
public struct RGBA: Sendable, Hashable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    /// 0…1.
    public var alpha: Double

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = Swift.min(1, Swift.max(0, alpha))
    }

    /// From channel values in 0…255 (rounded and clamped) and alpha in 0…1.
    init(clampingRed red: Double, green: Double, blue: Double, alpha: Double) {
        func channel(_ value: Double) -> UInt8 {
            guard value.isFinite else { return 0 }
            return UInt8(Swift.min(255, Swift.max(0, value.rounded())))
        }
        self.init(red: channel(red), green: channel(green), blue: channel(blue), alpha: alpha.isFinite ? alpha : 1)
    }

    /// From `0xRRGGBB`.
    init(hex: UInt32) {
        self.init(red: UInt8((hex >> 16) & 0xFF), green: UInt8((hex >> 8) & 0xFF), blue: UInt8(hex & 0xFF))
    }

    public static let black = RGBA(red: 0, green: 0, blue: 0)
    public static let white = RGBA(red: 255, green: 255, blue: 255)
    public static let transparent = RGBA(red: 0, green: 0, blue: 0, alpha: 0)
}

extension RGBA: CustomStringConvertible {
    /// `rgb(r, g, b)` when opaque, otherwise `rgba(r, g, b, a)`, as getComputedStyle gives.
    public var description: String {
        alpha >= 1
            ? "rgb(\(red), \(green), \(blue))"
            : "rgba(\(red), \(green), \(blue), \(cssNumber((alpha * 1000).rounded() / 1000)))"
    }
}

/// A specified or computed colour: a fixed sRGB value or `currentColor`.
///
/// `currentColor` stays a keyword in computed values, as CSS Color 4 defines, so that it
/// inherits as a keyword (a child's `text-emphasis-color` follows the child's `color`);
/// `ComputedStyle.resolve(_:)` gives the used colour.
/// https://www.w3.org/TR/css-color-4/#currentcolor-color
public enum CSSColor: Sendable, Hashable {
    case rgba(RGBA)
    case currentColor

    public static let black = CSSColor.rgba(.black)
    public static let transparent = CSSColor.rgba(.transparent)
}
