import FoundationEssentials
import Glibc

/// A named set of render settings, written as its parts joined by hyphens: `phone-12pt-day`,
/// `tablet-14pt-night`, `600x800-125%-sepia-landscape`.
///
/// Parts may come in any order and each is optional: a device (`phone`, `tablet` or `WxH` in
/// CSS px), a text size (`12pt`, `125%`), a theme (`day`, `night`, `sepia`) and `landscape`.
/// What a profile leaves out comes from the command's other options. The name is also the
/// profile's folder in a snapshot.
public struct RenderProfile: Sendable, Hashable {
    public var name: String
    public var device: String?
    public var scale: String?
    public var theme: String?
    public var landscape = false

    /// Parses a profile name; nil when a part is none of the above or comes twice.
    public init?(_ name: String) {
        self.name = name
        guard !name.isEmpty else { return nil }
        for part in name.lowercased().split(separator: "-", omittingEmptySubsequences: false).map(String.init) {
            if part == "phone" || part == "tablet" || Self.isSize(part) {
                guard device == nil else { return nil }
                device = part
            } else if part.hasSuffix("pt") || part.hasSuffix("%") {
                guard scale == nil, Double(part.dropLast(part.hasSuffix("%") ? 1 : 2)) != nil else { return nil }
                scale = part
            } else if ["day", "night", "sepia"].contains(part) {
                guard theme == nil else { return nil }
                theme = part
            } else if part == "landscape" {
                guard !landscape else { return nil }
                landscape = true
            } else {
                return nil
            }
        }
    }

    /// The options the profile sets, by command-line option name (`device`, `scale`, `theme`, `landscape`).
    public var options: [String: String] {
        var out: [String: String] = [:]
        if let device { out["device"] = device }
        if let scale { out["scale"] = scale }
        if let theme { out["theme"] = theme }
        if landscape { out["landscape"] = "true" }
        return out
    }

    /// The profile name describing resolved settings: `phone-12pt-day`, `600x800-14pt-night-landscape`.
    public static func name(device: String, scale: String, theme: String, landscape: Bool) -> String {
        [device.lowercased(), scale.lowercased(), theme.lowercased()].joined(separator: "-") + (landscape ? "-landscape" : "")
    }

    /// Parses a comma-separated list; nil naming the first bad profile when one does not parse.
    public static func list(_ text: String) -> Result<[RenderProfile], ProfileListError> {
        var out: [RenderProfile] = []
        for part in text.split(separator: ",").map({ $0.trimmingWhitespace() }) where !part.isEmpty {
            guard let profile = RenderProfile(part) else { return .failure(.badProfile(part)) }
            guard !out.contains(where: { $0.name == profile.name }) else { return .failure(.duplicate(part)) }
            out.append(profile)
        }
        return out.isEmpty ? .failure(.empty) : .success(out)
    }

    private static func isSize(_ part: String) -> Bool {
        let sides = part.split(separator: "x", omittingEmptySubsequences: false)
        return sides.count == 2 && sides.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
    }
}

/// Why `--profiles` did not parse.
public enum ProfileListError: Error, Sendable, Hashable, CustomStringConvertible {
    case badProfile(String)
    case duplicate(String)
    case empty

    public var description: String {
        switch self {
        case .badProfile(let name):
            "profile “\(name)” is not DEVICE-SIZE-THEME (e.g. phone-12pt-day, tablet-14pt-night, 600x800-125%-sepia)"
        case .duplicate(let name): "profile “\(name)” is listed twice"
        case .empty: "no profile is listed"
        }
    }
}
