import FolioStyle

/// Per-glyph fallback: a character the chosen face lacks is drawn from the next face that has it.
extension FontContext {
    struct FallbackKey: Hashable {
        var scalar: UInt32
        var primary: ObjectIdentifier
        var families: [FontFamily]
        var weight: Int
        var italic: Bool
        var stretch: Double
    }

    /// At most this many characters are reported missing per book; then one summary warning.
    static let missingReportLimit = 64

    /// The face to draw `scalar` with when `primary` (the run's face) lacks it.
    ///
    /// Tried in a fixed order: the other families of the list, then the pinned serif, sans and
    /// monospace, then the script fallbacks (Arabic, CJK, then the wide-coverage face). Nil
    /// means no face has it: the text shows the primary face's missing-glyph box, and the
    /// character is reported once per book (`font.missing-glyph`).
    public func fallbackFace(for scalar: Unicode.Scalar, after primary: FontFace, families: [FontFamily],
                             weight: Int, italic: Bool, stretch: Double = 100) -> FontChoice? {
        lock.lock()
        defer { lock.unlock() }
        let key = FallbackKey(scalar: scalar.value, primary: ObjectIdentifier(primary), families: families, weight: weight, italic: italic, stretch: stretch)
        if let cached = fallbacks[key] { return cached }
        var found: FontChoice?
        let groups = families.map(candidates(for:)) + FontRole.allCases.map(pinnedCandidates(role:))
        for group in groups where found == nil {
            found = choose(group, weight: weight, italic: italic, stretch: stretch, scalar: scalar) { $0 !== primary }
        }
        if found == nil { reportMissing(scalar) }
        fallbacks[key] = found
        return found
    }

    private func reportMissing(_ scalar: Unicode.Scalar) {
        guard !missingReported.contains(scalar.value) else { return }
        if missingReported.count == Self.missingReportLimit {
            diagnostics.warn("font.missing-glyph", "more characters have no font; not reported one by one")
        }
        missingReported.insert(scalar.value)
        guard missingReported.count <= Self.missingReportLimit else { return }
        let code = String(scalar.value, radix: 16, uppercase: true)
        let padded = String(repeating: "0", count: max(0, 4 - code.count)) + code
        diagnostics.warn("font.missing-glyph", "no font has U+\(padded); it shows as a missing-glyph box")
    }
}
