import FolioStyle
import Synchronization

/// Remembers shaped words, so that a word repeated through a book is shaped once.
///
/// Explicit (one per layout context, never global) and bounded: entries live in two
/// generations of at most `capacity` each; when the young one fills, the old one is dropped
/// and the young one ages. A hit in the old generation moves the entry back to the young one,
/// so frequent words stay. Safe to share between threads (a mutex guards the tables; shaping
/// itself happens outside the lock with the caller's `Shaper`).
///
/// Shaping word by word ignores context across the word's edges; that is right for the
/// space-separated words this cache is for, and wrong for joining scripts split mid-word —
/// shape those runs whole.
public final class ShapeCache: Sendable {
    struct Key: Hashable {
        var text: String
        var face: ObjectIdentifier
        var size: Double
        var direction: Direction
        var script: Script?
        var language: String?
        var features: [FontFeature]
        var smallCaps: Bool
    }

    struct Entry {
        // Holding the face keeps its ObjectIdentifier from being reused by another face.
        var face: FontFace
        var run: ShapedRun
    }

    struct Tables {
        var young: [Key: Entry] = [:]
        var old: [Key: Entry] = [:]
        var hits = 0
        var misses = 0
    }

    public let capacity: Int
    private let tables = Mutex(Tables())

    public init(capacity: Int = 10_000) {
        self.capacity = max(1, capacity)
    }

    /// The shaped run for `text`, from the cache or shaped now with `shaper`.
    public func shape<S: StringProtocol>(
        text: S, face: FontFace, size: Double, direction: Direction = .ltr,
        script: Script? = nil, language: String? = nil,
        features: [FontFeature] = [], smallCaps: Bool = false, shaper: Shaper
    ) -> ShapedRun {
        let key = Key(text: String(text), face: ObjectIdentifier(face), size: size, direction: direction,
                      script: script, language: language, features: features, smallCaps: smallCaps)
        if let run = lookup(key) { return run }
        let run = shaper.shape(text: text, face: face, size: size, direction: direction, script: script,
                               language: language, features: features, smallCaps: smallCaps)
        insert(key, Entry(face: face, run: run))
        return run
    }

    /// Hits and misses so far, for measurement.
    public var statistics: (hits: Int, misses: Int, count: Int) {
        tables.withLock { ($0.hits, $0.misses, $0.young.count + $0.old.count) }
    }

    private func lookup(_ key: Key) -> ShapedRun? {
        tables.withLock { t in
            if let entry = t.young[key] {
                t.hits += 1
                return entry.run
            }
            if let entry = t.old.removeValue(forKey: key) {
                t.hits += 1
                t.young[key] = entry
                age(&t)
                return entry.run
            }
            t.misses += 1
            return nil
        }
    }

    private func insert(_ key: Key, _ entry: Entry) {
        tables.withLock { t in
            t.young[key] = entry
            age(&t)
        }
    }

    private func age(_ t: inout Tables) {
        if t.young.count >= capacity {
            t.old = t.young
            t.young = [:]
        }
    }
}
