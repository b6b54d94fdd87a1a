extension SnapshotDiffer {
    /// What differs in how two renderings were made rather than in the book: the Folio version,
    /// render options, font files. Pixels may differ for these reasons alone.
    public static func notes(baseline: SnapshotManifest, current: SnapshotManifest) -> [String] {
        var out: [String] = []
        if baseline.folioVersion != current.folioVersion {
            out.append("Folio version differs: \(baseline.folioVersion) → \(current.folioVersion)")
        }
        let keys = Set(baseline.options.keys).union(current.options.keys).sorted()
        let options = keys.compactMap { key -> String? in
            let b = baseline.options[key], c = current.options[key]
            return b == c ? nil : "\(key) \(b ?? "unset") → \(c ?? "unset")"
        }
        if !options.isEmpty { out.append("[\(current.profile)] options differ: " + options.joined(separator: ", ")) }
        let baselineFonts = Dictionary(baseline.fonts.map { ($0.path, $0.sha256) }, uniquingKeysWith: { a, _ in a })
        for font in current.fonts {
            guard let before = baselineFonts[font.path], before != font.sha256 else { continue }
            out.append("font \(font.path) differs: \(short(before)) → \(short(font.sha256))")
        }
        return out
    }

    private static func short(_ hash: String) -> String { hash.count > 12 ? String(hash.prefix(12)) + "…" : hash }
}
