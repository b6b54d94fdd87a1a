import FolioStyle

/// Per-glyph fallback: a character the chosen face lacks is drawn from the next face that has it.
extension FontContext {
    /// A font request the fallback serves: a `font-family` list, weight, style and stretch.
    /// Requests are numbered once (`fallbackRequest`), so that a character's lookup hashes a
    /// few integers, not the family names.
    struct FallbackRequest: Hashable {
        var families: [FontFamily]
        var weight: Int
        var italic: Bool
        var stretch: Double
    }

    struct FallbackKey: Hashable {
        var scalar: UInt32
        var primary: ObjectIdentifier
        var request: Int
        var script: Script
        var emoji: Bool?
    }

    /// One group of faces the fallback tries: faces of one family, or of one pinned role.
    enum FallbackStep: Hashable {
        case family(FontFamily)
        case role(FontRole)
        case pinned(String)
    }

    /// What decides the order of the faces tried for a character, but for the character
    /// itself: its characters share one `FallbackPlan`.
    struct FallbackPlanKey: Hashable {
        var request: Int
        /// Whether the character is shown as emoji.
        var emoji: Bool
        /// The script whose faces are tried: the character's own, else the surrounding text's.
        var script: Script
        /// Whether Unicode assigns the character (only then is every script face tried).
        var assigned: Bool
    }

    /// The faces the fallback tries, in order: each step's best matches as `choose` orders
    /// them (later rules first among equals), each face once. Steps are matched only when a
    /// character gets that far, so that a book whose dashes alone need a fallback face does
    /// not match every script's.
    final class FallbackPlan {
        let request: FallbackRequest
        let steps: [FallbackStep]
        var stepsMatched = 0
        var entries: [FontCandidate] = []
        var seen = Set<FontCandidate.Origin>()

        init(_ key: FallbackPlanKey, request: FallbackRequest) {
            self.request = request
            steps = FontContext.fallbackSteps(key, families: request.families)
        }
    }

    /// The number of a font request, for `fallbackFace(for:after:request:script:emoji:)`.
    public func fallbackRequest(families: [FontFamily], weight: Int, italic: Bool, stretch: Double = 100) -> Int {
        lock.lock()
        defer { lock.unlock() }
        return requestNumber(FallbackRequest(families: families, weight: weight, italic: italic, stretch: stretch))
    }

    private func requestNumber(_ request: FallbackRequest) -> Int {
        if let known = fallbackRequests[request] { return known }
        fallbackRequests[request] = requests.count
        requests.append(request)
        return requests.count - 1
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
        let request = fallbackRequest(families: families, weight: weight, italic: italic, stretch: stretch)
        return fallbackFace(for: scalar, after: primary, request: request, script: script, emoji: emoji)
    }

    /// The same for a request numbered by `fallbackRequest`.
    public func fallbackFace(for scalar: Unicode.Scalar, after primary: FontFace, request: Int,
                             script: Script = .common, emoji: Bool? = nil) -> FontChoice? {
        lock.lock()
        defer { lock.unlock() }
        let key = FallbackKey(scalar: scalar.value, primary: ObjectIdentifier(primary), request: request, script: script, emoji: emoji)
        if let cached = fallbacks[key] { return cached }
        let own = Script(of: scalar)
        let planKey = FallbackPlanKey(request: request, emoji: emoji ?? scalar.properties.isEmojiPresentation,
                                      script: own.isNeutral ? script : own, assigned: Self.isAssigned(scalar))
        let plan = fallbackPlans[planKey] ?? FallbackPlan(planKey, request: requests[request])
        fallbackPlans[planKey] = plan
        let found: FontChoice?
        if let walked = walk(plan, for: scalar, after: primary) {
            found = walked
        } else {
            // A face that failed to load lets a worse match of its step in: matched step by step.
            let asked = plan.request
            found = plan.steps.lazy.compactMap {
                self.choose(self.faces(of: $0), weight: asked.weight, italic: asked.italic, stretch: asked.stretch, scalar: scalar) { $0 !== primary }
            }.first
        }
        fallbacks[key] = found
        return found
    }

    /// The first face of `plan` that has `scalar` and is not `primary`: `.some(nil)` when none
    /// has it, nil when a face the walk reached failed to load.
    private func walk(_ plan: FallbackPlan, for scalar: Unicode.Scalar, after primary: FontFace) -> FontChoice?? {
        var i = 0
        while true {
            if i == plan.entries.count {
                guard plan.stepsMatched < plan.steps.count else { return .some(nil) }
                matchNextStep(of: plan)
                continue
            }
            let candidate = plan.entries[i]
            i += 1
            guard candidate.covers(scalar) else { continue }
            guard let face = load(candidate) else { return nil }
            guard face.hasGlyph(scalar), face !== primary else { continue }
            return .some(candidate.choice(face, weight: plan.request.weight, italic: plan.request.italic))
        }
    }

    /// Adds the faces of the plan's next step, in the order `choose` tries them.
    private func matchNextStep(of plan: FallbackPlan) {
        let key = plan.request
        let step = plan.steps[plan.stepsMatched]
        plan.stepsMatched += 1
        let best = FontMatcher.bestMatches(faces(of: step), weight: key.weight, italic: key.italic, stretch: key.stretch)
        plan.entries += best.reversed().filter { plan.seen.insert($0.origin).inserted }
    }

    static func isAssigned(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .unassigned, .privateUse, .surrogate: false
        default: true
        }
    }

    /// The order faces are tried in for a character: the other families of the `font-family`
    /// list; the pinned serif, sans and monospace; colour emoji for a character shown as emoji;
    /// the faces of its script (its own, else the surrounding text's); Amiri, Droid Sans
    /// Fallback and DejaVu Sans; the Noto symbol, math, music, monospace and CJK faces; emoji.
    /// A character Unicode assigns that none of those has then tries every script face, so
    /// that a face the script table does not name for it still draws it.
    static func fallbackSteps(_ key: FallbackPlanKey, families: [FontFamily]) -> [FallbackStep] {
        var steps = families.map(FallbackStep.family) + [.role(.serif), .role(.sans), .role(.monospace)]
        if key.emoji { steps.append(.pinned(FontManifest.emojiFamily)) }
        let scriptFamilies = FontManifest.scriptFallbackFamilies[key.script.tag] ?? []
        steps += scriptFamilies.map(FallbackStep.pinned)
        steps += [.role(.fallbackArabic), .role(.fallbackCJK), .role(.fallbackOther)]
        steps += FontManifest.commonFallbackFamilies.map(FallbackStep.pinned)
        if !key.emoji { steps.append(.pinned(FontManifest.emojiFamily)) }
        if key.assigned {
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
