/// What a listener (or a test) asks of a `NarrationController`.
public enum NarrationCommand: Sendable, Hashable {
    case play, pause, togglePlay
    /// A speed from 0.5 to 3 (clamped); `faster` and `slower` step through `NarrationController.speedSteps`.
    case setSpeed(Double), faster, slower
    /// Go to a book time (seconds), or skip by seconds (±15 for the skip keys).
    case seek(to: Double)
    case skip(by: Double)
    case nextClip, previousClip
    /// Chapters are the spine items with an overlay. Going back restarts the current chapter when
    /// more than 3 s of it have played, as audiobook players do.
    case nextChapter, previousChapter
    /// Go to the start of chapter `index` (0-based, in `Timeline.chapters`).
    case chapter(Int)
    /// Jump past the escapable structure (table, list, figure…) being read.
    /// https://www.w3.org/TR/epub-33/#sec-escapability
    case escape
    /// Pass over skippable structures (page breaks, notes…) or read them.
    /// https://www.w3.org/TR/epub-33/#sec-skippability
    case setSkipsSkippable(Bool)
    /// Set or cancel (nil) the sleep timer.
    case setSleep(SleepTimer?)
    /// Off → 15 → 30 → 45 → 60 min → end of chapter → off.
    case cycleSleep
}

/// When narration pauses by itself.
public enum SleepTimer: Sendable, Hashable, CustomStringConvertible {
    /// After this many minutes of playing (the count stops while paused).
    case minutes(Int)
    /// When the chapter being read ends.
    case endOfChapter

    /// The choices `cycleSleep` steps through.
    public static let choices: [SleepTimer] = [.minutes(15), .minutes(30), .minutes(45), .minutes(60), .endOfChapter]

    public var description: String {
        switch self {
        case .minutes(let m): "\(m) min"
        case .endOfChapter: "end of chapter"
        }
    }
}

/// What the controller asks of the `PlaybackClock`; `NarrationSession` carries it out.
public enum PlaybackAction: Sendable, Hashable {
    /// Load span `span` (index in `NarrationController.spans`) at `offset` seconds into it.
    case start(span: Int, offset: Double, paused: Bool)
    case setPaused(Bool)
    case setSpeed(Double)
}

/// Why narration stopped without being asked to.
public enum NarrationStop: Sendable, Hashable {
    case sleepTimer
    case endOfBook
}

/// Everything a narration screen shows.
public struct NarrationStatus: Sendable, Hashable {
    /// Book time, seconds.
    public var time: Double
    public var isPlaying: Bool
    public var speed: Double
    /// The clip being read (the last one once the book has been read to its end); nil for a book
    /// without clips.
    public var clipIndex: Int?
    /// The clip's text target: the fragment to highlight.
    public var text: TextTarget?
    /// Index in `Timeline.chapters`; "part `part` of `partCount`" is 1-based.
    public var chapterIndex: Int?
    public var part: Int
    public var partCount: Int
    public var elapsedInChapter: Double
    public var remainingInChapter: Double
    public var elapsed: Double
    public var remaining: Double
    public var sleep: SleepTimer?
    /// Wall-clock seconds until the sleep timer pauses (end of chapter: the chapter's rest at this speed).
    public var sleepRemaining: Double?
    public var skipsSkippable: Bool
    public var stopped: NarrationStop?
}
