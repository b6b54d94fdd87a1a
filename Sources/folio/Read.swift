import ArgumentParser
import FolioCore
import FolioLayout
import FolioOverlay
import FolioPager
import FolioPublication
import FolioReader
import FolioRender
import FolioStyle
import FoundationEssentials
import Glibc

struct Read: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read",
        _superCommandName: "folio",
        abstract: "Read a book in the terminal, page by page (? shows the keys).",
        discussion: """
        Pages come from Folio's layout engine set for the terminal's size. When standard output is not a \
        terminal the book's pages are printed as text, separated by form feeds; --plain prints the text \
        without pages, for screen readers.
        """
    )

    @Argument(help: "The book: an .epub file or an unpacked EPUB folder. Without one, the books read lately are listed and the one chosen opens.")
    var book: String?

    enum ThemeChoice: String, NamedChoices { case auto, day, night, sepia }

    @Option(help: "Theme: auto (day on a light terminal, night on a dark one, asked with OSC 11), day, night or sepia. Default: the last one chosen, else auto.")
    var theme: ThemeChoice?

    enum Mode: String, NamedChoices { case cells, image }

    @Option(help: "Display: cells (styled text) or image (pages drawn by Cairo, in terminals that show kitty or sixel images). Default: the last one chosen, else cells.")
    var mode: Mode?

    @Option(help: "Pictures: auto (kitty or sixel where the terminal shows them, else half blocks), kitty, sixel, blocks or none.")
    var images: CellOutput.Images = .auto

    @Flag(help: "Print the book's text in reading order without pages or decoration.")
    var plain = false

    @Flag(help: "Leave the mouse to the terminal (its own text selection) instead of the wheel turning pages and clicks following links.")
    var noMouse = false

    @Option(help: "Width of the text when printing to a pipe (default: $COLUMNS or 80).")
    var width: Int?

    @Option(help: "Narration audio: auto (the system's, through libmpv), none (a silent clock), or an mpv output name.")
    var audio = "auto"

    @Option(help: .hidden)
    var keys: String?

    @Option(help: .hidden)
    var screenSize = "80x24"

    func validate() throws {
        if let width, !(20...1000).contains(width) { throw ValidationError("--width must be 20-1000") }
    }

    func run() throws {
        guard let book = try book ?? chooseFromHistory() else { return }
        let publication = try openBook(book)
        guard !publication.spine.items.isEmpty else {
            Terminal.error("\(book): the spine is empty; there is nothing to read")
            throw Exit.unreadableBook
        }
        let bookImages = BookImages(publication)
        // Without a terminal to ask, auto is day.
        let chosenTheme = theme.flatMap { ReaderSettings.Theme(rawValue: $0.rawValue) } ?? .day
        if let keys {
            try runScript(keys, publication: publication, images: bookImages, theme: chosenTheme)
            return
        }
        let columns = width ?? environmentVariable("COLUMNS").flatMap(Int.init) ?? 80
        guard !plain, let terminal = TerminalSession() else {
            try printPages(CellBook(publication: publication, images: bookImages, columns: max(20, min(1000, columns)), rows: 24, theme: chosenTheme),
                           name: book)
            return
        }
        terminal.reportsMouse = !noMouse
        let session = ReadingSession(publication: publication)
        // The theme given, else the one last chosen (this book's, else every book's), else
        // the terminal's background decides.
        let named = theme.map(\.rawValue) ?? session.settings.theme
        let readingTheme = named.flatMap(ReaderSettings.Theme.init(rawValue:)) ?? Self.themeForBackground(of: terminal)
        let size = terminal.size()
        let step = session.settings.textSizeStep ?? TextWidth.defaultStep
        let hyphens = session.settings.hyphens.flatMap(ReaderSettings.Hyphenation.init(rawValue:)) ?? .auto
        let justification = session.settings.justify.flatMap(CellBook.Justification.init(rawValue:)) ?? .book
        let cellBook = CellBook(publication: publication, images: bookImages, columns: TextWidth.columns(step: step, screen: size.columns),
                                rows: max(4, size.rows - 1), theme: readingTheme, hyphens: hyphens, justification: justification)
        guard cellBook.firstPosition != nil else {
            Terminal.error("\(book): no spine item could be laid out into a page (folio info shows the warnings)")
            throw Exit.unreadableBook
        }
        let pager = Pager(book: cellBook, columns: size.columns, rows: size.rows, theme: readingTheme, textStep: step,
                          start: session.startLocator(in: cellBook.layout), showJacket: session.showJacket)
        pager.bookmarks = session.state.bookmarks
        pager.highlights = session.state.highlights
        if let server = session.settings.dictionary {
            if let client = DictClient(server: server) { pager.dictionary = client } else { pager.message = "settings.json: “\(server)” is not a dictionary server (host or host:port)" }
        }
        pager.narrationFactory = narration(publication, now: MonotonicTime.now)
        pager.readAloud = readAloud(publication, now: MonotonicTime.now)
        pager.mediaFactory = media(publication, now: MonotonicTime.now)
        if session.settings.scrollMode == true { pager.toggleScrolling() }
        if let warning = session.warnings.first { pager.message = warning }
        let colors = CellOutput.colorMode()
        pager.graphics = CellOutput.graphics(images, colors: colors)
        pager.wantsImagePages = (mode?.rawValue ?? session.settings.displayMode) == Mode.image.rawValue
        if let family = session.settings.fontFamily.flatMap(ReaderSettings.FontChoice.init(rawValue:)) { pager.setImageFont(family) }
        pager.showsProgressBar = session.settings.progressBar ?? false
        if let keys = session.settings.keys {
            let (map, unknown) = KeyNames.map(keys)
            pager.keyMap = map
            if !unknown.isEmpty { pager.message = "settings.json keys: not a key name: " + unknown.joined(separator: ", ") }
        }
        session.begin(pager)
        PagerShell(pager: pager, terminal: terminal, colors: colors, detectGraphics: images == .auto).run { session.record($0) }
        session.record(pager)
    }

    /// No book named: the books read lately, the most recent first. In a terminal the reader
    /// picks one by number (Enter: the first); otherwise the list is printed and nothing opens.
    private func chooseFromHistory() throws -> String? {
        let store = StateStore()
        let books = store.recentBooks().filter { $0.book?.location != nil }.prefix(20)
        guard !books.isEmpty else {
            Terminal.error("folio read: no book given, and none read yet: folio read BOOK opens one")
            throw ExitCode(64)
        }
        let list = books.enumerated().map { History.line($0.offset + 1, $0.element) }.joined()
        guard isatty(0) == 1, isatty(1) == 1 else {
            Terminal.write(list)
            return nil
        }
        Terminal.write("Books read lately:\n" + list + "Open which (1–\(books.count), Enter for 1, q to quit)? ")
        guard let answer = readLine()?.trimmingWhitespace(), answer != "q" else { return nil }
        guard let number = answer.isEmpty ? 1 : Int(answer), books.indices.contains(number - 1),
              let location = books[books.startIndex + number - 1].book?.location else {
            Terminal.error("folio read: “\(answer)” is not one of the numbers listed")
            throw ExitCode(64)
        }
        return location
    }

    /// Day on a light terminal, night on a dark one, as it answers OSC 11; day when it does
    /// not answer.
    static func themeForBackground(of terminal: TerminalSession) -> ReaderSettings.Theme {
        terminal.start()
        let reply = terminal.query(TerminalBackground.query, terminator: UInt8(ascii: "c"))
        return TerminalBackground(reply: reply)?.isDark == true ? .night : .day
    }

    /// Without a terminal: the pages as text (form feeds between), or with --plain the text alone:
    /// a paragraph a line, a paragraph that runs over a page boundary kept whole (a screen
    /// reader reads it as one), a blank line between chapters.
    private func printPages(_ cellBook: CellBook, name book: String) throws {
        var first = true, wroteChapter = false
        var any = false
        for spine in cellBook.readingOrder {
            var chapterText = ""
            for page in cellBook.pagesPassingThrough(spine) {
                any = true
                if plain {
                    // Page text ends a page's last line as the line ended: a soft-wrapped line
                    // keeps its space and a hyphenated word joins the next page's first word.
                    chapterText += page.text
                } else {
                    let grid = CellRenderer.grid(page.frame.inCells(), columns: cellBook.columns, rows: cellBook.rows)
                    let text = CellRenderer.plain(grid)
                    Terminal.write((first ? "" : "\u{C}") + text + "\n")
                }
                first = false
            }
            if plain && !chapterText.isEmpty {
                while chapterText.last == " " { chapterText.removeLast() }
                Terminal.write((wroteChapter ? "\n" : "") + chapterText + (chapterText.hasSuffix("\n") ? "" : "\n"))
                wroteChapter = true
            }
        }
        if !any {
            Terminal.error("\(book): no spine item could be laid out into a page (folio info shows the warnings)")
            throw Exit.unreadableBook
        }
    }

    /// `--keys`: drives the pager without a terminal (tests, benchmarks) and prints the last
    /// screen as text. Keys are space-separated names: `l`, `space`, `enter`, `esc`, `tab`,
    /// `left` … or `text:WORDS` to type characters.
    private func runScript(_ script: String, publication: Publication, images: BookImages, theme: ReaderSettings.Theme) throws {
        let parts = screenSize.lowercased().split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2 else { throw ValidationError("--screen-size must be COLSxROWS") }
        let cellBook = CellBook(publication: publication, images: images, columns: parts[0], rows: parts[1] - 1, theme: theme)
        let pager = Pager(book: cellBook, columns: parts[0], rows: parts[1], theme: theme, showJacket: true)
        // Time stands still but for `wait:SECONDS`, so narration is scripted exactly.
        nonisolated(unsafe) var virtualTime = 0.0
        pager.narrationFactory = narration(publication, now: { virtualTime })
        pager.readAloud = readAloud(publication, now: { virtualTime })
        pager.mediaFactory = media(publication, now: { virtualTime })
        pager.clock = { virtualTime }
        // A reader waits a moment between keys: the idle work (next chapter, page counts) is done.
        while pager.needsIdleWork { _ = pager.idle() }
        var timings: [Double] = []
        for name in script.split(separator: " ") {
            if name.hasPrefix("wait:"), let seconds = Double(name.dropFirst(5)), seconds >= 0, seconds <= 86_400 {
                // Narration advances in steps of a tenth of a second, as the shell ticks it.
                var left = seconds
                while left > 0 {
                    virtualTime += min(0.1, left)
                    left -= 0.1
                    _ = pager.tickNarration()
                }
                continue
            }
            for key in ScriptKeys.keys(String(name)) {
                let start = ContinuousClock.now
                guard pager.handle(key) else { break }
                _ = PagerShell.lines(pager.screen(), colors: .trueColor)
                timings.append((ContinuousClock.now - start).milliseconds)
                while pager.needsIdleWork { _ = pager.idle() }
            }
        }
        Terminal.write(CellRenderer.plain(pager.screen()) + "\n")
        if environmentVariable("FOLIO_KEY_TIMES") != nil, !timings.isEmpty {
            let sorted = timings.sorted()
            Terminal.error(String(printf: "keys: %ld, median %.2f ms, max %.2f ms", sorted.count, sorted[sorted.count / 2], sorted.last!))
        }
    }
}

