import FolioLayout
import FolioOverlay
import FolioPublication
import FolioRender
import FolioStyle

/// The narration bar: Media Overlays played over the pages, the spoken fragment highlighted
/// and the page following the voice.
final class PagerNarration {
    let session: NarrationSession
    var status: NarrationStatus
    /// The clip whose fragment is highlighted, and where that fragment is.
    var clip: Int?
    var highlight: (spineIndex: Int, range: Range<Int>)?
    /// What the book's `media:active-class` (and `playback-active-class`) do to the fragment,
    /// by spine index and element id: found once per fragment, the cascade being run twice.
    var styles: [String: ClassHighlight] = [:]
    /// The current fragment's, when the book styles it; nil: Folio's own mark.
    var style: ClassHighlight?
    /// What plays when it is a page's audio or video rather than the book's narration.
    var title: String?
    /// The spine item read aloud by text-to-speech (a chapter at a time), nil for the book's
    /// Media Overlays.
    var readingAloud: Int?

    init(session: NarrationSession) {
        self.session = session
        status = session.status
    }
}

extension Pager {
    static let narrationHelp = "p play/pause · , . ∓15 s · < > speed · ( ) part · z sleep · a close"

    /// `a`: opens the narration bar at the first fragment on this page (never playing by
    /// itself), or closes it.
    func toggleNarration() {
        if let narration {
            narration.session.send(.pause)
            self.narration = nil
            gridCache = nil
            message = "Narration closed"
            return
        }
        guard let session = narrationFactory?() else {
            // No Media Overlays: the book is read aloud, from this page's chapter.
            if let page = currentPage, let reading = readAloudSession(from: page.spineIndex, step: 1) {
                if let time = narrationTimeOfPage(reading.session.controller.timeline) { reading.session.send(.seek(to: time)) }
                let opened = PagerNarration(session: reading.session)
                opened.readingAloud = reading.spineIndex
                narration = opened
                follow(opened, turnPage: false)
                message = Self.narrationHelp
            } else {
                message = readAloud == nil || !SpeechSynthesizer.isAvailable
                    ? "This book has no narration (Media Overlays), and text-to-speech (espeak-ng) is not installed"
                    : "Nothing to read aloud from here"
            }
            return
        }
        if let time = narrationTimeOfPage(session.controller.timeline) { session.send(.seek(to: time)) }
        let opened = PagerNarration(session: session)
        narration = opened
        follow(opened, turnPage: false)
        message = Self.narrationHelp
    }

    /// Enter on a page's `<audio>` or `<video>` control: plays the file through the narration
    /// bar, with its keys (p pause, `,` `.` seek, `<` `>` speed, a closes), in place of any
    /// narration. A video gives its sound: a terminal page cannot show moving pictures.
    func playMedia(_ path: String) {
        guard let page = currentPage, let chapter = book.layout.href(ofSpineItem: page.spineIndex) else { return }
        if let narration { narration.session.send(.pause) }
        guard let session = mediaFactory?(path, TextTarget(path: chapter), page.spineIndex) else {
            message = "Cannot play \(path)"
            return
        }
        let opened = PagerNarration(session: session)
        opened.title = path.split(separator: "/").last.map(String.init) ?? path
        narration = opened
        gridCache = nil
        follow(opened, turnPage: false)
        session.send(.play)
        opened.status = session.status
        message = Self.narrationHelp
    }

    /// The book time of the first narrated fragment on the current page (or after it in this
    /// chapter).
    func narrationTimeOfPage(_ timeline: Timeline) -> Double? {
        guard let page = currentPage, let path = book.layout.href(ofSpineItem: page.spineIndex) else { return nil }
        for clip in timeline.clips where clip.text.path == path {
            guard let range = clip.text.range ?? clip.text.fragment.flatMap({ book.layout.textRange(ofElementID: $0, inSpineItem: page.spineIndex) })
            else { continue }
            if range.upperBound > page.start.offset { return clip.begin }
        }
        return nil
    }

    /// The chapter read aloud from spine item `spineIndex` on (`step` 1) or back (`step` -1):
    /// the first with words to say, measured by espeak-ng; nil past the book's end or without speech.
    func readAloudSession(from spineIndex: Int, step: Int) -> (session: NarrationSession, spineIndex: Int)? {
        guard let readAloud else { return nil }
        var spine = spineIndex
        let order = book.layout.readingOrder
        let language = book.publication.metadata.languages.first
        while order.contains(spine) {
            if let href = book.layout.href(ofSpineItem: spine), let tree = book.layout.chapter(spine).tree {
                let spoken = SpokenAudio()
                if let timeline = ReadAloud.timeline(tree: tree, href: href, spineIndex: spine, language: language, spoken: spoken) {
                    return (readAloud(timeline, spoken), spine)
                }
            }
            guard let k = order.firstIndex(of: spine), order.indices.contains(k + step) else { return nil }
            spine = order[k + step]
        }
        return nil
    }

