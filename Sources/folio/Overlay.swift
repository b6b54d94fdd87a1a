import ArgumentParser
import FolioCore
import FolioOverlay
import FolioPublication
import FoundationEssentials
import Glibc

struct Overlay: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "overlay",
        _superCommandName: "folio",
        abstract: "Print the Media Overlays narration timeline, or the clip playing at a book time, or check the overlays.",
        discussion: """
            Book time is narration time from the first clip, summing clip durations. With --json, prints \
            the documented JSON (see README.md). Timeline warnings go to stderr. --check lists what is wrong \
            with the overlays (missing text ids, overlapping, backward or gapped clips, clips past the end of \
            their audio, media:duration disagreeing or missing) and exits 1 when it finds anything.
            """
    )

    @Argument(help: "The book: an .epub file or an unpacked EPUB folder.")
    var book: String

    @Flag(help: "Print machine-readable JSON.")
    var json = false

    @Option(help: "Show the clip active at this book time: seconds (312.5) or a clock value (0:05:12.5, 5min).")
    var at: String?

    @Flag(help: "Check the overlays for publishers' mistakes; exit 1 when something is wrong.")
    var check = false

    func validate() throws {
        if let at, case .failure(let problem) = ClockValue.reading(at) {
            throw ValidationError("--at \(at) \(problem == .outOfRange ? "\(problem)" : "is neither seconds nor a clock value")")
        }
        if check && at != nil { throw ValidationError("--check and --at cannot be combined") }
    }

    func run() throws {
        let publication = try openBook(book)
        if check { return try OverlayCheckOutput(book: book, json: json).run(publication) }
        let diagnostics = Diagnostics()
        let timeline = Timeline.buildProbingAudio(publication: publication, diagnostics: diagnostics)
        defer {
            Terminal.printWarnings(diagnostics, since: 0)
            Terminal.summarizeWarnings(publication.diagnostics, book: book)
        }
        let excerpts = TextExcerpts(publication: publication)
        if let at, let time = ClockValue(at)?.seconds {
            guard let position = timeline.position(at: time) else {
                Terminal.error(timeline.isEmpty ? "\(book) has no media overlays"
                               : "no clip at \(OverlayText.clock(time)): the narration lasts \(OverlayText.clock(timeline.duration))")
                throw ExitCode(1)
            }
            Terminal.write(json ? OverlayJSON.position(position, in: timeline).serialized() + "\n"
                                : OverlayText.position(position, in: timeline, excerpts: excerpts))
            return
        }
        if json {
            Terminal.write(OverlayJSON.timeline(timeline, metadata: publication.metadata.mediaOverlays).serialized() + "\n")
        } else if timeline.isEmpty {
            Terminal.write("\(book) has no media overlays.\n")
        } else {
            Terminal.write(OverlayText.render(timeline, metadata: publication.metadata.mediaOverlays, excerpts: excerpts))
        }
    }
}

/// The `--json` documents; keys as README.md lists them.
enum OverlayJSON {
    static func timeline(_ t: Timeline, metadata: MediaOverlayMetadata) -> JSONValue {
        .object([
            ("duration", .number(t.duration)),
            ("narrator", .string(metadata.narrators.isEmpty ? nil : metadata.narrators.joined(separator: ", "))),
            ("activeClass", .string(metadata.activeClass)),
            ("playbackActiveClass", .string(metadata.playbackActiveClass)),
            ("chapters", .array(t.chapters.map { chapter in
                .object([
                    ("href", .string(chapter.href)),
                    ("overlay", .string(chapter.overlayPath)),
                    ("begin", .number(chapter.begin)),
                    ("duration", .number(chapter.duration)),
                    ("clips", .array(t.clips[chapter.clips].map(clip))),
                ])
            })),
        ])
    }

