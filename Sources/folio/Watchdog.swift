import FolioCore
import FoundationEssentials
import Glibc

/// Tells the user on stderr what a command is busy with once it has run for a while, and again
/// at intervals, so that no command runs long in silence: "folio layout: 12 s, laying out
/// spine item 40 of 361 (EPUB/text/chapter-39.xhtml)".
///
/// The interactive commands (`read`, `narrate`) own the terminal and show their own status, so
/// they start none. `FOLIO_PROGRESS_AFTER` and `FOLIO_PROGRESS_EVERY` (seconds; 10 and 10) change
/// when the first line comes and how often the next ones do.
enum Watchdog {
    static let interactive: Set<String> = ["read", "narrate"]

    static func start(command: String) {
        guard !interactive.contains(command) else { return }
        let after = seconds(environmentVariable("FOLIO_PROGRESS_AFTER")) ?? 10
        let every = max(0.01, seconds(environmentVariable("FOLIO_PROGRESS_EVERY")) ?? 10)
        let start = ContinuousClock.now
        BackgroundThread.start(stackSize: 64 * 1024) {
            BackgroundThread.sleep(after)
            while true {
                let elapsed = ContinuousClock.now - start
                let line = "folio \(command): \(elapsed.components.seconds) s, \(Activity.current.now)\n"
                StandardStream.error.write(line)
                BackgroundThread.sleep(every)
            }
        }
    }

    /// A non-negative number of seconds, or nil.
    private static func seconds(_ text: String?) -> Double? {
        guard let text, let value = Double(text), value.isFinite, value >= 0 else { return nil }
        return min(value, 86_400)
    }
}
