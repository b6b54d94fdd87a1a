import FolioCore

/// Fixed-layout rendition properties: global `rendition:*` metas and per-spine-item overrides.
///
/// https://www.w3.org/TR/epub-33/#sec-package-rendering and
/// https://www.w3.org/TR/epub-33/#layout-overrides (spine `properties`)
extension PackageParser {
    /// The values each rendition property allows.
    static let renditionValues: [String: Set<String>] = [
        "layout": ["reflowable", "pre-paginated"],
        "orientation": ["auto", "landscape", "portrait"],
        "spread": ["none", "landscape", "portrait", "both", "auto"],
        "flow": ["paginated", "scrolled-continuous", "scrolled-doc", "auto"],
    ]

    /// Sets one rendition property; `spread: portrait` is deprecated and read as `both`.
    static func set(_ name: String, _ value: String, in rendition: inout Rendition) {
        switch name {
        case "layout": rendition.layout = value
        case "orientation": rendition.orientation = value
        case "spread": rendition.spread = value == "portrait" ? "both" : value
        case "flow": rendition.flow = value
        default: break
        }
    }

    /// The global `rendition:layout/orientation/spread/flow` metas (the first of each counts).
    /// `rendition:viewport` is deprecated and only kept in `metas`.
    static func globalRendition(_ primary: [Meta], _ context: Context) -> Rendition {
        var rendition = Rendition()
        var seen: Set<String> = []
        for meta in primary {
            let property = context.prefixes.canonical(meta.property)
            guard property.hasPrefix("rendition:") else { continue }
            let name = String(property.dropFirst("rendition:".count))
            guard let allowed = renditionValues[name] else { continue }
            let value = meta.value.lowercased()
            guard allowed.contains(value) else {
                context.warn("opf.rendition-invalid-value", "\(property) \"\(meta.value)\" is not one of \(allowed.sorted().joined(separator: ", ")); ignored")
                continue
            }
            guard seen.insert(name).inserted else {
                context.warn("opf.rendition-duplicate", "\(property) is given more than once; the first counts")
                continue
            }
            set(name, value, in: &rendition)
        }
        return rendition
    }

    /// Per-item overrides from spine `properties` (`rendition:layout-pre-paginated`,
    /// `rendition:spread-none` …) and the page spread (`page-spread-left`, `rendition:page-spread-center`).
    static func spineRendition(_ properties: [String], _ context: Context) -> (rendition: Rendition, pageSpread: String?) {
        var rendition = Rendition()
        var pageSpread: String?
        for property in properties.map(context.prefixes.canonical) {
            let name = property.hasPrefix("rendition:") ? String(property.dropFirst("rendition:".count)) : property
            if name.hasPrefix("page-spread-") {
                // Unprefixed page-spread-* is EPUB 3.0's spelling; rendition:page-spread-center is the only center.
                let side = String(name.dropFirst("page-spread-".count))
                if ["left", "right", "center"].contains(side), pageSpread == nil { pageSpread = side }
                continue
            }
            guard property.hasPrefix("rendition:") else { continue }
            for (key, allowed) in renditionValues where name.hasPrefix(key + "-") {
                let value = String(name.dropFirst(key.count + 1))
                if allowed.contains(value) { set(key, value, in: &rendition) }
            }
        }
        return (rendition, pageSpread)
    }
}
