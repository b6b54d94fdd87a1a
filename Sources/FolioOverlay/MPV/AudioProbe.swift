import FolioCore
import FolioPublication
import FoundationEssentials
import Glibc

/// The lengths of a book's audio files, as libmpv's demuxer reports them (from the container's
/// headers, or MP3 frame counts: Folio decodes nothing itself).
public enum AudioProbe {
    /// Seconds per container path. A file that cannot be read or opened is left out with a warning
    /// (`overlay.audio-missing`, `overlay.audio-unplayable`).
    public static func durations(of paths: [String], in publication: Publication, diagnostics: Diagnostics) throws(MPVError) -> [String: Double] {
        guard !paths.isEmpty else { return [:] }
        let mpv = try MPVHandle(audioOutput: "null")
        var out: [String: Double] = [:]
        for path in paths {
            let bytes: [UInt8]
            do {
                bytes = try publication.read(path)
            } catch {
                diagnostics.warn("overlay.audio-missing", "the audio file cannot be read: \(error.reason)", severity: .error, at: path)
                continue
            }
            let url = mpv.streams.add(bytes)
            defer { mpv.streams.remove(url) }
            mpv.command(["loadfile", url, "replace"])
            if let seconds = waitForDuration(mpv) {
                out[path] = seconds
            } else {
                diagnostics.warn("overlay.audio-unplayable", "libmpv cannot open the audio file", severity: .error, at: path)
            }
        }
        return out
    }

    /// Waits (at most 10 s) for the file to load and reads its duration.
    private static func waitForDuration(_ mpv: MPVHandle) -> Double? {
        let deadline = MonotonicTime.now() + 10
        while MonotonicTime.now() < deadline {
            switch mpv.nextEvent(timeout: 0.5) {
            case .fileLoaded: return mpv.double("duration")
            case .endFile(failed: true): return nil
            default: continue
            }
        }
        return nil
    }
}

extension Timeline {
    /// Builds the timeline as `build(publication:audioDurations:diagnostics:)` does, first probing
    /// (with libmpv) the book's audio files, so that a clip without `clipEnd` runs to the end of
    /// its file rather than counting as 0 s, and one whose `clipEnd` lies past the file's end stops
    /// there, with the silent clock as with sound. When libmpv cannot start, clips without an end
    /// stay at 0 s with the usual `overlay.clip-end-unknown` warning.
    public static func buildProbingAudio(publication: Publication, diagnostics: Diagnostics) -> Timeline {
        let scratch = build(publication: publication, diagnostics: Diagnostics())
        var seen: Set<String> = []
        let files = scratch.clips.compactMap(\.audio).filter { seen.insert($0).inserted }
        guard !files.isEmpty else { return build(publication: publication, diagnostics: diagnostics) }
        let durations = (try? AudioProbe.durations(of: files, in: publication, diagnostics: diagnostics)) ?? [:]
        return build(publication: publication, audioDurations: durations, diagnostics: diagnostics)
    }
}
