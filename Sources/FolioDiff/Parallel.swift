import FolioCore
import Dispatch
import FoundationEssentials
import Glibc

/// Work spread over threads, results in input order (so output never depends on thread timing).
enum Parallel {
    /// Maps `items` on up to `jobs` threads, keeping their order.
    static func map<T, R>(_ items: [T], jobs: Int, _ transform: (T) throws -> R) rethrows -> [R] {
        guard jobs > 1, items.count > 1 else { return try items.map(transform) }
        var results = [Result<R, any Error>?](repeating: nil, count: items.count)
        let lock = Lock()
        let workers = min(jobs, items.count)
        withoutActuallyEscaping(transform) { transform in
            nonisolated(unsafe) let transform = transform
            nonisolated(unsafe) let items = items
            nonisolated(unsafe) var shared = results
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                // Strided, so that costly neighbours (a chapter's image pages) spread over workers.
                for k in stride(from: worker, to: items.count, by: workers) {
                    let result = Result { try transform(items[k]) }
                    lock.lock()
                    shared[k] = result
                    lock.unlock()
                }
            }
            results = shared
        }
        return try results.map { try $0!.get() }
    }
}
