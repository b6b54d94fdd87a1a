import FolioCore

/// One of N equal parts of a diff, for splitting a suite over machines: `--shard 2/4`.
///
/// Chapters are the unit: each (profile, chapter) goes to the shard its name hashes to, so
/// both sides agree and every shard gets a similar share.
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    /// 1-based.
    public var index: Int
    public var count: Int

    public init?(_ text: String) {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, n <= 1000, (1...n).contains(i) else { return nil }
        index = i
        count = n
    }

    /// The shard of a Kubernetes Indexed Job's pod: `JOB_COMPLETION_INDEX` (0-based, set by
    /// Kubernetes) of `JOB_COMPLETION_COUNT` (the job's `completions`, which its manifest passes
    /// in); nil when either is missing or out of range.
    public init?(environment: [String: String]) {
        guard let index = environment["JOB_COMPLETION_INDEX"].flatMap({ Int($0) }),
              let count = environment["JOB_COMPLETION_COUNT"].flatMap({ Int($0) }) else { return nil }
        self.init("\(index + 1)/\(count)")
    }

    public var description: String { "\(index)/\(count)" }

    /// Whether this shard diffs the chapter `href` of `profile`.
    public func includes(profile: String, href: String) -> Bool {
        Int(Digest.fnv1a(profile + "\u{0}" + href) % UInt64(count)) == index - 1
    }
}
