import FolioCore
import FolioPublication
import FolioXML

extension Timeline {
    /// Builds the timeline of a publication: loads and parses the overlay of every spine item whose
    /// manifest item names one (`media-overlay`), in spine order.
    ///
    /// A missing `clipEnd` means "the end of the audio file". Folio does not decode audio, so it is
    /// resolved from the next clip when that clip is in the same audio file and starts at or after this
    /// one's `clipBegin` (narration recorded contiguously); else from `audioDurations` (container path →
    /// seconds), which a player that decodes the audio can supply; otherwise the clip gets zero duration
    /// and an `overlay.clip-end-unknown` warning. Overlays that cannot be read are skipped with a warning.
    /// The total and per-overlay sums are checked against `media:duration` (`overlay.duration-mismatch`
    /// beyond 1 s). https://www.w3.org/TR/epub-33/#sec-mo-package-metadata
    /// A clip that runs past the end of its audio file (whose length `audioDurations` knows) is
    /// cut at the file's end, as a player stops there, unless `cutAtAudioEnds` is false (the
    /// overlay check, which reports such clips).
    public static func build(publication: Publication, audioDurations: [String: Double] = [:], cutAtAudioEnds: Bool = true,
                             diagnostics: Diagnostics) -> Timeline {
        let shared = sharedOverlayIDs(publication)
        var parsed: [String: [OverlayClip]] = [:]  // a SMIL shared by several spine items is read once
        var overlays: [(spineIndex: Int, href: String, item: ManifestItem, clips: [OverlayClip])] = []
        for (spineIndex, spineItem) in publication.spine.items.enumerated() {
            guard let content = publication.manifest.item(id: spineItem.idref),
                  let overlayID = content.mediaOverlay else { continue }
            guard let item = publication.manifest.item(id: overlayID) else {
                diagnostics.warn("overlay.missing-item", "media-overlay \"\(overlayID)\" names no manifest item", at: content.path)
                continue
            }
            if parsed[item.id] == nil {
                Activity.current.begin("reading media overlay \(item.path) (spine item \(spineIndex + 1) of \(publication.spine.items.count))")
                do {
                    let bytes = try publication.read(item.path, limit: Publication.documentLimit)
                    parsed[item.id] = try SMILParser.parse(bytes, path: item.path, diagnostics: diagnostics).clips
                } catch {
                    let reason = (error as? ContainerError)?.reason ?? (error as? MarkupError)?.reason ?? "it cannot be read"
                    diagnostics.warn("overlay.unreadable", "the media overlay could not be read: \(reason)", at: item.path)
                    parsed[item.id] = []
                }
            }
            var clips = parsed[item.id] ?? []
            // One SMIL for several documents (W3C mol-support_xhtml-load): each gets the clips that target it.
            if shared.contains(item.id) { clips = clips.filter { $0.text.path == content.path } }
            overlays.append((spineIndex, content.path, item, clips))
        }
        var flat = resolveClipEnds(overlays.flatMap(\.clips), audioDurations: audioDurations, diagnostics: diagnostics)
        if cutAtAudioEnds { flat = cutAtFileEnds(flat, audioDurations: audioDurations) }

        var clips: [TimelineClip] = []
        var chapters: [TimelineChapter] = []
        var time = 0.0
        var next = 0
        for overlay in overlays {
            let first = clips.count
            let chapterBegin = time
            for clip in flat[next..<(next + overlay.clips.count)] {
                let length = clip.clipEnd.map { $0 - clip.clipBegin } ?? 0
                let end = advanced(time, by: length)
                clips.append(TimelineClip(clip: clip, begin: time, end: end))
                time = end
            }
            next += overlay.clips.count
            chapters.append(TimelineChapter(spineIndex: overlay.spineIndex, href: overlay.href, overlayPath: overlay.item.path,
                                            overlayID: overlay.item.id, clips: first..<clips.count, begin: chapterBegin, end: time))
        }
        let timeline = Timeline(clips: clips, chapters: chapters)
        checkDurations(timeline, metadata: publication.metadata.mediaOverlays, diagnostics: diagnostics)
        return timeline
    }

    /// Clips whose end lies past their audio file's end (beyond `audioEndTolerance`) end there;
    /// a clip starting past it lasts 0 s.
    static func cutAtFileEnds(_ clips: [OverlayClip], audioDurations: [String: Double]) -> [OverlayClip] {
        var out = clips
        for i in out.indices {
            guard let audio = out[i].audio, let length = audioDurations[audio], let end = out[i].clipEnd,
                  end > length + OverlayCheck.audioEndTolerance else { continue }
            out[i].clipEnd = max(out[i].clipBegin, length)
        }
        return out
    }

    /// Overlay ids that more than one spine item names.
    private static func sharedOverlayIDs(_ publication: Publication) -> Set<String> {
        var counts: [String: Int] = [:]
        for spineItem in publication.spine.items {
            if let id = publication.manifest.item(id: spineItem.idref)?.mediaOverlay { counts[id, default: 0] += 1 }
        }
        return Set(counts.filter { $0.value > 1 }.keys)
    }

    /// Fills a missing `clipEnd` from the next clip when it continues the same audio file, else from
    /// the audio file's known length.
    public static func resolveClipEnds(_ clips: [OverlayClip], audioDurations: [String: Double] = [:], diagnostics: Diagnostics) -> [OverlayClip] {
        var out = clips
        for i in out.indices where out[i].clipEnd == nil {
            guard let audio = out[i].audio else { continue }
            if i + 1 < out.count, out[i + 1].audio == audio, out[i + 1].clipBegin >= out[i].clipBegin {
                out[i].clipEnd = out[i + 1].clipBegin
            } else if let length = audioDurations[audio], length >= out[i].clipBegin {
                out[i].clipEnd = length
            } else {
                diagnostics.warn("overlay.clip-end-unknown",
                                 "a clip without clipEnd runs to the end of its audio file, whose length Folio does not know; counted as 0 s",
                                 at: out[i].location)
            }
        }
        return out
    }

    private static func checkDurations(_ timeline: Timeline, metadata: MediaOverlayMetadata, diagnostics: Diagnostics) {
        if let declared = metadata.duration, abs(declared - timeline.duration) > 1 {
            diagnostics.warn("overlay.duration-mismatch",
                             "media:duration is \(declared)s but the clips sum to \(timeline.duration)s")
        }
        // Summed per overlay, since one SMIL may serve several chapters.
        var sums: [(id: String, path: String, seconds: Double)] = []
        for chapter in timeline.chapters {
            if let i = sums.firstIndex(where: { $0.id == chapter.overlayID }) {
                sums[i].seconds = advanced(sums[i].seconds, by: chapter.duration)
            } else {
                sums.append((chapter.overlayID, chapter.overlayPath, chapter.duration))
            }
        }
        for sum in sums {
            if let declared = metadata.itemDurations[sum.id], abs(declared - sum.seconds) > 1 {
                diagnostics.warn("overlay.duration-mismatch",
                                 "media:duration of \(sum.id) is \(declared)s but its clips sum to \(sum.seconds)s",
                                 at: sum.path)
            }
        }
    }
}
