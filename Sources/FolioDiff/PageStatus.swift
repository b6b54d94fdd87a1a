/// How a page of the current rendering relates to the baseline.
public enum PageStatus: String, Sendable, Codable, CaseIterable {
    case identical, changed, added, removed, moved
}
