import FolioCore
import FolioPublication

/// The whole book's narration: every clip of every overlay in reading order, placed in book time.
///
/// Book time is narration time from the start of the first clip: each clip's `begin` is the sum of the
/// durations of the clips before it, so silence between clips in the audio files does not count.
/// https://www.w3.org/TR/epub-33/#sec-media-overlays
public struct Timeline: Sendable, Hashable {
    public var clips: [TimelineClip]
    /// Spine items with an overlay, in reading order ("part N of M").
    public var chapters: [TimelineChapter]

    public init(clips: [TimelineClip], chapters: [TimelineChapter]) {
        self.clips = clips
        self.chapters = chapters
    }

    /// One audio or video file played whole as its own narration (an `<audio>` or `<video>` of a
    /// page): one clip of `duration` seconds standing for `text`, one part.
    public static func single(audio path: String, duration: Double, text: TextTarget, spineIndex: Int) -> Timeline {
        let clip = OverlayClip(id: nil, text: text, audio: path, clipBegin: 0, clipEnd: duration)
        return Timeline(clips: [TimelineClip(clip: clip, begin: 0, end: duration)],
                        chapters: [TimelineChapter(spineIndex: spineIndex, href: text.path, overlayPath: path, overlayID: "",
                                                   clips: 0..<1, begin: 0, end: duration)])
    }

    /// Book time `time` plus `length` seconds, rounded to microseconds so that sums of
    /// millisecond clock values stay exact (4.768, not 4.768000000000001).
    public static func advanced(_ time: Double, by length: Double) -> Double {
        ((time + length) * 1_000_000).rounded() / 1_000_000
    }

    /// Total narration time, seconds.
    public var duration: Double { clips.last?.end ?? 0 }
    public var isEmpty: Bool { clips.isEmpty }

    /// The index of the clip playing at book time `time`: the last clip with `begin <= time` and a
    /// nonzero duration (binary search); nil before 0 or at/after the end.
    public func clipIndex(at time: Double) -> Int? {
        guard time >= 0, time < duration else { return nil }
        var low = 0, high = clips.count  // first index with begin > time
        while low < high {
            let mid = (low + high) / 2
            if clips[mid].begin <= time { low = mid + 1 } else { high = mid }
        }
        var index = low - 1
        // Zero-length clips share a begin with their successor; the one that sounds is the one with length.
        while index > 0, clips[index].end <= time { index -= 1 }
        return index >= 0 ? index : nil
    }

    public func clip(at time: Double) -> TimelineClip? { clipIndex(at: time).map { clips[$0] } }

    /// The book time at which `target` starts to be spoken (its first clip), or nil when no clip
    /// targets it. A target without a fragment matches the first clip in that document.
    public func time(of target: TextTarget) -> Double? {
        if target.fragment == nil { return clips.first { $0.text.path == target.path }?.begin }
        return clips.first { $0.text == target }?.begin
    }

    /// The index in `chapters` of the chapter holding clip `clipIndex`.
    public func chapterIndex(ofClip clipIndex: Int) -> Int? {
        chapters.firstIndex { $0.clips.contains(clipIndex) }
    }

    /// Where a listener is at book time `time`: the clip, the chapter as part N of M, elapsed and remaining.
    public func position(at time: Double) -> Position? {
        guard let index = clipIndex(at: time), let chapter = chapterIndex(ofClip: index) else { return nil }
        let c = chapters[chapter]
        return Position(time: time, clipIndex: index, chapterIndex: chapter, part: chapter + 1, partCount: chapters.count,
                        elapsedInChapter: time - c.begin, remainingInChapter: c.end - time,
                        elapsed: time, remaining: duration - time)
    }

    /// A place in the narration, as a player shows it.
    public struct Position: Sendable, Hashable {
        public var time: Double
        public var clipIndex: Int
        public var chapterIndex: Int
        /// 1-based: "part `part` of `partCount`".
        public var part: Int
        public var partCount: Int
        public var elapsedInChapter: Double
        public var remainingInChapter: Double
        public var elapsed: Double
        public var remaining: Double
    }
}

/// One clip placed in book time.
public struct TimelineClip: Sendable, Hashable {
    public var clip: OverlayClip
    /// Book time, seconds.
    public var begin: Double
    public var end: Double

    public init(clip: OverlayClip, begin: Double, end: Double) {
        self.clip = clip
        self.begin = begin
        self.end = end
    }

    public var text: TextTarget { clip.text }
    public var audio: String? { clip.audio }
    public var clipBegin: Double { clip.clipBegin }
    /// The clip's end in its audio file: as written, or as `Timeline.build` resolved a missing one.
    public var clipEnd: Double? { clip.clipEnd }
    public var duration: Double { end - begin }
}

/// A spine item with a media overlay.
public struct TimelineChapter: Sendable, Hashable {
    /// Index in the publication's spine.
    public var spineIndex: Int
    /// Container path of the content document.
    public var href: String
    /// Container path of the SMIL file and its manifest id.
    public var overlayPath: String
    public var overlayID: String
    /// Indices into `Timeline.clips`.
    public var clips: Range<Int>
    /// Book time, seconds.
    public var begin: Double
    public var end: Double

    public init(spineIndex: Int, href: String, overlayPath: String, overlayID: String, clips: Range<Int>, begin: Double, end: Double) {
        self.spineIndex = spineIndex
        self.href = href
        self.overlayPath = overlayPath
        self.overlayID = overlayID
        self.clips = clips
        self.begin = begin
        self.end = end
    }

    public var duration: Double { end - begin }
}
