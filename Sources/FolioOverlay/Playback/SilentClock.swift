/// A clock that advances through spans in time without sounding anything: for `--audio none`,
/// machines without a sound device, and tests (which pass their own `now`).
///
/// Position = offset at the last start or change + (now − then) × speed, while not paused.
public final class SilentClock: PlaybackClock {
    private let now: () -> Double
    private var span: AudioSpan?
    private var baseOffset = 0.0
    private var anchor = 0.0
    private var paused = true
    private var speed = 1.0

    /// - Parameter now: seconds on a monotonic clock (`MonotonicTime.now` unless a test injects one).
    public init(now: @escaping () -> Double = MonotonicTime.now) {
        self.now = now
    }

    public func start(_ span: AudioSpan, at offset: Double, paused: Bool) {
        self.span = span
        baseOffset = max(0, offset)
        anchor = now()
        self.paused = paused
    }

    public func setPaused(_ paused: Bool) {
        rebase()
        self.paused = paused
    }

    public func setSpeed(_ speed: Double) {
        rebase()
        self.speed = speed
    }

    public func reading() -> ClockReading {
        guard let span else { return ClockReading(offset: 0, ended: true) }
        let offset = min(current, span.duration)
        return ClockReading(offset: offset, ended: offset >= span.duration)
    }

    public func stop() {
        span = nil
        paused = true
    }

    private var current: Double {
        paused ? baseOffset : baseOffset + (now() - anchor) * speed
    }

    private func rebase() {
        baseOffset = current
        anchor = now()
    }
}
