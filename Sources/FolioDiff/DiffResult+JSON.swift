import FolioCore
import FoundationEssentials
import Glibc

/// `folio diff --json`: `summary` (the verdict, counts, notes and statements), `chapters`
/// (per profile and spine item, its statements) and `pages` (one object per matched or
/// unmatched page). Shards' documents merge back into one with `merged(_:)`.
extension DiffResult {
    public func json() -> JSONValue {
        let counts = self.counts
        let pages = profiles.flatMap { profile in profile.chapters.flatMap { chapter in chapter.pages.map { (profile.name, chapter.order, $0) } } }
        return .object([
            ("summary", .object([
                ("result", .string(hasChanges ? "changed" : "identical")),
                ("baseline", .string(baseline)),
                ("current", .string(current)),
                ("threshold", .number(threshold)),
                ("shard", .string(shard?.description)),
                ("profiles", .strings(profiles.map(\.name))),
                ("pages", .number(Double(pages.count))),
                ("expected", .number(Double(expectedCount))),
            ] + PageStatus.allCases.map { ($0.rawValue, JSONValue.number(Double(counts[$0] ?? 0))) } + [
                ("notes", .strings(notes)),
                ("statements", .strings(statements)),
            ])),
            ("chapters", .array(profiles.flatMap { profile in
                profile.chapters.map { chapter in
                    .object([
                        ("profile", .string(profile.name)), ("order", .number(Double(chapter.order))),
                        ("href", .string(chapter.href)), ("title", .string(chapter.title)), ("label", .string(chapter.label)),
                        ("baselinePages", .number(Double(chapter.baselinePages))), ("currentPages", .number(Double(chapter.currentPages))),
                        ("statements", .strings(chapter.statements)),
                        ("textChanges", .array(chapter.textChanges.map { paragraph in
                            .array(paragraph.segments.map { .object([("kind", .string($0.kind.rawValue)), ("text", .string($0.text))]) })
                        })),
                    ])
                }
            })),
            ("pages", .array(pages.map { profile, order, page in
                .object([
                    ("profile", .string(profile)), ("chapter", .number(Double(order))),
                    ("status", .string(page.status.rawValue)),
                    ("baseline", .number(page.baseline.map(Double.init))), ("current", .number(page.current.map(Double.init))),
                    ("href", .string(page.href)),
                    ("difference", .number(page.difference)),
                    ("box", page.box.map { .object($0.jsonFields) } ?? .null),
                    ("images", page.images.map { .object([("baseline", .string($0.baseline)), ("current", .string($0.current)),
                                                          ("heatMap", .string($0.heatMap))]) } ?? .null),
                    ("expected", .string(page.expected)),
                ])
            })),
        ])
    }

    /// Reads a document `json()` wrote (a shard's output, for `--merge`).
    public init(data: Data, source: String) throws(SnapshotError) {
        let root = try JSONObject(data: data, source: source)
        guard let summary = root.optionalObject("summary") else { throw .malformed(source, "“summary” is missing") }
        var chapters: [String: [Int: ChapterDiff]] = [:]
        for chapter in try root.objects("chapters") {
            let href = try chapter.string("href")
            let diff = ChapterDiff(href: href, title: chapter.optionalString("title"), label: chapter.optionalString("label") ?? href,
                                   order: try chapter.int("order"),
                                   baselinePages: try chapter.int("baselinePages"), currentPages: try chapter.int("currentPages"),
                                   statements: try chapter.strings("statements"), pages: [],
                                   textChanges: Self.textChanges(chapter.values["textChanges"]))
            chapters[try chapter.string("profile"), default: [:]][diff.order] = diff
        }
        for page in try root.objects("pages") {
            guard let status = PageStatus(rawValue: try page.string("status")) else { throw .malformed(source, "a page has an unknown status") }
            let box = page.optionalObject("box").flatMap { try? PixelBox($0) }
            let images = page.optionalObject("images").map {
                ReportImages(baseline: $0.optionalString("baseline"), current: $0.optionalString("current"), heatMap: $0.optionalString("heatMap"))
            }
            let profile = try page.string("profile"), order = try page.int("chapter")
            guard chapters[profile]?[order] != nil else { throw .malformed(source, "a page names chapter \(order) of \(profile), which is not listed") }
            chapters[profile]?[order]?.pages.append(PageDiff(
                status: status, baseline: page.optionalInt("baseline"), current: page.optionalInt("current"), href: try page.string("href"),
                difference: page.optionalDouble("difference"), box: box, images: images, expected: page.optionalString("expected")))
        }
        let names = try summary.strings("profiles")
        self.init(baseline: try summary.string("baseline"), current: try summary.string("current"), notes: try summary.strings("notes"),
                  profiles: names.map { name in ProfileDiff(name: name, chapters: (chapters[name] ?? [:]).values.sorted { $0.order < $1.order }) },
                  shard: summary.optionalString("shard").flatMap(Shard.init), threshold: summary.optionalDouble("threshold") ?? 0)
    }

    /// A chapter's `textChanges` read back (absent from older outputs: none).
    private static func textChanges(_ value: Any?) -> [ChangedParagraph] {
        guard let paragraphs = value as? [[[String: Any]]] else { return [] }
        return paragraphs.map { segments in
            ChangedParagraph(segments: segments.compactMap { segment in
                guard let kind = (segment["kind"] as? String).flatMap(ChangedParagraph.Kind.init(rawValue:)),
                      let text = segment["text"] as? String else { return nil }
                return ChangedParagraph.Segment(kind: kind, text: text)
            })
        }
    }

    /// The shards of one diff as one result. Every shard 1…N of the same N must be there once.
    public static func merged(_ parts: [DiffResult]) throws(MergeError) -> DiffResult {
        guard let first = parts.first else { throw .nothingToMerge }
        let count = first.shard?.count ?? 1
        let indices = parts.map { $0.shard?.index ?? 1 }
        guard parts.allSatisfy({ ($0.shard?.count ?? 1) == count }), Set(indices).count == parts.count, indices.count == count else {
            throw .incomplete(expected: count, found: parts.map { $0.shard?.description ?? "whole" })
        }
        var names: [String] = []
        var chapters: [String: [ChapterDiff]] = [:]
        var notes: [String] = []
        for part in parts {
            for note in part.notes where !notes.contains(note) { notes.append(note) }
            for profile in part.profiles {
                if !names.contains(profile.name) { names.append(profile.name) }
                chapters[profile.name, default: []] += profile.chapters
            }
        }
        return DiffResult(baseline: first.baseline, current: first.current, notes: notes,
                          profiles: names.map { ProfileDiff(name: $0, chapters: (chapters[$0] ?? []).sorted { $0.order < $1.order }) },
                          shard: nil, threshold: first.threshold)
    }
}

/// Why shards did not merge.
public enum MergeError: Error, Sendable, Hashable, CustomStringConvertible {
    case nothingToMerge
    case incomplete(expected: Int, found: [String])

    public var description: String {
        switch self {
        case .nothingToMerge: "no shard results to merge"
        case .incomplete(let expected, let found):
            "the shards do not make up one diff: expected 1/\(expected) … \(expected)/\(expected) once each, found \(found.joined(separator: ", "))"
        }
    }
}
