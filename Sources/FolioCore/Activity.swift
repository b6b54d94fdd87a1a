import Synchronization

/// What the process is busy with, in words, for a watchdog that tells the user when a command
/// runs long (`folio` prints it to stderr after a few seconds without an end).
///
/// Libraries never print; they say what they are starting on at a coarse grain (a chapter, a
/// page batch, a document), which costs a lock and a string per step. There is one per process,
/// as there is one terminal to report to.
public final class Activity: Sendable {
    public static let current = Activity()

    private let state = Mutex("starting")

    /// Records the step now under way, e.g. "laying out spine item 3 of 40 (EPUB/c3.xhtml)".
    public func begin(_ what: String) {
        state.withLock { $0 = what }
    }

    /// The step now under way.
    public var now: String {
        state.withLock { $0 }
    }
}
