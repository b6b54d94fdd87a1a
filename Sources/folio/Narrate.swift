import ArgumentParser
import FolioCore
import FolioLayout
import FolioOverlay
import FolioPager
import FolioPublication
import FolioStyle
import FoundationEssentials
import Glibc

struct Narrate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "narrate",
        _superCommandName: "folio",
        abstract: "Play a book's Media Overlays narration, showing the sentence being read.",
        discussion: """
            In a terminal: a screen with the passage being read (its fragment highlighted), part N of M, \
            time elapsed and left, and keys: space or p play/pause, ← → skip 15 s, [ ] chapter, , . sentence, \
            - + speed, s sleep timer, q quit. Nothing plays until you press play. \
            Audio goes through libmpv; with --audio none (or when libmpv cannot start) a silent clock keeps \
            the time instead. Without a terminal, --play starts at once and prints each fragment as it \
            becomes active, until the end, --to, or the sleep timer.
            """
    )

    @Argument(help: "The book: an .epub file or an unpacked EPUB folder.")
    var book: String

    @Option(help: "Start at this book time (seconds or a clock value such as 0:05:12.5).")
    var from: String?

    @Option(help: "Start at the beginning of part N (1-based).")
    var chapter: Int?

    @Option(help: "Speed, 0.5 to 3 (the pitch is kept).")
    var speed = 1.0

    @Option(help: "Sleep timer: minutes (15, 30, 45, 60 …) or 'chapter' for the end of the chapter.")
    var sleep: String?

    @Option(help: "Audio output: auto (the system's, through libmpv), none (a silent clock), or an mpv output name such as null or pulse.")
    var audio = "auto"

    @Flag(help: "Start playing at once and print each fragment as it becomes active (no interactive screen).")
    var play = false

    @Option(help: "With --play: stop at this book time.")
    var to: String?

    @Flag(help: "Read the book aloud with text-to-speech (espeak-ng), sentence by sentence, a chapter at a time, also when it has Media Overlays; --chapter N starts at its Nth chapter, times count from each chapter's start.")
    var tts = false

    func validate() throws {
        if from != nil && chapter != nil { throw ValidationError("--from and --chapter cannot be combined") }
        if let from, case .failure(let problem) = ClockValue.reading(from) {
            throw ValidationError("--from \(from) \(problem == .outOfRange ? "\(problem)" : "is neither seconds nor a clock value")")
        }
        if let to, case .failure(let problem) = ClockValue.reading(to) {
            throw ValidationError("--to \(to) \(problem == .outOfRange ? "\(problem)" : "is neither seconds nor a clock value")")
        }
        if !NarrationController.speedRange.contains(speed) { throw ValidationError("--speed must be between 0.5 and 3") }
        if let sleep, sleepTimer(sleep) == nil { throw ValidationError("--sleep must be minutes (1-600) or 'chapter', not '\(sleep)'") }
        if let chapter, chapter < 1 { throw ValidationError("--chapter counts from 1") }
    }

    func run() throws {
        let publication = try openBook(book)
        Terminal.summarizeWarnings(publication.diagnostics, book: book)
        if tts { return try readAloud(publication) }
        let spoken = SpokenAudio()
        let timeline = Timeline.buildProbingAudio(publication: publication, diagnostics: Diagnostics())
            .speakingTextOnlyClips(publication: publication, into: spoken, diagnostics: publication.diagnostics)
        guard !timeline.isEmpty else {
            Terminal.error("\(book) has no media overlays to narrate")
            throw ExitCode(1)
        }
        guard timeline.duration > 0 else {
            Terminal.error("\(book)'s media overlays have no recorded audio, and text-to-speech (espeak-ng) is not installed to read them")
            throw ExitCode(1)
        }
        var start = from.flatMap { ClockValue($0)?.seconds } ?? 0
        if let chapter {
            guard timeline.chapters.indices.contains(chapter - 1) else {
                Terminal.error("\(book) has \(timeline.chapters.count) narrated part\(timeline.chapters.count == 1 ? "" : "s"), not \(chapter)")
                throw ExitCode(1)
            }
            start = timeline.chapters[chapter - 1].begin
        }
        guard start < timeline.duration else {
            Terminal.error("\(OverlayText.clock(start)) is past the end: the narration lasts \(OverlayText.clock(timeline.duration))")
            throw ExitCode(1)
        }
        let session = NarrationSession(timeline: timeline, clock: Self.playbackClock(publication, timeline: timeline, audio: audio, spoken: spoken),
                                       at: start, speed: speed)
        if let timer = sleep.flatMap(sleepTimer) { session.send(.setSleep(timer)) }
        let passages = NarratedPassages(publication: publication)
        if !play, let terminal = TerminalSession() {
            var screen = NarrateScreen(session: session, terminal: terminal, publication: publication, passage: passages.passage)
            screen.colors = Self.bookColors(publication, timeline: timeline)
            screen.run()
        } else if play {
            printing(session, passage: passages.passage)
        } else {
            Terminal.error("not a terminal: use --play to start narrating at once and print each fragment")
            throw ExitCode(64)
        }
    }

    /// The book laid out in cells, for its chapters' documents, styles and text offsets (the
    /// narration screen shows no pages).
    static func documentLayout(_ publication: Publication) -> BookLayout {
        var settings = ReaderSettings()
        settings.measure = 0
        return BookLayout(publication: publication, environment: .terminal(columns: 80, rows: 24), settings: settings,
                          metric: .cells, imageSize: { _ in nil })
    }

    /// The book's colours for each narrated fragment, from its `media:active-class` and
    /// `media:playback-active-class` (W3C mol-css), worked out once per fragment.
    static func bookColors(_ publication: Publication, timeline: Timeline) -> (TextTarget) -> NarrationColors? {
        let media = publication.metadata.mediaOverlays
        guard media.activeClass != nil || media.playbackActiveClass != nil else { return { _ in nil } }
        let spine = Dictionary(timeline.chapters.map { ($0.href, $0.spineIndex) }, uniquingKeysWith: { first, _ in first })
        let layout = Self.documentLayout(publication)
        var known: [TextTarget: NarrationColors?] = [:]
        return { target in
            if let found = known[target] { return found }
            let colors = target.fragment.flatMap { fragment in
                spine[target.path].flatMap {
                    layout.narrationColors(elementID: fragment, activeClass: media.activeClass, playbackActiveClass: media.playbackActiveClass,
                                           inSpineItem: $0)
                }
            }
            known[target] = colors
            return colors
        }
    }

    /// libmpv, or the silent clock for `--audio none` and when libmpv or a sound device is missing.
    static func playbackClock(_ publication: Publication, timeline: Timeline, audio: String, spoken: SpokenAudio? = nil) -> PlaybackClock {
        guard audio != "none" else { return SilentClock() }
        // ALSA and PipeWire print their failures on stderr themselves: keep them off the screen.
        let opened = Self.withoutStderr { () -> Result<MPVPlayer, MPVError> in
            do {
                let player = try MPVPlayer(publication: publication, audioOutput: audio == "auto" ? nil : audio)
                player.spoken = spoken
                guard let span = timeline.spans().first(where: { $0.audio != nil }), !player.opensAudioOutput(with: span) else {
                    return .success(player)
                }
                return .failure(MPVError("no sound device"))
            } catch {
                return .failure(error as? MPVError ?? MPVError("\(error)"))
            }
        }
        switch opened {
        case .success(let player): return player
        case .failure(let error):
            Terminal.error("\(error); narrating silently (as with --audio none)")
            return SilentClock()
        }
    }

    /// Runs `body` with stderr sent to /dev/null.
    static func withoutStderr<T>(_ body: () -> T) -> T {
        let saved = dup(2)
        let null = open("/dev/null", O_WRONLY)
        if saved >= 0, null >= 0 { dup2(null, 2) }
        defer {
            if saved >= 0 { dup2(saved, 2); close(saved) }
            if null >= 0 { close(null) }
        }
        return body()
    }

    private func sleepTimer(_ text: String) -> SleepTimer? {
        if ["chapter", "end", "end-of-chapter"].contains(text.lowercased()) { return .endOfChapter }
        guard let minutes = Int(text), (1...600).contains(minutes) else { return nil }
        return .minutes(minutes)
    }

    /// `--tts`: the book read aloud a chapter at a time (`ReadAloud`), each measured when the
    /// one before ends, in the screen or, with `--play`, printed.
    private func readAloud(_ publication: Publication) throws {
        guard SpeechSynthesizer.isAvailable else {
            Terminal.error("text-to-speech needs espeak-ng (libespeak-ng), which is not installed")
            throw ExitCode(1)
        }
        let layout = Self.documentLayout(publication)
        let order = layout.readingOrder
        var k = (chapter ?? 1) - 1
        guard order.indices.contains(k) else {
            Terminal.error("\(book) has \(order.count) chapter\(order.count == 1 ? "" : "s") to read, not \(chapter ?? 0)")
            throw ExitCode(1)
        }
        let terminal = play ? nil : TerminalSession()
        guard play || terminal != nil else {
            Terminal.error("not a terminal: use --play to start reading at once and print each sentence")
            throw ExitCode(64)
        }
        let language = publication.metadata.languages.first
        var read = false
        while order.indices.contains(k) {
            let spine = order[k]
            k += 1
            let spoken = SpokenAudio()
            guard let href = layout.href(ofSpineItem: spine), let tree = layout.chapter(spine).tree,
                  let made = ReadAloud.chapter(tree: tree, href: href, spineIndex: spine, language: language, spoken: spoken) else { continue }
            read = true
            let session = NarrationSession(timeline: made.timeline,
                                           clock: Self.playbackClock(publication, timeline: made.timeline, audio: audio, spoken: spoken),
                                           at: 0, speed: speed)
            if let timer = sleep.flatMap(sleepTimer) { session.send(.setSleep(timer)) }
            let ended: Bool
            if let terminal {
                session.send(.play)
                var screen = NarrateScreen(session: session, terminal: terminal, publication: publication, passage: { made.passages[$0] })
                screen.endsAtChapterEnd = true
                ended = screen.run()
            } else {
                ended = printing(session, passage: { made.passages[$0] })
            }
            if !ended { return }
        }
        if !read {
            Terminal.error("\(book) has no text to read aloud")
            throw ExitCode(1)
        }
    }

    /// `--play`: plays at once and prints a line per fragment; true when it played to the end.
    @discardableResult
    private func printing(_ session: NarrationSession, passage: (TextTarget) -> NarratedPassage?) -> Bool {
        let timeline = session.controller.timeline
        let stop = to.flatMap { ClockValue($0)?.seconds }
        session.send(.play)
        var last: Int?
        while true {
            let status = session.tick()
            if let clip = status.clipIndex, clip != last, status.isPlaying {
                last = clip
                let text = timeline.clips[clip].text
                let spoken = passage(text).map { p in String(Array(p.text)[p.highlight.clamped(to: 0..<p.text.count)]) } ?? ""
                Terminal.write("\(OverlayText.clock(timeline.clips[clip].begin))  \(status.part)/\(status.partCount)  \(text)  \(spoken)\n")
            }
            if let stop, status.time >= stop {
                session.send(.pause)
                Terminal.write("Stopped at \(OverlayText.clock(session.status.time)) (--to).\n")
                return false
            }
            if !status.isPlaying {
                let atEnd = status.stopped == .endOfBook
                let why = status.stopped == .sleepTimer ? "the sleep timer" : tts ? "the end of the chapter" : "the end of the book"
                Terminal.write("Stopped at \(OverlayText.clock(status.time)): \(why).\n")
                return atEnd
            }
            BackgroundThread.sleep(0.02)
        }
    }
}
