/// A media query list, as in `@media screen and (min-width: 600px), print`.
///
/// An empty list matches everything. A query that does not parse becomes `not all`
/// (it never matches) without affecting the others.
/// https://www.w3.org/TR/mediaqueries-4/#mq-list
public struct MediaQueryList: Sendable, Hashable {
    public var queries: [MediaQuery]

    public init(queries: [MediaQuery]) {
        self.queries = queries
    }

    /// The empty list, which matches every device.
    public static let all = MediaQueryList(queries: [])

    /// True when any query matches (or the list is empty).
    public func matches(_ environment: MediaEnvironment) -> Bool {
        queries.isEmpty || queries.contains { $0.matches(environment) }
    }

    /// Parses a `<media-query-list>` from component values.
    public static func parse(_ values: [ComponentValue]) -> MediaQueryList {
        let trimmed = values.trimmingWhitespace
        guard !trimmed.isEmpty else { return .all }
        return MediaQueryList(queries: trimmed.splitOnCommas().map { MediaQueryParser.parseQuery($0) ?? .notAll })
    }

    /// Parses a `<media-query-list>` written as text (a `media` attribute).
    public static func parse(_ text: String) -> MediaQueryList {
        parse(CSSParser.parseComponentValues(text))
    }
}

/// One media query: `[not | only]? type [and condition]?`, or a bare condition.
///
/// https://www.w3.org/TR/mediaqueries-4/#media
public struct MediaQuery: Sendable, Hashable {
    public enum Qualifier: Sendable, Hashable {
        case none, only, not
    }

    public var qualifier: Qualifier
    /// Lowercased media type; nil means `all`.
    public var mediaType: String?
    public var condition: MediaCondition?

    public init(qualifier: Qualifier = .none, mediaType: String? = nil, condition: MediaCondition? = nil) {
        self.qualifier = qualifier
        self.mediaType = mediaType
        self.condition = condition
    }

    /// What an unparseable query becomes.
    public static let notAll = MediaQuery(qualifier: .not, mediaType: "all")

    public func matches(_ environment: MediaEnvironment) -> Bool {
        var result: Bool
        if let mediaType, mediaType != "all", mediaType != environment.mediaType {
            result = false
        } else {
            result = condition.map { $0.evaluate(environment) == .true } ?? true
        }
        if qualifier == .not { result.toggle() }
        return result
    }
}

/// A media condition: features joined with `not`, `and`, `or`.
///
/// https://www.w3.org/TR/mediaqueries-4/#media-conditions
public indirect enum MediaCondition: Sendable, Hashable {
    case feature(MediaFeature)
    case not(MediaCondition)
    case and([MediaCondition])
    case or([MediaCondition])
    /// `<general-enclosed>`: something from a later level; evaluates to unknown.
    case unknown(String)

    /// Three-valued evaluation (Media Queries 4 §3.4): unknown features are neither true nor false.
    public func evaluate(_ environment: MediaEnvironment) -> MediaTruth {
        switch self {
        case .feature(let f): return f.evaluate(environment)
        case .not(let c): return !c.evaluate(environment)
        case .and(let cs):
            var result = MediaTruth.true
            for c in cs { result = result && c.evaluate(environment) }
            return result
        case .or(let cs):
            var result = MediaTruth.false
            for c in cs { result = result || c.evaluate(environment) }
            return result
        case .unknown: return .unknown
        }
    }
}

/// Kleene's three-valued logic, as media queries use it.
public enum MediaTruth: Sendable, Hashable {
    case `true`, `false`, unknown

    init(_ b: Bool) { self = b ? .true : .false }

    static prefix func ! (v: MediaTruth) -> MediaTruth {
        switch v {
        case .true: .false
        case .false: .true
        case .unknown: .unknown
        }
    }

    static func && (l: MediaTruth, r: MediaTruth) -> MediaTruth {
        if l == .false || r == .false { return .false }
        if l == .unknown || r == .unknown { return .unknown }
        return .true
    }

    static func || (l: MediaTruth, r: MediaTruth) -> MediaTruth {
        if l == .true || r == .true { return .true }
        if l == .unknown || r == .unknown { return .unknown }
        return .false
    }
}
