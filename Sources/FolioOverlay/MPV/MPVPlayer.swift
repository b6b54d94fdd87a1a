import CMPV
import FolioCore
import FolioPublication
import FoundationEssentials
import Glibc

/// Plays a book's narration through libmpv: MP3, AAC/MP4, Opus and whatever else mpv decodes.
///
/// Each span is loaded with mpv's per-file `start` and `end`, so a span of contiguous clips plays
/// as one gapless stretch and stops exactly at its end (`keep-open` leaves it paused there, with
/// `eof-reached` set). The speed keeps the pitch (mpv's scaletempo). Audio bytes come from the
/// book's container through `folio://` streams (`MPVMemoryStreams`).
public final class MPVPlayer: PlaybackClock {
    private let mpv: MPVHandle
    private let publication: Publication
    private let diagnostics: Diagnostics
    /// The audio file registered with mpv, by container path (only the current one is kept).
    private var registered: (path: String, url: String)?
    private var span: AudioSpan?
    /// Where the last start or seek asked to be, until mpv reports positions again.
    private var pendingOffset = 0.0
    private var settled = true
    private var failed = false
    private var speed = 1.0
    /// The last position mpv reported before the end of the span, and when (monotonic seconds).
    private var lastHeard: (offset: Double, at: Double)?

    /// - Parameter audioOutput: an mpv `ao` name (`null` for tests: real time, no device); nil lets
    ///   mpv choose the system's output.
    /// Speech made for clips without audio (`Timeline.speakingTextOnlyClips`), played like files.
    public var spoken: SpokenAudio?

    public init(publication: Publication, audioOutput: String? = nil, diagnostics: Diagnostics = Diagnostics()) throws(MPVError) {
        mpv = try MPVHandle(audioOutput: audioOutput)
        self.publication = publication
        self.diagnostics = diagnostics
    }

    public func start(_ span: AudioSpan, at offset: Double, paused: Bool) {
        let offset = min(max(0, offset), span.duration)
        failed = false
        pendingOffset = offset
        lastHeard = nil
        let sameSpan = self.span == span
        self.span = span
        guard let audio = span.audio, let url = url(for: audio) else {
            mpv.setFlag("pause", true)
            failed = true  // nothing to play: the span counts as played (a text-only clip)
            return
        }
        settled = false
        if sameSpan {
            mpv.setFlag("pause", paused)
            mpv.command(["seek", Self.number(span.fileBegin + offset), "absolute+exact"])
        } else {
            // `pause` goes with the file: set before the load, keep-open would pause again at the old
            // file's end and the new one would load paused.
            let options = "start=\(Self.number(span.fileBegin + offset)),end=\(Self.number(span.fileEnd)),pause=\(paused ? "yes" : "no")"
            // Client API 2.3 (mpv 0.38) put an `index` argument before the options.
            let index = mpv_client_api_version() >= (2 << 16 | 3) ? ["-1"] : []
            if mpv.command(["loadfile", url, "replace"] + index + [options]) < 0 {
                failed = true  // mpv refused the file: the span counts as played, as when it ends in error
            }
        }
    }

    public func setPaused(_ paused: Bool) {
        mpv.setFlag("pause", paused)
    }

    public func setSpeed(_ speed: Double) {
        self.speed = speed
        mpv.setDouble("speed", speed)
    }

    public func reading() -> ClockReading {
        while let event = mpv.nextEvent() {
            switch event {
            case .playbackRestart: settled = true
            case .endFile(failed: true):
                failed = true
                diagnostics.warn("overlay.audio-unplayable", "libmpv could not play the audio file", at: span?.audio)
            default: break
            }
        }
        guard let span else { return ClockReading(offset: 0, ended: true) }
        if failed { return ClockReading(offset: span.duration, ended: true) }
        guard settled, let position = mpv.double("time-pos") else { return ClockReading(offset: pendingOffset, ended: false) }
        let now = MonotonicTime.now()
        let offset = min(max(0, position - span.fileBegin), span.duration)
        // eof-reached comes when the decoder reaches the span's end (or the file's, when it is shorter
        // than its clips say: W3C mol-audio-exceeding-clipend); time-pos then jumps to the end while
        // the output still plays its buffer (about 0.3 s). keep-open pauses once that is heard: only
        // then has the span ended. Meanwhile the position runs on from the last one reported.
        guard mpv.flag("eof-reached") == true else {
            lastHeard = (offset, now)
            return ClockReading(offset: offset, ended: false)
        }
        if mpv.flag("pause") == true { return ClockReading(offset: offset, ended: true) }
        let draining = lastHeard.map { $0.offset + (now - $0.at) * speed } ?? offset
        return ClockReading(offset: min(draining, offset, span.duration - 0.001), ended: false)
    }

    public func stop() {
        mpv.command(["stop"])
        span = nil
    }

    /// Whether an audio output opens: loads `span` paused and waits (up to 3 s) until mpv has opened
    /// its output for it or given up (as it does on a machine without a sound device, where the file
    /// then ends at once). Leaves the span loaded at its start, paused.
    public func opensAudioOutput(with span: AudioSpan) -> Bool {
        start(span, at: 0, paused: true)
        guard !failed else { return false }
        let deadline = MonotonicTime.now() + 3
        while MonotonicTime.now() < deadline {
            switch mpv.nextEvent(timeout: 0.1) {
            case .playbackRestart:
                settled = true
                return mpv.string("current-ao") != nil
            case .endFile(failed: _):
                return false
            default:
                continue
            }
        }
        return false
    }

    /// Where mpv is in the current audio file, seconds (for tests and diagnostics).
    public var filePosition: Double? { settled ? mpv.double("time-pos") : nil }

    /// The `folio://` URL of an audio file, its bytes read from the container once per file change.
    private func url(for path: String) -> String? {
        if let registered, registered.path == path { return registered.url }
        if let registered { mpv.streams.remove(registered.url) }  // open streams keep their own copy
        registered = nil
        if let speech = spoken?.bytes(path) {
            let url = mpv.streams.add(speech)
            registered = (path, url)
            return url
        }
        do {
            let bytes = try publication.read(path)
            let url = mpv.streams.add(bytes)
            registered = (path, url)
            return url
        } catch {
            diagnostics.warn("overlay.audio-missing", "the audio file cannot be read: \(error.reason)", at: path)
            return nil
        }
    }

    /// Seconds as mpv parses them (never in exponent form).
    static func number(_ seconds: Double) -> String {
        String(printf: "%.6f", seconds)
    }
}
