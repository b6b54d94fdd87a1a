/// A stretch of narration that plays without a seek: consecutive clips of one chapter that follow
/// each other in one audio file. A player loads a span once and lets it run, so contiguous clips
/// sound gapless; only a jump in the audio (another file, skipped audio) starts a new span.
public struct AudioSpan: Sendable, Hashable {
    /// Container path of the audio file; nil for clips without audio (text-to-speech overlays).
    public var audio: String?
    /// Where the span starts and ends in its audio file, seconds.
    public var fileBegin: Double
    public var fileEnd: Double
    /// Where it starts and ends in book time.
    public var bookBegin: Double
    public var bookEnd: Double
    /// Indices into `Timeline.clips`.
    public var clips: Range<Int>

    public init(audio: String?, fileBegin: Double, fileEnd: Double, bookBegin: Double, bookEnd: Double, clips: Range<Int>) {
        self.audio = audio
        self.fileBegin = fileBegin
        self.fileEnd = fileEnd
        self.bookBegin = bookBegin
        self.bookEnd = bookEnd
        self.clips = clips
    }

    public var duration: Double { bookEnd - bookBegin }
}

extension Timeline {
    /// Clips closer than this in their file count as contiguous (clock values are written to the ms).
    static let contiguity = 0.0015

    /// The timeline cut into spans: a new span at each chapter, each change of audio file and each
    /// clip that does not start where the previous one ended.
    public func spans() -> [AudioSpan] {
        var spans: [AudioSpan] = []
        for chapter in chapters {
            for index in chapter.clips {
                let clip = clips[index]
                let fileEnd = clip.clipBegin + clip.duration
                if var last = spans.last, last.clips.upperBound == index, index != chapter.clips.lowerBound,
                   last.audio == clip.audio, abs(clip.clipBegin - last.fileEnd) <= Self.contiguity {
                    last.fileEnd = fileEnd
                    last.bookEnd = clip.end
                    last.clips = last.clips.lowerBound..<(index + 1)
                    spans[spans.count - 1] = last
                } else {
                    spans.append(AudioSpan(audio: clip.audio, fileBegin: clip.clipBegin, fileEnd: fileEnd,
                                           bookBegin: clip.begin, bookEnd: clip.end, clips: index..<(index + 1)))
                }
            }
        }
        return spans
    }
}
