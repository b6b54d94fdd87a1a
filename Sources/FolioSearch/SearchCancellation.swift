import Synchronization

/// A flag a search checks between chapters and while a regular expression runs: set from
/// another thread, the search stops at once.
public final class SearchCancellation: Sendable {
    private let flag = Atomic<Bool>(false)

    public init() {}

    public func cancel() { flag.store(true, ordering: .relaxed) }

    public var isCancelled: Bool { flag.load(ordering: .relaxed) }
}
