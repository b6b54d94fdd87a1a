import FolioCore
import FolioPublication

/// A lint of a book's Media Overlays for publishers: what a reading system would stumble on.
///
/// It reports, as warnings with stable codes:
/// - `overlay.text-target-missing`, `overlay.text-document-missing`: a `text` whose id (or document) does not exist;
/// - `overlay.clips-overlap`, `overlay.clip-jumps-back`, `smil.clip-backwards`: consecutive clips of one
///   audio file that overlap or go back in it, and clips whose `clipEnd` is before their `clipBegin`;
/// - `overlay.clip-gap`: audio between two consecutive clips of one file that no clip covers (never
///   heard, never highlighted);
/// - `overlay.clip-past-audio-end`: a clip beyond the end of its audio file;
/// - `overlay.duration-mismatch`, `overlay.duration-missing`: `media:duration` disagreeing with the
///   clips, or absent (required for the book and for each overlay);
/// - and what reading the overlays warned (`smil.*`, `overlay.*`).
/// https://www.w3.org/TR/epub-33/#sec-media-overlays
public enum OverlayCheck {
    /// Gaps shorter than this are rounding between clock values, not missing narration.
    public static let gapTolerance = 0.05
    /// Demuxers estimate an MP3's length from its frames (padding included): allow that much.
    public static let audioEndTolerance = 0.25

    /// Checks `publication`. `audioDurations` (container path → seconds, from `AudioProbe`) enables
    /// the checks against audio length; files missing from it are not checked.
    public static func run(_ publication: Publication, audioDurations: [String: Double]) -> [Warning] {
        let diagnostics = Diagnostics()
        for warning in publication.diagnostics.warnings where warning.code.hasPrefix("opf.media-") {
            diagnostics.record(warning)
        }
        let timeline = Timeline.build(publication: publication, audioDurations: audioDurations, cutAtAudioEnds: false, diagnostics: diagnostics)
        checkDeclaredDurations(publication, timeline: timeline, diagnostics: diagnostics)
        checkTextTargets(publication, timeline: timeline, diagnostics: diagnostics)
        checkClipOrder(timeline, diagnostics: diagnostics)
        checkAudioEnds(timeline, audioDurations: audioDurations, diagnostics: diagnostics)
        return diagnostics.warnings
    }

    /// Probes the audio files the overlays play (`AudioProbe`, libmpv), then checks. When libmpv
    /// cannot start, the checks against audio length are left out and `audioError` says why.
    public static func run(_ publication: Publication) -> (warnings: [Warning], audioError: MPVError?) {
        let scratch = Timeline.build(publication: publication, diagnostics: Diagnostics())
        var seen: Set<String> = []
        let paths = scratch.clips.compactMap(\.audio).filter { seen.insert($0).inserted }
        let probing = Diagnostics()
        do {
            let durations = try AudioProbe.durations(of: paths, in: publication, diagnostics: probing)
            return (probing.warnings + run(publication, audioDurations: durations), nil)
        } catch {
            return (run(publication, audioDurations: [:]), error)
        }
    }

    private static func checkDeclaredDurations(_ publication: Publication, timeline: Timeline, diagnostics: Diagnostics) {
        guard !timeline.chapters.isEmpty else { return }
        let metadata = publication.metadata.mediaOverlays
        if metadata.duration == nil {
            diagnostics.warn("overlay.duration-missing", "the package has no media:duration for the whole book", at: publication.packagePath)
        }
        var seen: Set<String> = []
        for chapter in timeline.chapters where seen.insert(chapter.overlayID).inserted && metadata.itemDurations[chapter.overlayID] == nil {
            diagnostics.warn("overlay.duration-missing", "no media:duration refines overlay \"\(chapter.overlayID)\"", at: chapter.overlayPath)
        }
    }

    private static func checkTextTargets(_ publication: Publication, timeline: Timeline, diagnostics: Diagnostics) {
        let documents = TextExcerpts(publication: publication)
        for clip in timeline.clips {
            let found = documents.exists(clip.text)
            if !found.document {
                diagnostics.warn("overlay.text-document-missing", "text \(clip.text): the document cannot be read",
                                 severity: .error, at: clip.clip.location)
            } else if !found.id, let fragment = clip.text.fragment {
                diagnostics.warn("overlay.text-target-missing", "text \(clip.text): no element has id \"\(fragment)\"",
                                 severity: .error, at: clip.clip.location)
            }
        }
    }

    /// Consecutive clips of one overlay in the same audio file should follow each other in it.
    private static func checkClipOrder(_ timeline: Timeline, diagnostics: Diagnostics) {
        for chapter in timeline.chapters {
            for k in chapter.clips.dropFirst() {
                let a = timeline.clips[k - 1].clip, b = timeline.clips[k].clip
                guard let audio = a.audio, audio == b.audio, let aEnd = a.clipEnd else { continue }
                let location = b.location
                if b.clipBegin < aEnd - 0.0005 {
                    let ends = b.clipEnd ?? .infinity
                    if ends <= a.clipBegin + 0.0005 {
                        diagnostics.warn("overlay.clip-jumps-back",
                                         "\(b.text) plays \(seconds(b.clipBegin))–\(seconds(ends)) of \(audio), before the previous clip (\(seconds(a.clipBegin))–\(seconds(aEnd)))",
                                         at: location)
                    } else {
                        diagnostics.warn("overlay.clips-overlap",
                                         "\(b.text) starts at \(seconds(b.clipBegin)) in \(audio), inside the previous clip (\(seconds(a.clipBegin))–\(seconds(aEnd)))",
                                         severity: .error, at: location)
                    }
                } else if b.clipBegin - aEnd > gapTolerance {
                    diagnostics.warn("overlay.clip-gap",
                                     "\(seconds(b.clipBegin - aEnd)) of \(audio) between \(seconds(aEnd)) and \(seconds(b.clipBegin)) belongs to no clip",
                                     at: location)
                }
            }
        }
    }

    private static func checkAudioEnds(_ timeline: Timeline, audioDurations: [String: Double], diagnostics: Diagnostics) {
        for clip in timeline.clips {
            guard let audio = clip.audio, let length = audioDurations[audio] else { continue }
            let end = clip.clipEnd ?? clip.clipBegin
            if max(end, clip.clipBegin) > length + audioEndTolerance {
                diagnostics.warn("overlay.clip-past-audio-end",
                                 "\(clip.text) plays \(seconds(clip.clipBegin))–\(seconds(end)) of \(audio), which lasts \(seconds(length))",
                                 severity: .error, at: clip.clip.location)
            }
        }
    }

    /// `12.345s`.
    static func seconds(_ value: Double) -> String {
        // Clock values are bounded when read, but sums and audio lengths are not: clamp before Int().
        let ms = Int((min(max(value.isFinite ? value : 0, 0), 1e12) * 1000).rounded())
        let fraction = String(ms % 1000)
        return "\(ms / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)s"
    }
}