    static func clip(_ c: TimelineClip) -> JSONValue {
        .object([
            ("text", .string(c.text.description)),
            ("audio", .string(c.audio)),
            ("clipBegin", .number(c.clipBegin)),
            ("clipEnd", .number(c.clipEnd)),
            ("begin", .number(c.begin)),
            ("end", .number(c.end)),
            ("skippable", .bool(c.clip.isSkippable)),
            ("escapable", .bool(c.clip.isEscapable)),
        ])
    }

    static func position(_ p: Timeline.Position, in t: Timeline) -> JSONValue {
        .object([
            ("time", .number(p.time)),
            ("chapter", .string(t.chapters[p.chapterIndex].href)),
            ("part", .number(Double(p.part))),
            ("partCount", .number(Double(p.partCount))),
            ("clip", clip(t.clips[p.clipIndex])),
            ("elapsedInChapter", .number(p.elapsedInChapter)),
            ("remainingInChapter", .number(p.remainingInChapter)),
            ("elapsed", .number(p.elapsed)),
            ("remaining", .number(p.remaining)),
        ])
    }
}

/// The human-readable listing.
enum OverlayText {
    static func render(_ t: Timeline, metadata: MediaOverlayMetadata, excerpts: TextExcerpts) -> String {
        var out = "Narration: \(clock(t.duration)) in \(t.chapters.count) part\(t.chapters.count == 1 ? "" : "s")"
        if let declared = metadata.duration { out += " (media:duration \(clock(declared)))" }
        out += "\n"
        if !metadata.narrators.isEmpty { out += "Narrator: \(metadata.narrators.joined(separator: ", "))\n" }
        if let active = metadata.activeClass { out += "Active class: \(active)\n" }
        for (n, chapter) in t.chapters.enumerated() {
            out += "\nPart \(n + 1) of \(t.chapters.count): \(chapter.href)  \(clock(chapter.duration)), \(chapter.clips.count) clips\n"
            for c in t.clips[chapter.clips] {
                let fragment = c.text.fragment.map { "#" + $0 } ?? "(whole document)"
                let excerpt = excerpts.excerpt(c.text).map { " \"\($0)\"" } ?? ""
                out += "  \(clock(c.begin))  \(fragment)\(excerpt)\n"
                out += "      \(c.audio ?? "(no audio)") \(clock(c.clipBegin))–\(c.clipEnd.map(clock) ?? "end")"
                out += (c.clip.isSkippable ? "  [skippable]" : "") + (c.clip.isEscapable ? "  [escapable]" : "") + "\n"
            }
        }
        return out
    }

    static func position(_ p: Timeline.Position, in t: Timeline, excerpts: TextExcerpts) -> String {
        let c = t.clips[p.clipIndex]
        let excerpt = excerpts.excerpt(c.text, length: 72).map { " \"\($0)\"" } ?? ""
        return """
            At \(clock(p.time)): part \(p.part) of \(p.partCount), \(t.chapters[p.chapterIndex].href)
              text      \(c.text)\(excerpt)
              audio     \(c.audio ?? "(none)") \(clock(c.clipBegin))–\(c.clipEnd.map(clock) ?? "end")
              clip      \(clock(c.begin))–\(clock(c.end)) in book time
              chapter   \(clock(p.elapsedInChapter)) elapsed, \(clock(p.remainingInChapter)) remaining
              book      \(clock(p.elapsed)) elapsed, \(clock(p.remaining)) remaining

            """
    }

    /// `h:mm:ss.fff`, the full clock value form.
    static func clock(_ seconds: Double) -> String {
        // Clamped before Int(): a book's clips can sum past what Int holds in milliseconds.
        let millis = Int((min(max(seconds.isFinite ? seconds : 0, 0), 1e12) * 1000).rounded())
        let h = millis / 3_600_000, m = millis / 60_000 % 60, s = millis / 1000 % 60, ms = millis % 1000
        return "\(h):" + pad(m, 2) + ":" + pad(s, 2) + "." + pad(ms, 3)
    }

    private static func pad(_ n: Int, _ width: Int) -> String {
        let s = String(n)
        return String(repeating: "0", count: max(0, width - s.count)) + s
    }
}