    /// Reading aloud goes on to the next chapter (or back to the one before) with the same
    /// speed and playing as it was.
    func readAloudMoves(_ narration: PagerNarration, step: Int) {
        guard let spine = narration.readingAloud, let k = book.layout.readingOrder.firstIndex(of: spine),
              book.layout.readingOrder.indices.contains(k + step),
              let next = readAloudSession(from: book.layout.readingOrder[k + step], step: step) else {
            message = step > 0 ? "The end of the book" : "The first chapter"
            return
        }
        let playing = narration.status.isPlaying || narration.status.stopped == .endOfBook
        next.session.send(.setSpeed(narration.status.speed))
        if let sleep = narration.status.sleep { next.session.send(.setSleep(sleep)) }
        if playing { next.session.send(.play) }
        let opened = PagerNarration(session: next.session)
        opened.readingAloud = next.spineIndex
        self.narration = opened
        gridCache = nil
        follow(opened, turnPage: true)
    }

    /// After the reader jumps (contents, a link, search, go to), the narration moves to the
    /// first fragment of the new page, as a listener choosing a chapter expects.
    func narrationFollowsReader() {
        guard let narration, let time = narrationTimeOfPage(narration.session.controller.timeline) else { return }
        narration.session.send(.seek(to: time))
        narration.clip = nil
        follow(narration, turnPage: false)
    }

    /// Keys while the bar is open; false when the key is not the bar's.
    func handleNarrationKey(_ key: Key) -> Bool {
        guard let narration else { return false }
        let command: NarrationCommand
        switch key {
        case .character("p"): command = .togglePlay
        case .character(","): command = .skip(by: -15)
        case .character("."): command = .skip(by: 15)
        case .character("<"): command = .slower
        case .character(">"): command = .faster
        case .character("(") where narration.readingAloud != nil:
            narration.session.send(.pause)
            readAloudMoves(narration, step: -1)
            return true
        case .character(")") where narration.readingAloud != nil:
            readAloudMoves(narration, step: 1)
            return true
        case .character("("): command = .previousChapter
        case .character(")"): command = .nextChapter
        case .character("z"): command = .cycleSleep
        case .escape:
            toggleNarration()
            return true
        default: return false
        }
        narration.session.send(command)
        follow(narration, turnPage: true)
        return true
    }

    /// True while narration plays: the shell then ticks it often.
    public var isNarrating: Bool { narration?.status.isPlaying ?? false }

    /// Advances the narration; true when the screen changed (another fragment, another second).
    public func tickNarration() -> Bool {
        guard let narration else { return false }
        let before = narration.status
        narration.status = narration.session.tick()
        if narration.readingAloud != nil, narration.status.stopped == .endOfBook {
            readAloudMoves(narration, step: 1)
            return true
        }
        let moved = follow(narration, turnPage: true) || followWithinFragment(narration)
        return moved || before.time.rounded(.down) != narration.status.time.rounded(.down) || before.isPlaying != narration.status.isPlaying
    }

    /// Highlights the fragment being read and, when it is on another page, turns to it.
    @discardableResult
    func follow(_ narration: PagerNarration, turnPage: Bool) -> Bool {
        narration.status = narration.session.status
        guard narration.status.clipIndex != narration.clip else { return false }
        narration.clip = narration.status.clipIndex
        narration.highlight = nil
        narration.style = nil
        guard let target = narration.status.text, let spine = book.layout.spineIndex(ofPath: target.path) else { return true }
        let range = target.range ?? target.fragment.flatMap { book.layout.textRange(ofElementID: $0, inSpineItem: spine) }
        if let range {
            narration.highlight = (spine, range)
            if let fragment = target.fragment { narration.style = bookStyle(of: fragment, in: spine, range: range, narration) }
        }
        guard turnPage else { return true }
        let pages = book.pages(spine)
        let chapter = book.layout.chapter(spine)
        if let range, let index = chapter.pageIndex(of: range.lowerBound), pages.indices.contains(index) {
            let on = Position(spineIndex: spine, page: index)
            if on != position { go(on) }
        } else if spine != position.spineIndex, !pages.isEmpty {
            go(Position(spineIndex: spine, page: 0))
        }
        return true
    }

