/// The narration player's state, as a pure value: commands and clock ticks in, `PlaybackAction`s
/// and a `NarrationStatus` out. No audio, no I/O, no clock of its own; `NarrationSession` joins it
/// to a `PlaybackClock`, and a pager or a test may drive it directly.
///
/// It never starts by itself: a new controller is paused until it is sent `.play`.
/// https://www.w3.org/TR/epub-33/#sec-media-overlays
public struct NarrationController: Sendable {
    public let timeline: Timeline
    /// The timeline's spans (see `Timeline.spans()`); actions name spans by index here.
    public let spans: [AudioSpan]
    /// Book time, seconds: as of the last command or tick.
    public private(set) var time: Double
    public private(set) var isPlaying = false
    public private(set) var speed: Double
    public private(set) var sleep: SleepTimer?
    public private(set) var skipsSkippable = false
    public private(set) var stopped: NarrationStop?
    /// Wall seconds left on a minutes sleep timer.
    private var sleepLeft: Double?
    private var lastTick: Double?
    /// The span the clock holds at a position matching `time`; nil when a paused seek left it behind.
    private var loaded: Int?

    /// The speed keys' steps: the 0.75–2, and the range's ends.
    public static let speedSteps: [Double] = [0.5, 0.75, 1, 1.25, 1.5, 2, 3]
    public static let speedRange = 0.5...3.0

    public init(timeline: Timeline, at time: Double = 0, speed: Double = 1) {
        self.timeline = timeline
        spans = timeline.spans()
        self.time = min(max(0, time), timeline.duration)
        self.speed = min(max(speed, Self.speedRange.lowerBound), Self.speedRange.upperBound)
    }

    /// Takes a clock reading: moves book time on, goes to the next span when one ends, runs the
    /// sleep timer and skips skippable clips. `now` is monotonic wall time in seconds.
    public mutating func tick(_ reading: ClockReading, now: Double) -> [PlaybackAction] {
        let wall = lastTick.map { max(0, now - $0) } ?? 0
        lastTick = now
        guard isPlaying, let current = loaded, spans.indices.contains(current) else { return [] }
        let span = spans[current]
        time = span.bookBegin + min(max(0, reading.offset), span.duration)
        if let left = sleepLeft {
            sleepLeft = left - wall
            if left - wall <= 0 { return stop(.sleepTimer) }
        }
        if reading.ended {
            time = span.bookEnd
            if sleep == .endOfChapter, let chapter = timeline.chapterIndex(ofClip: span.clips.lowerBound),
               span.clips.upperBound >= timeline.chapters[chapter].clips.upperBound {
                return stop(.sleepTimer)
            }
            return startSpan(containing: time, paused: false)
        }
        if skipsSkippable, let index = timeline.clipIndex(at: time), timeline.clips[index].clip.isSkippable {
            return seek(to: firstClip(after: index) { !$0.clip.isSkippable })
        }
        return []
    }

    /// Where the narration is, for display.
    public var status: NarrationStatus {
        var status = NarrationStatus(time: time, isPlaying: isPlaying, speed: speed, clipIndex: nil, text: nil, chapterIndex: nil,
                                     part: 0, partCount: timeline.chapters.count, elapsedInChapter: 0, remainingInChapter: 0,
                                     elapsed: time, remaining: max(0, timeline.duration - time), sleep: sleep, sleepRemaining: nil,
                                     skipsSkippable: skipsSkippable, stopped: stopped)
        // At the very end no clip is "at" the time: show the last one, its chapter complete.
        let clip = timeline.clipIndex(at: time) ?? (time >= timeline.duration ? timeline.clips.indices.last : nil)
        if let clip, let chapter = timeline.chapterIndex(ofClip: clip) {
            let c = timeline.chapters[chapter]
            status.clipIndex = clip
            status.text = timeline.clips[clip].text
            status.chapterIndex = chapter
            status.part = chapter + 1
            status.elapsedInChapter = min(max(0, time - c.begin), c.duration)
            status.remainingInChapter = max(0, c.end - time)
        }
        switch sleep {
        case .minutes: status.sleepRemaining = sleepLeft.map { max(0, $0) }
        case .endOfChapter: status.sleepRemaining = status.remainingInChapter / speed
        case nil: break
        }
        return status
    }

    // MARK: Shared by commands and ticks

    /// Pauses by itself, saying why.
    mutating func stop(_ reason: NarrationStop) -> [PlaybackAction] {
        isPlaying = false
        stopped = reason
        if reason == .sleepTimer {
            sleep = nil
            sleepLeft = nil
        }
        return [.setPaused(true)]
    }

    /// Moves to a book time; a playing controller starts the span there at once.
    mutating func seek(to target: Double) -> [PlaybackAction] {
        time = min(max(0, target), timeline.duration)
        guard isPlaying else {
            loaded = nil
            return []
        }
        return startSpan(containing: time, paused: false)
    }

    /// Starts the span holding `time` (zero-length spans are passed over); at the end of the book,
    /// stops there.
    mutating func startSpan(containing time: Double, paused: Bool) -> [PlaybackAction] {
        guard let index = spanIndex(containing: time) else {
            self.time = timeline.duration
            loaded = nil
            return stop(.endOfBook)
        }
        loaded = index
        return [.start(span: index, offset: time - spans[index].bookBegin, paused: paused)]
    }

    /// The span with `bookBegin <= time < bookEnd`.
    func spanIndex(containing time: Double) -> Int? {
        var low = 0, high = spans.count  // first span beginning after `time`
        while low < high {
            let mid = (low + high) / 2
            if spans[mid].bookBegin <= time { low = mid + 1 } else { high = mid }
        }
        var index = low - 1
        while index >= 0, spans[index].bookEnd <= time {
            // A zero-length span shares its begin with the next; look no further back than that.
            if spans[index].duration > 0 { return nil }
            index -= 1
        }
        return index >= 0 ? index : nil
    }

    /// The book time of the first clip after `index` that `accept`s, or the end of the book.
    func firstClip(after index: Int, where accept: (TimelineClip) -> Bool) -> Double {
        timeline.clips[(index + 1)...].first(where: accept)?.begin ?? timeline.duration
    }

    mutating func setPlaying(_ playing: Bool, now: Double) -> [PlaybackAction] {
        guard playing != isPlaying else { return [] }
        lastTick = now
        guard playing else {
            isPlaying = false
            return [.setPaused(true)]
        }
        stopped = nil
        if time >= timeline.duration { time = 0 }  // played to the end: play again from the start
        isPlaying = true
        if let loaded, spanIndex(containing: time) == loaded { return [.setPaused(false)] }
        let actions = startSpan(containing: time, paused: false)
        return actions
    }

    mutating func setSleepTimer(_ timer: SleepTimer?) {
        sleep = timer
        if case .minutes(let m) = timer { sleepLeft = Double(m) * 60 } else { sleepLeft = nil }
    }

    mutating func setSpeedValue(_ value: Double) -> [PlaybackAction] {
        speed = min(max(value, Self.speedRange.lowerBound), Self.speedRange.upperBound)
        return [.setSpeed(speed)]
    }

    mutating func setSkipping(_ on: Bool) {
        skipsSkippable = on
    }
}
