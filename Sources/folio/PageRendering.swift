import ArgumentParser
import FolioDiff
import FolioLayout
import FolioPublication
import FolioRender
import FolioStyle
import FoundationEssentials
import Glibc

/// The render options of `folio snapshot` and `folio diff`: the target, the pixel ratio, the
/// PNG level and the profiles.
struct SnapshotOptions: ParsableArguments {
    @OptionGroup var target: TargetOptions

    @Option(help: "Device pixels per CSS px (default: 3 on phone, 2 on tablet, 1 for WxH devices).")
    var dpr: Double?

    @Option(help: "zlib level of the PNG files, 0 to 9 (it changes the files' hashes, so it is part of a snapshot).")
    var pngCompression = 1

    @Option(help: """
        Profiles, comma-separated: DEVICE-SIZE-THEME such as phone-12pt-day,tablet-14pt-night,600x800-125%-sepia \
        (each part optional; a profile's parts override --device, --scale, --theme and --landscape).
        """)
    var profiles: String?

    @Option(help: "Pages rendered and compared in parallel (default: the number of cores).")
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    func validate() throws {
        if let dpr, !(dpr > 0 && dpr <= 8) { throw ValidationError("--dpr must be between 0 and 8") }
        if !(0...9).contains(pngCompression) { throw ValidationError("--png-compression must be 0 to 9") }
        if !(1...256).contains(jobs) { throw ValidationError("--jobs must be between 1 and 256") }
        if let profiles, case .failure(let error) = RenderProfile.list(profiles) { throw ValidationError("--profiles: \(error)") }
    }

    /// The settings to render with: one per profile of --profiles, else one named after the options.
    func setups() throws -> [RenderSetup] {
        var base: [String: String] = ["device": target.device, "theme": target.theme.rawValue, "font": target.font.rawValue]
        if let size = target.size { base["size"] = size }
        if target.landscape { base["landscape"] = "true" }
        if let scale = target.scale { base["scale"] = scale }
        if let lineHeight = target.lineHeight { base["line-height"] = String(lineHeight) }
        if let justify = target.justify { base["justify"] = justify.rawValue }
        if target.hyphens != .auto { base["hyphens"] = target.hyphens.rawValue }
        if target.protrusion != .on { base["protrusion"] = target.protrusion.rawValue }
        if target.measure != 60 { base["measure"] = String(Int(target.measure)) }
        if target.noPublisherStyles { base["no-publisher-styles"] = "true" }
        if let dpr { base["dpr"] = String(dpr) }
        base["png-compression"] = String(pngCompression)
        guard let profiles, case .success(let list) = RenderProfile.list(profiles) else {
            return [try RenderSetup(options: base, name: nil)]
        }
        return try list.map { profile in
            // Unless given, the text size and pixel ratio follow the profile's device.
            try RenderSetup(options: base.merging(profile.options) { _, new in new }, name: profile.name)
        }
    }
}

/// One profile's render settings, resolved: what a snapshot manifest records as `options`, and
/// the target they make. Built from recorded options too, so a book can be rendered exactly as
/// a snapshot was.
struct RenderSetup {
    let name: String
    /// Every setting that shapes the pixels, resolved (`scale` and `dpr` filled in from the device).
    let options: [String: String]
    let target: TargetOptions
    let dpr: Double
    let compression: Int
    /// The elements whose text is masked, a CSS selector list (the `masks` option, from a triage file).
    let masks: String?

    /// - Parameter name: the profile's name; nil names it after the resolved settings.
    init(options given: [String: String], name: String?) throws {
        var arguments: [String] = []
        for key in ["device", "size", "landscape", "theme", "scale", "font", "line-height", "justify", "hyphens", "protrusion", "measure", "no-publisher-styles"] {
            guard let value = given[key] else { continue }
            if key == "landscape" || key == "no-publisher-styles" {
                if value == "true" { arguments.append("--\(key)") }
            } else {
                arguments += ["--\(key)", value]
            }
        }
        target = try TargetOptions.parse(arguments)
        let environment = try target.environment()
        let scale = target.scale ?? (target.device.lowercased() == "tablet" ? "14pt" : "12pt")
        dpr = given["dpr"].flatMap(Double.init) ?? environment.devicePixelRatio
        compression = given["png-compression"].flatMap(Int.init) ?? 1
        masks = given["masks"]
        if let masks, Selector.parseList(masks) == nil {
            throw ValidationError("the masks option is not a CSS selector list: \(masks)")
        }
        var options = given
        options["scale"] = scale
        options["dpr"] = Self.number(dpr)
        options["png-compression"] = String(compression)
        self.options = options
        self.name = name ?? RenderProfile.name(device: target.device, scale: scale, theme: target.theme.rawValue, landscape: target.landscape)
    }

    /// The same settings with the text of the elements `selectors` matches masked (nil: none).
    func masking(_ selectors: String?) throws -> RenderSetup {
        var given = options
        given["masks"] = selectors
        return try RenderSetup(options: given, name: name)
    }

    /// `3`, not `3.0`.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }

    /// Lays the book out for this profile and renders every page in order, calling `page` with
    /// each record and PNG (nil for chapters `draw` skips). An empty book is an error (exit 65).
    func render(_ publication: Publication, images: BookImages, name book: String, jobs: Int,
                draw: (String) -> Bool = { _ in true }, _ page: (SnapshotPage, [UInt8]?) throws -> Void) throws {
        let layout = BookLayout(publication: publication, environment: try target.environment(), settings: try target.settings(), images: images)
        let progress = Progress(enabled: isatty(2) == 1)
        var count = 0
        try SnapshotRenderer(layout: layout, images: images, dpr: dpr, compression: compression, masks: masks).run(jobs: jobs, draw: draw) { record, png in
            try page(record, png)
            count += 1
            if count % 16 == 0 { progress.update(count) }
        }
        progress.finish()
        if count == 0 {
            Terminal.error("\(book): no spine item could be laid out into a page (folio info shows the warnings)")
            throw Exit.unreadableBook
        }
    }
}

/// Opens a book for rendering: one line on stderr when it warned; an unopenable book or an
/// empty spine is an error (exit 65).
func openForRendering(_ book: String) throws -> Publication {
    let publication = try openBook(book)
    Terminal.summarizeWarnings(publication.diagnostics, book: book)
    guard !publication.spine.items.isEmpty else {
        Terminal.error("\(book): the spine is empty; there is nothing to lay out")
        throw Exit.unreadableBook
    }
    return publication
}
