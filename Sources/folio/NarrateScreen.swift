import FolioLayout
import FolioOverlay
import FolioPager
import FolioPublication
import FolioRender
import FolioStyle
import FoundationEssentials
import Glibc

/// `folio narrate`'s full-screen player: the passage being read with its fragment highlighted, a
/// progress line, the keys. Built on the pager's `TerminalSession` (raw keys, alternate screen).
struct NarrateScreen {
    let session: NarrationSession
    let terminal: TerminalSession
    let publication: Publication
    /// The passage a fragment is read in, its words highlighted.
    let passage: (TextTarget) -> NarratedPassage?
    /// Reading aloud a chapter at a time: the screen closes when the chapter has been read, and
    /// `run` says so, for the next chapter to follow.
    var endsAtChapterEnd = false
    /// The book's colours for a narrated fragment (its Media Overlays active classes), nil where
    /// it gives none: then the fragment is black on yellow.
    var colors: (TextTarget) -> NarrationColors? = { _ in nil }

    /// Shows the player until the reader quits (false) or, with `endsAtChapterEnd`, until the
    /// narration ends (true).
    @discardableResult
    func run() -> Bool {
        terminal.start()
        defer { terminal.close() }
        var shown: [String] = []
        var message: String?
        while true {
            let status = session.tick()
            if endsAtChapterEnd, status.stopped == .endOfBook { return true }
            let size = terminal.size()
            if terminal.takeResize() {
                shown = []
                terminal.write("\u{1B}[2J")
            }
            let lines = screen(status, columns: size.columns, rows: size.rows, message: message)
            var out = ""
            for (row, line) in lines.enumerated() where row >= shown.count || shown[row] != line {
                out += "\u{1B}[\(row + 1);1H" + line + "\u{1B}[0m\u{1B}[K"
            }
            shown = lines
            if !out.isEmpty { terminal.write(out) }
            // Ticks every 40 ms while playing, so the highlight follows the voice closely.
            for key in terminal.readKeys(timeout: status.isPlaying ? 40 : 250) {
                guard let command = Self.command(for: key) else {
                    if Self.quits(key) { return false }
                    continue
                }
                session.send(command)
                message = nil
                if case .cycleSleep = command { message = "Sleep timer: \(session.status.sleep.map(\.description) ?? "off")" }
            }
        }
    }

    static func quits(_ key: Key) -> Bool {
        key == .character("q") || key == .character("Q") || key == .escape || key == .control("c") || key == .control("d") || key == .endOfInput
    }

    /// The command a key stands for.
    static func command(for key: Key) -> NarrationCommand? {
        switch key {
        case .character(" "), .character("p"), .enter: .togglePlay
        case .left: .skip(by: -15)
        case .right: .skip(by: 15)
        case .character("]"), .pageDown: .nextChapter
        case .character("["), .pageUp: .previousChapter
        case .character("."), .down: .nextClip
        case .character(","), .up: .previousClip
        case .character("+"), .character("="): .faster
        case .character("-"), .character("_"): .slower
        case .character("s"): .cycleSleep
        case .character("e"): .escape
        case .home: .seek(to: 0)
        default: nil
        }
    }

