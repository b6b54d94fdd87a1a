/// What the paragraph setter needs besides its input: the book's fonts, a shaping cache,
/// a shaper and the hyphenation dictionaries.
///
/// The font context, shape cache and hyphenation context may be shared between threads;
/// the `Shaper` may not, so make one `InlineContext` per thread (they can share the rest).
public struct InlineContext {
    public let fonts: FontContext
    public let shapeCache: ShapeCache
    public let shaper: Shaper
    public let hyphenation: HyphenationContext

    public init(fonts: FontContext, shapeCache: ShapeCache = ShapeCache(), shaper: Shaper = Shaper(),
                hyphenation: HyphenationContext = HyphenationContext()) {
        self.fonts = fonts
        self.shapeCache = shapeCache
        self.shaper = shaper
        self.hyphenation = hyphenation
    }
}
