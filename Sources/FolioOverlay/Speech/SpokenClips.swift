import FolioCore
import FolioPublication

/// Speech made for a narration, held in memory by a path of its own (`folio-speech:N.wav`), which
/// the player reads as it reads the book's audio files.
public final class SpokenAudio: @unchecked Sendable {
    static let scheme = "folio-speech:"
    private let lock = Lock()
    private var files: [String: [UInt8]] = [:]
    /// Texts spoken when played (`addSpoken`), and the few spoken last.
    private var texts: [String: (text: String, language: String?)] = [:]
    private var recent: [(path: String, wav: [UInt8])] = []
    private var count = 0

    public init() {}

    /// Keeps a WAV file and returns the path clips name it by.
    func add(_ wav: [UInt8]) -> String {
        lock.lock()
        defer { lock.unlock() }
        count += 1
        let path = Self.scheme + "\(count).wav"
        files[path] = wav
        return path
    }

    /// Keeps a text to be spoken when it is played (a chapter's sentences would take tens of
    /// MB as sound) and returns the path clips name it by. espeak-ng speaks a text the same
    /// way each time, so its length measured now is its length then.
    public func addSpoken(_ text: String, language: String?) -> String {
        lock.lock()
        defer { lock.unlock() }
        count += 1
        let path = Self.scheme + "\(count).wav"
        texts[path] = (text, language)
        return path
    }

    /// The bytes of a spoken file; nil for any other path.
    public func bytes(_ path: String) -> [UInt8]? {
        guard path.hasPrefix(Self.scheme) else { return nil }
        lock.lock()
        if let wav = files[path] ?? recent.first(where: { $0.path == path })?.wav {
            lock.unlock()
            return wav
        }
        let text = texts[path]
        lock.unlock()
        guard let text, let speech = SpeechSynthesizer.speak(text.text, language: text.language) else { return nil }
        lock.lock()
        recent.append((path, speech.wav))
        if recent.count > 4 { recent.removeFirst() }
        lock.unlock()
        return speech.wav
    }

    public static func isSpoken(_ path: String) -> Bool { path.hasPrefix(scheme) }
}

extension Timeline {
    /// The timeline with every clip that has text and no audio (a `par` meant for text-to-speech)
    /// spoken by espeak-ng in the book's language: the clip plays its speech, and book time counts
    /// its length. Unchanged when speech is unavailable or no clip needs it.
    /// https://www.w3.org/TR/epub-33/#sec-smil-par-elem
    public func speakingTextOnlyClips(publication: Publication, into spoken: SpokenAudio, diagnostics: Diagnostics) -> Timeline {
        guard clips.contains(where: { $0.audio == nil }) else { return self }
        guard SpeechSynthesizer.isAvailable else {
            diagnostics.warn("overlay.speech-unavailable", "clips without audio are to be spoken, and espeak-ng is not installed")
            return self
        }
        let passages = NarratedPassages(publication: publication)
        let language = publication.metadata.languages.first
        var out = Timeline(clips: [], chapters: [])
        var time = 0.0
        for chapter in chapters {
            let first = out.clips.count, begin = time
            for clip in clips[chapter.clips] {
                var made = clip.clip
                if made.audio == nil, let passage = passages.passage(made.text) {
                    let characters = Array(passage.text)
                    let range = passage.highlight.clamped(to: 0..<characters.count)
                    let text = String(characters[range])
                    if let speech = SpeechSynthesizer.speak(text, language: language) {
                        made.audio = spoken.add(speech.wav)
                        made.clipBegin = 0
                        made.clipEnd = speech.duration
                    } else {
                        diagnostics.warn("overlay.speech-failed", "the text of this clip could not be spoken", at: made.location ?? made.text.path)
                    }
                }
                let length = made.audio == nil ? clip.duration : (made.clipEnd ?? 0) - made.clipBegin
                let end = Timeline.advanced(time, by: max(0, length))
                out.clips.append(TimelineClip(clip: made, begin: time, end: end))
                time = end
            }
            out.chapters.append(TimelineChapter(spineIndex: chapter.spineIndex, href: chapter.href, overlayPath: chapter.overlayPath,
                                                overlayID: chapter.overlayID, clips: first..<out.clips.count, begin: begin, end: time))
        }
        return out
    }
}
