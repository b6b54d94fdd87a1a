import ArgumentParser
import FolioStyle

/// The target and reader settings shared by the commands that style, lay out or render.
///
/// Options with a default are optional values with the default given in code and in their
/// help: ArgumentParser describes a default value when it reads the options of a command (at
/// every run, help or not), by reflection and dynamic casts that cost a short book's run some
/// 8 % of its instructions.
struct TargetOptions: ParsableArguments {
    @Option(name: .customLong("device"), help: "The device: phone (390×844 CSS px at 3×), tablet (820×1180 at 2×), or WxH in CSS px. Default: phone.")
    var namedDevice: String?

    /// The device named, phone when none is.
    var device: String { namedDevice ?? "phone" }

    @Option(help: "The page size in CSS px (WxH), overriding the device's; the device keeps its pixel ratio.")
    var size: String?

    @Flag(help: "Turn the device sideways.")
    var landscape = false

    @Option(name: .customLong("theme"), help: "Theme: day, night or sepia. Default: day.")
    var chosenTheme: ReaderSettings.Theme?
    var theme: ReaderSettings.Theme { chosenTheme ?? .day }

    @Option(help: "Text size: 12pt, 14pt or a percentage such as 125%. Default: 12pt on phone, 14pt on tablet.")
    var scale: String?

    @Option(name: .customLong("font"), help: "Font: publisher, serif or sans. Default: publisher.")
    var chosenFont: ReaderSettings.FontChoice?
    var font: ReaderSettings.FontChoice { chosenFont ?? .publisher }

    @Option(help: "Force a unitless line height, e.g. 1.5.")
    var lineHeight: Double?

    @Option(help: "Force justified (on) or ragged (off) paragraphs.")
    var justify: Toggle?

    @Option(name: .customLong("hyphens"),
            help: "Hyphenation: auto (justified text, unless the book says hyphens: none), book (as its CSS says) or off. Default: auto.")
    var chosenHyphens: ReaderSettings.Hyphenation?
    var hyphens: ReaderSettings.Hyphenation { chosenHyphens ?? .auto }

    @Option(name: .customLong("protrusion"),
            help: "Optical margins: punctuation at the ends of lines protrudes into the margin (on) or not (off). Default: on.")
    var chosenProtrusion: Toggle?
    var protrusion: Toggle { chosenProtrusion ?? .on }

    @Option(name: .customLong("measure"),
            help: "The widest text column in characters (ch of the text size); wider pages get side margins. 0 for none. Default: 60.")
    var chosenMeasure: Double?
    var measure: Double { chosenMeasure ?? 60 }

    @Flag(help: "Ignore the publisher's styles except structural ones.")
    var noPublisherStyles = false

    enum Toggle: String, NamedChoices { case on, off }

    func validate() throws {
        _ = try environment()
        if let scale, ReaderSettings.parseScale(scale) == nil {
            throw ValidationError("--scale must be like 12pt, 14pt or 125%, not '\(scale)'")
        }
        if !(0...1000).contains(measure) {
            throw ValidationError("--measure must be between 0 (no limit) and 1000 characters")
        }
        if let lineHeight, !(lineHeight > 0 && lineHeight < 10) {
            throw ValidationError("--line-height must be between 0 and 10")
        }
    }

    func environment() throws -> MediaEnvironment {
        var env: MediaEnvironment
        switch device.lowercased() {
        case "phone": env = .phone
        case "tablet": env = .tablet
        default:
            guard let (w, h) = Self.dimensions(device) else {
                throw ValidationError("--device must be phone, tablet or WxH in CSS px (e.g. 600x800), not '\(device)'")
            }
            env = MediaEnvironment(width: w, height: h, dpr: 1)
        }
        if let size {
            guard let (w, h) = Self.dimensions(size) else {
                throw ValidationError("--size must be WxH in CSS px (e.g. 600x800), not '\(size)'")
            }
            env.widthPx = w
            env.heightPx = h
        }
        return landscape ? env.landscape : env
    }

    private static func dimensions(_ text: String) -> (Double, Double)? {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]),
              (50...20_000).contains(w), (50...20_000).contains(h) else { return nil }
        return (w, h)
    }

    func settings() throws -> ReaderSettings {
        var settings = device.lowercased() == "tablet" ? ReaderSettings.tablet : ReaderSettings.phone
        if let scale, let value = ReaderSettings.parseScale(scale) { settings.fontScale = value }
        settings.theme = theme
        settings.font = font
        settings.lineHeight = lineHeight
        settings.justify = justify.map { $0 == .on }
        settings.hyphens = hyphens
        settings.protrusion = protrusion == .on
        settings.measure = measure
        settings.publisherStyles = !noPublisherStyles
        return settings
    }
}

extension ReaderSettings.Theme: NamedChoices {}
extension ReaderSettings.FontChoice: NamedChoices {}
extension ReaderSettings.Hyphenation: NamedChoices {}

/// An option's choices, named by their raw values. ArgumentParser lists and describes them
/// through `String(describing:)`, by reflection, at every run; their names are at hand.
protocol NamedChoices: ExpressibleByArgument, CaseIterable, RawRepresentable where RawValue == String {}

extension NamedChoices {
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
    public var defaultValueDescription: String { rawValue }
}
