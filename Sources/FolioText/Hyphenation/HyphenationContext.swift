import FoundationEssentials
import Glibc
import Synchronization

/// Hyphenation dictionaries by language, loaded on first use and kept for the context's life.
///
/// Explicit (one per layout context). A BCP 47 tag picks Debian's `hyph_<lang>_<REGION>.dic`,
/// falling back to `hyph_<lang>.dic`; English prefers `en_GB` for `en-GB` and otherwise
/// `en_US` (the only English one Debian ships as `hyphen-en-us`). Thread-safe: a mutex guards
/// the table, and hyphenators are read-only once loaded.
public final class HyphenationContext: Sendable {
    public let directories: [String]
    private let loaded = Mutex<[String: Hyphenator?]>([:])
    /// Answers by language tag, so that a paragraph's lookup does not touch the file system.
    private let byLanguage = Mutex<[String: Hyphenator?]>([:])

    public init(directories: [String] = ["/usr/share/hyphen"]) {
        self.directories = directories
    }

    /// The hyphenator for a language, or nil when no dictionary fits.
    public func hyphenator(for language: String) -> Hyphenator? {
        if let known = byLanguage.withLock({ $0[language] }) { return known }
        let hyphenator = dictionaryPath(for: language).flatMap { path in
            loaded.withLock { table in
                if let known = table[path] { return known }
                let hyphenator = Hyphenator(path: path)
                table[path] = hyphenator
                return hyphenator
            }
        }
        byLanguage.withLock { $0[language] = .some(hyphenator) }
        return hyphenator
    }

    /// The dictionary file a language tag resolves to, trying region before language.
    public func dictionaryPath(for language: String) -> String? {
        for name in Self.candidateNames(for: language) {
            for directory in directories {
                let path = directory + "/hyph_" + name + ".dic"
                if FileManager.default.isReadableFile(atPath: path) { return path }
            }
        }
        return nil
    }

    /// `en-GB` → `en_GB`, `en_US`, `en`; `de-CH-1996` → `de_CH`, `de`; `fr` → `fr`, `fr_FR`.
    static func candidateNames(for tag: String) -> [String] {
        let parts = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let first = parts.first, (2...3).contains(first.count) else { return [] }
        let language = first.lowercased()
        // The region is the first two-letter (or three-digit) subtag after the language,
        // skipping a script subtag (four letters).
        let region = parts.dropFirst().first { $0.count == 2 || ($0.count == 3 && $0.allSatisfy(\.isNumber)) }?.uppercased()
        var names: [String] = []
        if let region { names.append("\(language)_\(region)") }
        if language == "en" { names.append("en_US") }
        names.append(language)
        names.append("\(language)_\(language.uppercased())")
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }
}
