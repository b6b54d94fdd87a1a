/// The device that media queries are evaluated against: viewport size in CSS pixels,
/// pixel density, colour depth.
///
/// `device-width`/`device-height` are answered with the viewport: a reading system's
/// page is the whole screen it is given.
/// https://www.w3.org/TR/mediaqueries-4/#mq-features
public struct MediaEnvironment: Sendable, Hashable {
    /// Viewport width in CSS px.
    public var widthPx: Double
    /// Viewport height in CSS px.
    public var heightPx: Double
    /// Device pixels per CSS px (`resolution` in dppx).
    public var devicePixelRatio: Double
    /// Bits per colour component; 0 for a monochrome device (`color`).
    public var colorBits: Int
    /// Bits per pixel of a monochrome device; 0 for a colour one (`monochrome`).
    public var monochromeBits: Int
    /// A character-cell device, like the terminal pager (`grid`).
    public var isGrid: Bool
    /// The media type, lowercased: `screen` unless printing.
    public var mediaType: String
    /// `prefers-color-scheme`: `light` or `dark`.
    public var colorScheme: String

    public init(width: Double, height: Double, dpr: Double = 1, colorBits: Int = 8, monochromeBits: Int = 0,
                isGrid: Bool = false, mediaType: String = "screen", colorScheme: String = "light") {
        widthPx = width
        heightPx = height
        devicePixelRatio = dpr
        self.colorBits = colorBits
        self.monochromeBits = monochromeBits
        self.isGrid = isGrid
        self.mediaType = mediaType
        self.colorScheme = colorScheme
    }

    /// A phone held upright: 390×844 CSS px at 3×.
    public static let phone = MediaEnvironment(width: 390, height: 844, dpr: 3)
    /// A tablet held upright: 820×1180 CSS px at 2×.
    public static let tablet = MediaEnvironment(width: 820, height: 1180, dpr: 2)

    /// A terminal of `columns`×`rows` cells, each 8×16 CSS px.
    public static func terminal(columns: Int, rows: Int) -> MediaEnvironment {
        MediaEnvironment(width: Double(columns * 8), height: Double(rows * 16), dpr: 1, isGrid: true)
    }

    /// The same device turned sideways (width and height swapped).
    public var landscape: MediaEnvironment {
        var turned = self
        turned.widthPx = max(widthPx, heightPx)
        turned.heightPx = min(widthPx, heightPx)
        return turned
    }

    /// The same device held upright.
    public var portrait: MediaEnvironment {
        var turned = self
        turned.widthPx = min(widthPx, heightPx)
        turned.heightPx = max(widthPx, heightPx)
        return turned
    }
}
