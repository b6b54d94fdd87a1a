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
        var script: Script
        var emoji: Bool?
    }

    /// One group of faces the fallback tries: faces of one family, or of one pinned role.
    enum FallbackStep: Hashable {
        case family(FontFamily)
        case role(FontRole)
        case pinned(String)
    }

    /// The face to draw `scalar` with when `primary` (the run's face) lacks it.
    ///
    /// Tried in a fixed order (`fallbackSteps`); only the faces a step names are opened, each
    /// once per book, so text the primary face covers opens none. Nil means no face has it:
    /// the text shows a missing-glyph box, which the paginating commands report with its pages.
    /// - Parameters:
    ///   - script: the script of the text around the character (its run's), which picks the
    ///     face for a character of no script of its own (a danda, a digit).
    ///   - emoji: true when U+FE0F (emoji presentation) follows, false for U+FE0E (text), nil
    ///     for the character's default presentation.
    public func fallbackFace(for scalar: Unicode.Scalar, after primary: FontFace, families: [FontFamily],
                             weight: Int, italic: Bool, stretch: Double = 100,
                             script: Script = .common, emoji: Bool? = nil) -> FontChoice? {
        lock.lock()
        defer { lock.unlock() }
        let key = FallbackKey(scalar: scalar.value, primary: ObjectIdentifier(primary), families: families, weight: weight,
                              italic: italic, stretch: stretch, script: script, emoji: emoji)
        if let cached = fallbacks[key] { return cached }
        var found: FontChoice?
        for step in Self.fallbackSteps(for: scalar, families: families, script: script, emoji: emoji) {
            found = choose(faces(of: step), weight: weight, italic: italic, stretch: stretch, scalar: scalar) { $0 !== primary }
            if found != nil { break }
        }
        fallbacks[key] = found
        return found
    }

    /// The order faces are tried in for a character: the other families of the `font-family`
    /// list; the pinned serif, sans and monospace; colour emoji for a character shown as emoji;
    /// the faces of its script (its own, else the surrounding text's); Amiri, Droid Sans
    /// Fallback and DejaVu Sans; the Noto symbol, math, music, monospace and CJK faces; emoji.
    /// A character Unicode assigns that none of those has then tries every script face, so
    /// that a face the script table does not name for it still draws it.
    static func fallbackSteps(for scalar: Unicode.Scalar, families: [FontFamily], script: Script, emoji: Bool?) -> [FallbackStep] {
        var steps = families.map(FallbackStep.family) + [.role(.serif), .role(.sans), .role(.monospace)]
        let asEmoji = emoji ?? scalar.properties.isEmojiPresentation
        if asEmoji { steps.append(.pinned(FontManifest.emojiFamily)) }
        let own = Script(of: scalar)
        let scriptFamilies = FontManifest.scriptFallbackFamilies[(own.isNeutral ? script : own).tag] ?? []
        steps += scriptFamilies.map(FallbackStep.pinned)
        steps += [.role(.fallbackArabic), .role(.fallbackCJK), .role(.fallbackOther)]
        steps += FontManifest.commonFallbackFamilies.map(FallbackStep.pinned)
        if !asEmoji { steps.append(.pinned(FontManifest.emojiFamily)) }
        switch scalar.properties.generalCategory {
        case .unassigned, .privateUse, .surrogate:
            break
        default:
            let tried = Set(scriptFamilies)
            steps += FontManifest.fallbacks.filter { $0.role == .fallbackScript && !tried.contains($0.family) }
                .map { .pinned($0.family) }
        }
        return steps
    }

    func faces(of step: FallbackStep) -> [FontCandidate] {
        switch step {
        case .family(let family): candidates(for: family)
        case .role(let role): pinnedCandidates(role: role)
        case .pinned(let family): pinnedFamilies[family.lowercased()] ?? []
        }
    }
}
