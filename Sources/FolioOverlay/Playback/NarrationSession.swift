/// A `NarrationController` joined to a `PlaybackClock`: what a player screen holds.
///
/// Call `tick()` often (every 20–50 ms while playing) so the highlighted fragment follows the voice,
/// and `send(_:)` for each key. Not thread-safe: one screen drives it.
public final class NarrationSession {
    public private(set) var controller: NarrationController
    public let clock: PlaybackClock
    private let now: () -> Double

    /// - Parameters:
    ///   - now: monotonic seconds, for the sleep timer (tests inject their own, as for `SilentClock`).
    ///   - time: where to start, in book time; playback waits for `.play`.
    public init(timeline: Timeline, clock: PlaybackClock, at time: Double = 0, speed: Double = 1,
                now: @escaping () -> Double = MonotonicTime.now) {
        controller = NarrationController(timeline: timeline, at: time, speed: speed)
        self.clock = clock
        self.now = now
        clock.setSpeed(controller.speed)
    }

    public var status: NarrationStatus { controller.status }

    /// Brings book time up to date with the clock, then carries out the command.
    public func send(_ command: NarrationCommand) {
        tick()
        apply(controller.handle(command, now: now()))
    }

    /// Reads the clock and moves the narration on.
    @discardableResult
    public func tick() -> NarrationStatus {
        apply(controller.tick(clock.reading(), now: now()))
        return controller.status
    }

    private func apply(_ actions: [PlaybackAction]) {
        for action in actions {
            switch action {
            case .start(let span, let offset, let paused): clock.start(controller.spans[span], at: offset, paused: paused)
            case .setPaused(let paused): clock.setPaused(paused)
            case .setSpeed(let speed): clock.setSpeed(speed)
            }
        }
    }
}
