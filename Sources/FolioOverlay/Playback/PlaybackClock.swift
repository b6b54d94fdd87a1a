import Dispatch

/// What sounds the narration, or stands in for it: the audio side of a `NarrationSession`.
///
/// The session tells it which span to play from where, and asks it where it is. A clock never
/// moves on to the next span itself: the `NarrationController` decides what comes next.
public protocol PlaybackClock: AnyObject {
    /// Loads `span` and positions it `offset` seconds in (audio seconds from `span.fileBegin`);
    /// plays at once unless `paused`. Starting the span that is loaded again seeks within it.
    func start(_ span: AudioSpan, at offset: Double, paused: Bool)
    func setPaused(_ paused: Bool)
    /// Playback rate, 0.5–3; the pitch is kept.
    func setSpeed(_ speed: Double)
    /// Where playback of the current span is.
    func reading() -> ClockReading
    /// Stops and unloads.
    func stop()
}

/// A clock's position in its current span.
public struct ClockReading: Sendable, Hashable {
    /// Seconds of audio from the span's start (not scaled by speed).
    public var offset: Double
    /// The span played to its end (or its audio file ended first, or could not be played).
    public var ended: Bool

    public init(offset: Double, ended: Bool) {
        self.offset = offset
        self.ended = ended
    }
}

/// A monotonic clock in seconds, for sleep timers and the silent clock.
public enum MonotonicTime {
    public static func now() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }
}