    /// The screen as ANSI lines, one per row.
    func screen(_ status: NarrationStatus, columns: Int, rows: Int, message: String?) -> [String] {
        let timeline = session.controller.timeline
        let width = max(20, columns - 4)
        var top: [String] = []
        let title = publication.metadata.title ?? "Narration"
        let chapter = status.chapterIndex.map { chapterTitle(timeline.chapters[$0].href) ?? "Part \($0 + 1)" } ?? ""
        top.append("\u{1B}[1m " + Self.cut("\(title) — \(chapter)", columns - 2) + "\u{1B}[22m")
        top.append(" " + String(repeating: "─", count: max(0, columns - 2)))

        var bottom: [String] = []
        let state = status.isPlaying ? "▶ Playing" : "⏸ Paused (space plays)"
        var first = "\(state)   Part \(status.part) of \(status.partCount)   \(Self.speed(status.speed))×"
        if let sleep = status.sleep {
            first += "   Sleep \(sleep)" + (status.sleepRemaining.map { " (\(Self.clock($0)) left)" } ?? "")
        }
        if status.stopped == .sleepTimer { first += "   Paused by the sleep timer" }
        if status.stopped == .endOfBook { first += "   The end" }
        bottom.append(" " + Self.cut(first, columns - 2))
        let left = Self.clock(status.elapsedInChapter), right = "-" + Self.clock(status.remainingInChapter)
        let barWidth = max(10, min(40, columns - 60))
        let total = status.elapsedInChapter + status.remainingInChapter
        let share = total > 0 && total.isFinite ? min(max(status.elapsedInChapter / total, 0), 1) : 0
        let filled = Int((Double(barWidth) * share).rounded())
        let bar = String(repeating: "━", count: filled) + String(repeating: "─", count: barWidth - filled)
        let book = "Book \(Self.clock(status.elapsed)) of \(Self.clock(status.elapsed + status.remaining)), "
            + "\(Self.clock(status.remaining / status.speed)) left"
        bottom.append(" " + Self.cut("\(left) \(bar) \(right)   \(book)", columns - 2))
        bottom.append("\u{1B}[2m " + Self.cut(message ?? "space play/pause  ←/→ 15 s  [ ] chapter  , . sentence  - + speed  s sleep  q quit",
                                               columns - 2) + "\u{1B}[22m")

        let room = max(1, rows - top.count - bottom.count - 2)
        let passage = status.text.flatMap { self.passage($0) } ?? NarratedPassage(text: "", highlight: 0..<0)
        let look = status.text.flatMap(colors)
        var middle = [""] + Self.wrap(passage, width: width, rows: room, colors: look).map { "  " + $0 }
        while middle.count < rows - top.count - bottom.count { middle.append("") }
        return Array((top + middle.prefix(max(0, rows - top.count - bottom.count)) + bottom).prefix(rows))
    }

    /// The passage in lines of `width`, the fragment highlighted; when it is too long, the lines
    /// around the fragment.
    static func wrap(_ passage: NarratedPassage, width: Int, rows: Int, colors: NarrationColors? = nil) -> [String] {
        let characters = Array(passage.text)
        var lines: [Range<Int>] = []
        var start = 0
        while start < characters.count {
            var end = start, column = 0, lastSpace: Int?
            while end < characters.count {
                let w = TerminalWidth.of(characters[end])
                if column + w > width { break }
                if characters[end] == " " { lastSpace = end }
                column += w
                end += 1
            }
            if end < characters.count, let lastSpace, lastSpace > start { end = lastSpace }
            lines.append(start..<max(end, start + 1))
            start = max(end, start + 1)
            while start < characters.count, characters[start] == " " { start += 1 }
        }
        let firstHighlighted = lines.firstIndex { $0.overlaps(passage.highlight) } ?? 0
        let from = max(0, min(firstHighlighted - 1, lines.count - rows))
        // The book's colours in 24-bit SGR; black on yellow when it styles neither text nor background.
        func sgr(_ color: RGBA, _ layer: Int) -> String { "\u{1B}[\(layer);2;\(color.red);\(color.green);\(color.blue)m" }
        let rest = colors?.rest.map { sgr($0, 38) } ?? ""
        let on: String, off: String
        if let colors, colors.text != nil || colors.background != nil {
            on = (colors.text.map { sgr($0, 38) } ?? "\u{1B}[39m") + (colors.background.map { sgr($0, 48) } ?? "")
            off = "\u{1B}[39;49m" + rest
        } else {
            on = "\u{1B}[30;43m"
            off = "\u{1B}[39;49m" + rest
        }
        return lines[from..<min(lines.count, from + rows)].map { line in
            var out = rest
            var lit = false
            for k in line {
                let inside = passage.highlight.contains(k)
                if inside != lit { out += inside ? on : off; lit = inside }
                out.append(characters[k])
            }
            return out + (lit || !rest.isEmpty ? "\u{1B}[39;49m" : "")
        }
    }

    private func chapterTitle(_ href: String) -> String? {
        var stack = publication.navigation.toc
        while !stack.isEmpty {
            let point = stack.removeFirst()
            if let link = point.href, link.split(separator: "#").first.map(String.init) == href { return point.title }
            stack.insert(contentsOf: point.children, at: 0)
        }
        return nil
    }

    static func cut(_ text: String, _ width: Int) -> String {
        text.count > width ? String(text.prefix(max(0, width - 1))) + "…" : text
    }

    static func clock(_ seconds: Double) -> String { PlaybackText.clock(seconds) }

    static func speed(_ value: Double) -> String { PlaybackText.speed(value) }
}