    /// A fragment that runs over a page boundary (a sentence at the foot of a page): the page
    /// turns when the voice is reckoned to have reached the next page's part — the share of
    /// the clip's time gone, spread evenly over its text. Only forward, while playing.
    func followWithinFragment(_ narration: PagerNarration) -> Bool {
        guard narration.status.isPlaying, let highlight = narration.highlight, highlight.spineIndex == position.spineIndex,
              highlight.range.count > 1, let clipIndex = narration.clip else { return false }
        let clips = narration.session.controller.timeline.clips
        guard clips.indices.contains(clipIndex), clips[clipIndex].end > clips[clipIndex].begin else { return false }
        let clip = clips[clipIndex], range = highlight.range
        let chapter = book.layout.chapter(highlight.spineIndex)
        guard let first = chapter.pageIndex(of: range.lowerBound), let last = chapter.pageIndex(of: range.upperBound - 1),
              last > first else { return false }
        let share = min(1, max(0, (narration.status.time - clip.begin) / (clip.end - clip.begin)))
        let spoken = min(range.upperBound - 1, range.lowerBound + Int(Double(range.count) * share))
        guard let index = chapter.pageIndex(of: spoken), index > position.page, index <= last,
              book.pages(highlight.spineIndex).indices.contains(index) else { return false }
        go(Position(spineIndex: highlight.spineIndex, page: index))
        return true
    }

    /// The book's own look for the fragment being read (its Media Overlays active classes), when
    /// it gives one: a background, or text recoloured inside the fragment (W3C mol-css).
    private func bookStyle(of fragment: String, in spine: Int, range: Range<Int>, _ narration: PagerNarration) -> ClassHighlight? {
        let key = "\(spine)#\(fragment)"
        let style: ClassHighlight
        if let known = narration.styles[key] {
            style = known
        } else {
            let media = book.publication.metadata.mediaOverlays
            guard media.activeClass != nil || media.playbackActiveClass != nil,
                  let found = book.layout.classHighlight(elementID: fragment, activeClass: media.activeClass,
                                                         playbackActiveClass: media.playbackActiveClass, inSpineItem: spine) else { return nil }
            narration.styles[key] = found
            style = found
        }
        let offsets = book.layout.chapter(spine).textOffsets
        let recolours = style.textColors.keys.contains { node in offsets.map { range.contains($0.offset(node: node, offsetInNode: 0)) } ?? false }
        return style.background != nil || recolours ? style : nil
    }

    /// The page's frame with the fragment marked: in the book's style when it has one, else
    /// with `mark` under it.
    func markingNarration(_ frame: Frame, rects: [Rect], mark: RGBA) -> Frame {
        guard let style = narration?.style else { return frame.highlighting(rects, color: mark) }
        let recoloured = frame.recoloringText(style.textColors)
        return style.background.map { recoloured.highlighting(rects, color: $0) } ?? recoloured
    }

    /// The fragment's rectangles on the current page, for `pageGrid()`.
    func narrationHighlight(on page: Page) -> (range: Range<Int>, rects: [Rect])? {
        guard let highlight = narration?.highlight, highlight.spineIndex == page.spineIndex else { return nil }
        let rects = book.layout.highlightRects(highlight.range, on: page)
        return rects.isEmpty ? nil : (highlight.range, rects)
    }

    /// The narration bar, in place of the status line.
    func narrationBar() -> String? {
        guard let narration else { return nil }
        let s = narration.status
        var parts = [(s.isPlaying ? "▶" : "⏸") + " " + Self.speedText(s.speed),
                     narration.title ?? "part \(s.part) of \(s.partCount)",
                     Self.clock(s.elapsedInChapter) + " / −" + Self.clock(s.remainingInChapter),
                     Self.clock(s.remaining) + " left"]
        if let sleep = s.sleepRemaining {
            parts.append("sleep " + Self.clock(sleep))
        } else if s.sleep == .endOfChapter {
            parts.append("sleep: end of part")
        }
        if s.stopped != nil && !s.isPlaying { parts.append("stopped") }
        return parts.joined(separator: " · ")
    }

    static func speedText(_ speed: Double) -> String { PlaybackText.speed(speed) + "×" }

    static func clock(_ seconds: Double) -> String { PlaybackText.clock(seconds) }
}
