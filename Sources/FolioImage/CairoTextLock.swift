#if canImport(Glibc)
import Glibc
#endif

/// Keeps librsvg's text apart from the page renderer's.
///
/// Cairo 1.16 can free a scaled font that another thread is taking up from its font map at
/// that moment (`CairoFontCache` in FolioRender says how, and how the page renderer keeps its
/// own scaled fonts alive). librsvg sets an SVG drawing's text through Pango, whose scaled
/// fonts the page renderer cannot keep: so an SVG drawing is rendered alone (`alone`), while
/// the page renderer's text drawings, which never let their own fonts go, share the lock
/// among themselves (`sharing`). No scaled font of either kind is then created or released
/// while a thread of the other kind may be taking it up.
public enum CairoTextLock {
    nonisolated(unsafe) private static let lock: UnsafeMutablePointer<pthread_rwlock_t> = {
        let lock = UnsafeMutablePointer<pthread_rwlock_t>.allocate(capacity: 1)
        lock.initialize(to: pthread_rwlock_t())
        // glibc's default kind prefers readers, so a drawing may share the lock again from
        // within (a missing glyph's box drawn inside its run) while an SVG waits.
        let status = pthread_rwlock_init(lock, nil)
        precondition(status == 0, "pthread_rwlock_init failed: \(status)")
        return lock
    }()

    /// Runs `body` while no SVG drawing is being rendered.
    public static func sharing<T>(_ body: () throws -> T) rethrows -> T {
        let status = pthread_rwlock_rdlock(lock)
        precondition(status == 0, "pthread_rwlock_rdlock failed: \(status)")
        defer { pthread_rwlock_unlock(lock) }
        return try body()
    }

    /// Runs `body` while no other Cairo text is being drawn.
    public static func alone<T>(_ body: () throws -> T) rethrows -> T {
        let status = pthread_rwlock_wrlock(lock)
        precondition(status == 0, "pthread_rwlock_wrlock failed: \(status)")
        defer { pthread_rwlock_unlock(lock) }
        return try body()
    }
}