extension Read {
    /// Plays one audio or video file of the book (a page's `<audio>` or `<video>`): its length
    /// probed with libmpv, then played as a one-part narration.
    func media(_ publication: Publication, now: @escaping () -> Double) -> (String, TextTarget, Int) -> NarrationSession? {
        { path, text, spineIndex in
            guard let duration = (try? AudioProbe.durations(of: [path], in: publication, diagnostics: Diagnostics()))?[path],
                  duration > 0 else { return nil }
            return session(Timeline.single(audio: path, duration: duration, text: text, spineIndex: spineIndex), publication, now: now)
        }
    }

    /// The narration player for the pager's `a` key, or nil for a book without narration.
    func narration(_ publication: Publication, now: @escaping () -> Double) -> () -> NarrationSession? {
        {
            let spoken = SpokenAudio()
            let timeline = Timeline.buildProbingAudio(publication: publication, diagnostics: Diagnostics())
                .speakingTextOnlyClips(publication: publication, into: spoken, diagnostics: Diagnostics())
            guard !timeline.isEmpty, timeline.duration > 0 else { return nil }
            return session(timeline, publication, now: now, spoken: spoken)
        }
    }

    /// The player of a chapter read aloud, for a book without Media Overlays.
    func readAloud(_ publication: Publication, now: @escaping () -> Double) -> (Timeline, SpokenAudio) -> NarrationSession {
        { timeline, spoken in session(timeline, publication, now: now, spoken: spoken) }
    }

    /// A player of `timeline`: through libmpv, or on a silent clock with `--audio none` and
    /// under `--keys`.
    private func session(_ timeline: Timeline, _ publication: Publication, now: @escaping () -> Double,
                         spoken: SpokenAudio? = nil) -> NarrationSession {
        let audio = keys == nil ? self.audio : "none"
        let clock: PlaybackClock = audio == "none" ? SilentClock(now: now)
            : Narrate.playbackClock(publication, timeline: timeline, audio: audio, spoken: spoken)
        return NarrationSession(timeline: timeline, clock: clock, now: now)
    }
}

/// Key names for `read --keys`: `KeyNames`, and `text:WORDS` to type characters.
enum ScriptKeys {
    static func keys(_ name: String) -> [Key] {
        if name.hasPrefix("text:") { return name.dropFirst(5).map { Key.character($0) } }
        return KeyNames.key(name).map { [$0] } ?? []
    }
}
