import FolioCore

/// Manifest fallback chains: which item Folio shows in place of one whose media type it cannot render.
///
/// https://www.w3.org/TR/epub-33/#sec-manifest-fallbacks
///
/// Each item's chain is itself, then its `fallback`, that item's `fallback`, and so on. The item
/// resolves to the first one in its chain that Folio renders (`MediaTypes.isRenderable`, never a
/// remote item); a `scripted` document is passed over for its fallback, since Folio runs no
/// scripts, and shown itself only when nothing after it renders. A chain that names a missing id (`opf.fallback-missing`) or comes back on itself
/// (`opf.fallback-cycle`) is warned and ends there; no chain is walked twice, so a hostile manifest
/// costs time linear in its size. A chain in which nothing renders may still end in an item of
/// `MediaTypes.xhtmlWhenSniffed` whose file `sniff` finds to be XHTML: that item is shown as XHTML.
public enum Fallbacks {
    /// Sets `renderableID` on every item of `manifest`. `location` is the package path, for warnings.
    public static func resolve(_ manifest: inout Manifest, diagnostics: Diagnostics, at location: String,
                               sniff: (ManifestItem) -> String? = { _ in nil }) {
        let items = manifest.items
        var index: [String: Int] = [:]
        for (i, item) in items.enumerated() where index[item.id] == nil { index[item.id] = i }

        for item in items {
            if let fallback = item.fallback, index[fallback] == nil {
                diagnostics.warn("opf.fallback-missing", "manifest item \"\(item.id)\" falls back to \"\(fallback)\", which is not in the manifest", at: location)
            }
        }
        for cycle in cycles(items, index) {
            // A hostile cycle may hold thousands of items: name a few.
            var ids = cycle.prefix(8).map { items[$0].id }
            ids.append(cycle.count > 8 ? "… (\(cycle.count) items)" : items[cycle[0]].id)
            diagnostics.warn("opf.fallback-cycle", "the fallback chain \(ids.joined(separator: " → ")) is a cycle", at: location)
        }

        var resolved: [Int: String?] = [:]
        for start in items.indices where resolved[start] == nil {
            var path: [Int] = []
            var onPath: Set<Int> = []
            var current = start
            var result: String?
            var sniffable: Int?
            var scripted: String?
            while true {
                if let known = resolved[current] { result = known; break }
                guard onPath.insert(current).inserted else { break }  // a cycle without a renderable item
                path.append(current)
                let item = items[current]
                if !item.isRemote, MediaTypes.isRenderable(item.mediaType) {
                    // Folio runs no scripts: a scripted document's fallback is shown when it has one.
                    guard item.properties.contains("scripted"), let next = item.fallback.flatMap({ index[$0] }) else {
                        result = item.id
                        break
                    }
                    if scripted == nil { scripted = item.id }
                    current = next
                    continue
                }
                if sniffable == nil, !item.isRemote, MediaTypes.xhtmlWhenSniffed.contains(item.contentType) { sniffable = current }
                guard let fallback = item.fallback, let next = index[fallback] else { break }
                current = next
            }
            if result == nil, let scripted { result = scripted }   // no fallback renders: the scripted document, without its scripts
            if result == nil, let i = sniffable, let type = sniff(items[i]), MediaTypes.contentDocuments.contains(type) {
                manifest.setSniffedType(type, at: i)
                diagnostics.warn("opf.media-type-sniffed", "manifest item \"\(items[i].id)\" is declared \(items[i].mediaType) but holds \(type); shown as such",
                                 severity: .info, at: location)
                result = items[i].id
            }
            for i in path { resolved[i] = result }
        }
        manifest.setRenderableIDs(manifest.items.indices.map { resolved[$0] ?? nil })
    }

    /// The ids of `id`'s fallback chain, itself first, stopping before a repeat or a missing id.
    public static func chain(from id: String, in manifest: Manifest) -> [String] {
        var chain: [String] = []
        var seen: Set<String> = []
        var next: String? = id
        while let current = next, seen.insert(current).inserted, let item = manifest.item(id: current) {
            chain.append(current)
            next = item.fallback
        }
        return chain
    }

    /// Every cycle of the fallback graph (each item has at most one fallback), each listed once,
    /// starting from the item that comes first in the manifest.
    private static func cycles(_ items: [ManifestItem], _ index: [String: Int]) -> [[Int]] {
        enum Mark { case visiting, done }
        var marks: [Int: Mark] = [:]
        var found: [[Int]] = []
        for start in items.indices where marks[start] == nil {
            var path: [Int] = []
            var current: Int? = start
            while let i = current, marks[i] == nil {
                marks[i] = .visiting
                path.append(i)
                current = items[i].fallback.flatMap { index[$0] }
            }
            if let i = current, marks[i] == .visiting, let first = path.firstIndex(of: i) {
                let cycle = Array(path[first...])
                let minimum = cycle.firstIndex(of: cycle.min() ?? i) ?? 0
                found.append(Array(cycle[minimum...] + cycle[..<minimum]))
            }
            for i in path { marks[i] = .done }
        }
        return found
    }
}
