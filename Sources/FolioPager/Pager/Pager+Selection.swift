import FolioCore
import FolioLayout
import FolioReader
import FolioText

/// A word on the page shown: its chapter text offsets, its text, and where it stands.
struct PageWord: Equatable {
    var range: Range<Int>
    var text: String
    /// The page line it is on, counted from the top.
    var line: Int
    /// Its left edge, CSS px.
    var x: Double
    /// The last word of a paragraph's last line.
    var endsParagraph: Bool
}

/// The words selected in visual mode: from `anchor` to `cursor` (indices into the page's words,
/// either order).
struct Selection: Equatable {
    var anchor: Int
    var cursor: Int

    var words: ClosedRange<Int> { min(anchor, cursor)...max(anchor, cursor) }
}

/// Visual mode (`v`): a word chosen with the arrows, extended by word, sentence or paragraph,
/// then highlighted (with a note) or looked up in the dictionary.
extension Pager {
    /// The page's words in reading order, with their chapter offsets (cells pages only).
    func pageWords() -> [PageWord] {
        guard let page = currentPage, let offsets = book.layout.chapter(page.spineIndex).textOffsets else { return [] }
        var words: [PageWord] = []
        var line = -1
        var lineEnd: LineSetting.End?
        var lastOfLine: [Int: Int] = [:]
        var endOfLine: [Int: LineSetting.End] = [:]
        for item in page.frame.items {
            switch item {
            case .line(_, let setting):
                line += 1
                lineEnd = setting.end
                endOfLine[line] = lineEnd
            case .text(let origin, let run):
                guard let source = run.source, source.node >= 0, !run.sourceRange.isEmpty else { continue }
                let start = offsets.offset(node: source.node, offsetInNode: 0) + run.sourceRange.lowerBound
                let scalars = Array(run.text.unicodeScalars)
                let at = max(line, 0)
                func add(_ range: Range<Int>, _ text: String, _ x: Double) {
                    // A word cut by a change of style ("re" in one run, "ad" in the next) is one word.
                    if let last = words.last, last.range.upperBound == range.lowerBound, last.line == at {
                        words[words.count - 1].range = last.range.lowerBound..<range.upperBound
                        words[words.count - 1].text += text
                    } else {
                        words.append(PageWord(range: range, text: text, line: at, x: x, endsParagraph: false))
                    }
                    lastOfLine[at] = words.count - 1
                }
                guard scalars.count == run.sourceRange.count else {
                    // Text transformed on its way to the page: the run is one word.
                    let text = run.text.trimmingWhitespace()
                    if !text.isEmpty { add(start..<(start + run.sourceRange.count), text, origin.x + run.x) }
                    continue
                }
                var i = 0
                while i < scalars.count {
                    while i < scalars.count, scalars[i].properties.isWhitespace { i += 1 }
                    let j0 = i
                    while i < scalars.count, !scalars[i].properties.isWhitespace { i += 1 }
                    guard i > j0 else { continue }
                    let x = origin.x + run.x + run.width * Double(j0) / Double(max(1, scalars.count))
                    add((start + j0)..<(start + i), String(String.UnicodeScalarView(scalars[j0..<i])), x)
                }
            default:
                continue
            }
        }
        for (line, index) in lastOfLine where endOfLine[line] == .last { words[index].endsParagraph = true }
        return words.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// `v`: the first word on the page selected.
    func startSelection() {
        guard !showsImagePages else {
            message = "Selecting text is for pages in cells"
            return
        }
        guard !pageWords().isEmpty else {
            message = "No text on this page to select"
            return
        }
        overlay = .selecting(Selection(anchor: 0, cursor: 0))
        message = "Select: ←→↑↓ move · w b word · ) sentence · } paragraph · Enter highlight · d dictionary · Esc"
    }

    /// The chapter offsets selected, and their text as the chapter has it.
    func selectedRange(_ selection: Selection, words: [PageWord]) -> Range<Int>? {
        guard words.indices.contains(selection.words.lowerBound), words.indices.contains(selection.words.upperBound) else { return nil }
        return words[selection.words.lowerBound].range.lowerBound..<words[selection.words.upperBound].range.upperBound
    }

    /// Keys in visual mode.
    func handleSelection(_ key: Key, _ selection: Selection) {
        let words = pageWords()
        guard !words.isEmpty else {
            overlay = .none
            return
        }
        var s = selection
        let last = words.count - 1
        func moveTo(_ index: Int) { s = Selection(anchor: index, cursor: index) }
        switch key {
        case .right, .character("l"): moveTo(min(last, s.cursor + 1))
        case .left, .character("h"): moveTo(max(0, s.cursor - 1))
        case .down, .character("j"): moveTo(Self.wordOnNextLine(from: s.cursor, in: words, step: 1))
        case .up, .character("k"): moveTo(Self.wordOnNextLine(from: s.cursor, in: words, step: -1))
        case .character("w"): s.cursor = min(last, s.cursor + 1)
        case .character("b"): s.cursor = max(s.anchor, s.cursor - 1)
        case .character(")"):
            // To the end of the sentence: the next word ending in . ! ? (a closing quote after
            // one counts); from a sentence's end, the next one's.
            s.cursor = Self.next(after: s.cursor, in: words) { Self.endsSentence($0.text) }
        case .character("}"):
            s.cursor = Self.next(after: s.cursor, in: words, \.endsParagraph)
        case .enter, .character("H"):
            guard let range = selectedRange(s, words: words) else { break }
            overlay = .prompt(Prompt(kind: .highlightNote(range)))
            return
        case .character("d"):
            guard let range = selectedRange(s, words: words) else { break }
            overlay = .none
            lookUp(book.layout.text(spineIndex: position.spineIndex, range: range))
            return
        case .escape, .character("q"), .control("c"), .control("g"):
            overlay = .none
            return
        default:
            break
        }
        overlay = .selecting(s)
        if let range = selectedRange(s, words: words) {
            let text = book.layout.text(spineIndex: position.spineIndex, range: range)
            message = "Selected: " + Self.oneLine(text)
        }
    }

    /// The first word from `index` on that `ends` (the one after when `index` itself does), or
    /// the page's last word.
    static func next(after index: Int, in words: [PageWord], _ ends: (PageWord) -> Bool) -> Int {
        var k = index
        if ends(words[k]), k < words.count - 1 { k += 1 }
        while k < words.count - 1, !ends(words[k]) { k += 1 }
        return k
    }

    /// The word on the line after (or before) the cursor's nearest it across.
    static func wordOnNextLine(from index: Int, in words: [PageWord], step: Int) -> Int {
        let line = words[index].line + step
        let candidates = words.indices.filter { words[$0].line == line }
        guard !candidates.isEmpty else { return index }
        return candidates.min { abs(words[$0].x - words[index].x) < abs(words[$1].x - words[index].x) }!
    }

    static func endsSentence(_ word: String) -> Bool {
        let trimmed = word.unicodeScalars.reversed().drop { "\"'”’)]»".unicodeScalars.contains($0) }
        guard let last = trimmed.first else { return false }
        return last == "." || last == "!" || last == "?" || last == "…"
    }

    /// Text on one line, whitespace folded, cut near 60 characters.
    static func oneLine(_ text: String) -> String {
        Bookmark.excerpt(text, length: 60)
    }

    /// Saves the selection as a highlight with the reader's note (none when empty).
    func addHighlight(_ range: Range<Int>, note: String) {
        let spine = position.spineIndex
        let start = Locator(spineIndex: spine, offset: range.lowerBound)
        let text = book.layout.text(spineIndex: spine, range: range)
        let trimmed = note.trimmingWhitespace()
        let highlight = Highlight(start: start, end: range.upperBound,
                                  cfi: book.layout.cfi(from: start, to: Locator(spineIndex: spine, offset: range.upperBound)),
                                  text: text, note: trimmed.isEmpty ? nil : trimmed)
        highlights.append(highlight)
        highlights.sort { ($0.start, $0.end) < ($1.start, $1.end) }
        onHighlightsChanged?(highlights)
        message = "Highlighted: " + Self.oneLine(text) + (trimmed.isEmpty ? "" : " · note kept")
    }

    /// The chapter ranges of the saved highlights on the page shown.
    func highlightRanges(on page: Page) -> [Range<Int>] {
        highlights.filter { $0.start.spineIndex == page.spineIndex && $0.end > page.start.offset && $0.start.offset < page.end.offset }
            .map(\.range)
    }

    func openHighlight(_ index: Int) {
        guard highlights.indices.contains(index) else { return }
        jump(book.position(of: highlights[index].start))
    }

    func deleteHighlight(_ index: Int) {
        guard highlights.indices.contains(index) else { return }
        highlights.remove(at: index)
        onHighlightsChanged?(highlights)
        message = "Highlight deleted"
    }
}

/// `d` in visual mode: the selection's first word looked up on the reader's DICT server.
extension Pager {
    func lookUp(_ selected: String) {
        guard let word = Self.headword(selected) else {
            message = "No word to look up in the selection"
            return
        }
        let found: [DictClient.Definition]
        do {
            found = try dictionary.define(word)
            // A capitalised word at a sentence's start is looked up again in lower case.
            if found.isEmpty, word != word.lowercased() {
                let lower = try dictionary.define(word.lowercased())
                if !lower.isEmpty { return show(lower, for: word.lowercased()) }
            }
        } catch {
            message = "Dictionary: \(error) (set \"dictionary\": \"host:port\" in settings.json; Debian: apt install dictd dict-gcide)"
            return
        }
        guard !found.isEmpty else {
            message = "No definition of “\(word)” on \(dictionary.host):\(dictionary.port)"
            return
        }
        show(found, for: word)
    }

    private func show(_ definitions: [DictClient.Definition], for word: String) {
        var lines: [String] = []
        for definition in definitions {
            if !lines.isEmpty { lines.append("") }
            lines.append("— " + definition.databaseName)
            for paragraph in definition.text.split(separator: "\n", omittingEmptySubsequences: false) {
                lines += Self.wrap(paragraph.trimmingWhitespace(), width: noteWidth - 4)
            }
        }
        overlay = .note(title: word, lines: lines, scroll: 0)
    }

    /// The word a selection is looked up by: its first run of letters (apostrophes and hyphens
    /// inside a word kept), or nil.
    static func headword(_ text: String) -> String? {
        var word = ""
        for character in text {
            if character.isLetter || (!word.isEmpty && (character == "'" || character == "’" || character == "-")) {
                word.append(character == "’" ? "'" : character)
            } else if !word.isEmpty {
                break
            }
        }
        while let last = word.last, last == "'" || last == "-" { word.removeLast() }
        return word.isEmpty ? nil : word
    }
}
