extension NarrationController {
    /// Carries out a listener's command. `now` is monotonic wall time in seconds (for the sleep timer).
    public mutating func handle(_ command: NarrationCommand, now: Double) -> [PlaybackAction] {
        switch command {
        case .play: return setPlaying(true, now: now)
        case .pause: return setPlaying(false, now: now)
        case .togglePlay: return setPlaying(!isPlaying, now: now)
        case .setSpeed(let value): return setSpeedValue(value)
        case .faster: return setSpeedValue(Self.speedSteps.first { $0 > speed + 1e-9 } ?? speed)
        case .slower: return setSpeedValue(Self.speedSteps.last { $0 < speed - 1e-9 } ?? speed)
        case .seek(let target): return seek(to: target)
        case .skip(let seconds): return seek(to: time + seconds)
        case .nextClip:
            guard let index = currentClip else { return [] }
            return index + 1 < timeline.clips.count ? seek(to: timeline.clips[index + 1].begin) : []
        case .previousClip:
            guard let index = currentClip else { return [] }
            // At the very end the "current" clip is the last one: going back replays it.
            let target = time >= timeline.duration ? index : index - 1
            return seek(to: target >= 0 ? timeline.clips[target].begin : 0)
        case .nextChapter:
            guard let chapter = currentChapter, chapter + 1 < timeline.chapters.count else { return [] }
            return seek(to: timeline.chapters[chapter + 1].begin)
        case .previousChapter:
            guard let chapter = currentChapter else { return [] }
            let begin = timeline.chapters[chapter].begin
            if time - begin > 3 || chapter == 0 { return seek(to: begin) }
            return seek(to: timeline.chapters[chapter - 1].begin)
        case .chapter(let index):
            guard timeline.chapters.indices.contains(index) else { return [] }
            return seek(to: timeline.chapters[index].begin)
        case .escape:
            guard let index = currentClip, let group = timeline.clips[index].clip.escapableGroup,
                  let chapter = timeline.chapterIndex(ofClip: index) else { return [] }
            let end = timeline.chapters[chapter].clips.upperBound
            let out = timeline.clips[(index + 1)..<end].firstIndex { $0.clip.escapableGroup != group } ?? end
            return seek(to: out < timeline.clips.count ? timeline.clips[out].begin : timeline.duration)
        case .setSkipsSkippable(let on):
            setSkipping(on)
            return []
        case .setSleep(let timer):
            setSleepTimer(timer)
            return []
        case .cycleSleep:
            let choices = SleepTimer.choices
            let next = sleep.flatMap { choices.firstIndex(of: $0) }.map { $0 + 1 < choices.count ? choices[$0 + 1] : nil } ?? choices.first
            setSleepTimer(sleep == nil ? choices.first : next)
            return []
        }
    }

    /// The clip at `time`, or the last one at the end of the book.
    var currentClip: Int? {
        timeline.clipIndex(at: time) ?? (time >= timeline.duration ? timeline.clips.indices.last : nil)
    }

    var currentChapter: Int? {
        currentClip.flatMap { timeline.chapterIndex(ofClip: $0) }
    }
}
