import FolioCore
import FolioOverlay
import FolioPublication
import FolioTestSupport
import Testing

/// A hand-set monotonic clock for `SilentClock` and the sleep timer.
final class ManualTime {
    var now = 1000.0
    func advance(_ seconds: Double) { now += seconds }
}

/// The controller through a `NarrationSession` on a `SilentClock`, with time moved by hand.
@Suite struct NarrationControllerTests {
    /// `Fixtures/two-chapter-book`: chapter 1 clips 0–1, 1–3, 3–6; chapter 2 clips 6–8, 8–12, 12–15.
    static func fixtureTimeline() throws -> Timeline {
        let publication = try PublicationOpener.open(Fixture.url("two-chapter-book").path)
        return Timeline.build(publication: publication, diagnostics: Diagnostics())
    }

    /// A long book of two 20-minute chapters, for the sleep timer; clip 1 skippable (a page break),
    /// clips 2–3 one escapable table.
    static func longTimeline() -> Timeline {
        func clip(_ id: String, _ begin: Double, _ end: Double, skippable: Bool = false, group: Int? = nil) -> OverlayClip {
            OverlayClip(id: id, text: TextTarget(path: "c.xhtml", fragment: id), audio: "a.mp3", clipBegin: begin, clipEnd: end,
                        isSkippable: skippable, escapableGroup: group)
        }
        let clips = [clip("a", 0, 300), clip("page", 300, 310, skippable: true), clip("cell1", 310, 600, group: 1),
                     clip("cell2", 600, 700, group: 1), clip("b", 700, 1200), clip("c", 1200, 2400)]
        var begin = 0.0
        let placed = clips.map { c -> TimelineClip in
            defer { begin += (c.clipEnd ?? 0) - c.clipBegin }
            return TimelineClip(clip: c, begin: begin, end: begin + (c.clipEnd ?? 0) - c.clipBegin)
        }
        return Timeline(clips: placed, chapters: [
            TimelineChapter(spineIndex: 0, href: "c.xhtml", overlayPath: "c.smil", overlayID: "mo", clips: 0..<5, begin: 0, end: 1200),
            TimelineChapter(spineIndex: 1, href: "d.xhtml", overlayPath: "d.smil", overlayID: "mo2", clips: 5..<6, begin: 1200, end: 2400),
        ])
    }

    static func session(_ timeline: Timeline, at time: Double = 0, speed: Double = 1) -> (NarrationSession, ManualTime) {
        let time_ = ManualTime()
        let clock = SilentClock { time_.now }
        return (NarrationSession(timeline: timeline, clock: clock, at: time, speed: speed) { time_.now }, time_)
    }

    @Test func narrationNeverStartsUntilPlayIsPressed() throws {
        let (session, time) = Self.session(try Self.fixtureTimeline(), at: 3)
        time.advance(5)
        let status = session.tick()
        #expect(!status.isPlaying)
        #expect(status.time == 3)
        #expect(status.text?.description == "EPUB/ch1.xhtml#s2")
    }

    @Test func theActiveFragmentFollowsTheSMILWithin100msOnTheSilentClock() throws {
        let timeline = try Self.fixtureTimeline()
        let (session, time) = Self.session(timeline)
        session.send(.play)
        var elapsed = 0.0
        var transitions: [(Int, Double)] = []
        var last: Int?
        while session.status.isPlaying, elapsed < 20 {
            time.advance(0.03)
            elapsed += 0.03
            let status = session.tick()
            guard status.isPlaying else { break }
            #expect(abs(status.time - elapsed) < 0.1)
            if status.clipIndex != last, let clip = status.clipIndex {
                transitions.append((clip, elapsed))
                last = clip
            }
        }
        #expect(transitions.map(\.0) == Array(0..<6))
        for (clip, at) in transitions.dropFirst() {
            #expect(at - timeline.clips[clip].begin >= 0 && at - timeline.clips[clip].begin < 0.1, "clip \(clip) highlighted at \(at)")
        }
        #expect(session.status.stopped == .endOfBook)
        #expect(session.status.time == 15)
        #expect(session.status.part == 2 && session.status.remaining == 0)
    }

    @Test func twiceTheSpeedReachesChapterTwoInThreeSeconds() throws {
        let (session, time) = Self.session(try Self.fixtureTimeline(), speed: 2)
        session.send(.play)
        for _ in 0..<30 {
            time.advance(0.1)
            session.tick()
        }
        let status = session.status
        #expect(abs(status.time - 6) < 0.001)
        #expect(status.part == 2 && status.partCount == 2)
        #expect(status.text?.description == "EPUB/ch3.xhtml#h")
        #expect(abs(status.elapsed - 6) < 0.001 && abs(status.remaining - 9) < 0.001)
    }

    @Test func speedStepsThroughTheStepsAndStaysWithinHalfToThreeTimes() throws {
        let (session, _) = Self.session(try Self.fixtureTimeline())
        var seen: [Double] = []
        for _ in 0..<8 {
            session.send(.faster)
            seen.append(session.status.speed)
        }
        #expect(seen == [1.25, 1.5, 2, 3, 3, 3, 3, 3])
        seen = []
        for _ in 0..<8 {
            session.send(.slower)
            seen.append(session.status.speed)
        }
        #expect(seen == [2, 1.5, 1.25, 1, 0.75, 0.5, 0.5, 0.5])
        session.send(.setSpeed(9))
        #expect(session.status.speed == 3)
        session.send(.setSpeed(1.1))
        session.send(.faster)
        #expect(session.status.speed == 1.25)
    }

    @Test func seekingAndSkippingMoveBookTimeWithinTheBook() throws {
        let (session, _) = Self.session(try Self.fixtureTimeline())
        session.send(.seek(to: 10))
        #expect(session.status.text?.description == "EPUB/ch3.xhtml#s1")
        #expect(session.status.elapsedInChapter == 4 && session.status.remainingInChapter == 5)
        session.send(.skip(by: -15))
        #expect(session.status.time == 0)
        session.send(.skip(by: 15))
        session.send(.skip(by: 15))
        #expect(session.status.time == 15)
        #expect(!session.status.isPlaying)
    }

    @Test func nextAndPreviousClipAndChapterGoWhereAListenerExpects() throws {
        let (session, _) = Self.session(try Self.fixtureTimeline())
        session.send(.nextClip)
        #expect(session.status.time == 1)
        session.send(.nextChapter)
        #expect(session.status.time == 6)
        session.send(.nextChapter)  // already in the last chapter
        #expect(session.status.time == 6)
        session.send(.previousClip)
        #expect(session.status.time == 3)
        session.send(.seek(to: 10))
        session.send(.previousChapter)  // 4 s in: back to this chapter's start
        #expect(session.status.time == 6)
        session.send(.previousChapter)  // at its start: the chapter before
        #expect(session.status.time == 0)
        session.send(.chapter(1))
        #expect(session.status.part == 2)
    }

    @Test func aMinutesSleepTimerCountsPlayingTimeAndPausesWhenItRunsOut() {
        let (session, time) = Self.session(Self.longTimeline())
        session.send(.setSleep(.minutes(15)))
        session.send(.play)
        for _ in 0..<60 {
            time.advance(1)
            session.tick()
        }
        #expect(session.status.sleepRemaining == 840)
        session.send(.pause)
        time.advance(100)  // paused time does not count
        session.send(.play)
        #expect(session.status.sleepRemaining == 840)
        for _ in 0..<900 {
            time.advance(1)
            session.tick()
        }
        let status = session.status
        #expect(!status.isPlaying)
        #expect(status.stopped == .sleepTimer)
        #expect(status.sleep == nil)
        #expect(abs(status.time - 900) <= 1)
    }

    @Test func anEndOfChapterSleepTimerPausesAtTheChapterEndAndCanBeCanceled() {
        let (session, time) = Self.session(Self.longTimeline(), at: 1100)
        session.send(.setSleep(.endOfChapter))
        session.send(.play)
        time.advance(50)
        session.tick()
        #expect(session.status.sleepRemaining == 50)
        time.advance(60)
        session.tick()
        #expect(!session.status.isPlaying)
        #expect(session.status.stopped == .sleepTimer)
        #expect(session.status.time == 1200)

        session.send(.seek(to: 1100))
        session.send(.setSleep(.endOfChapter))
        session.send(.setSleep(nil))
        session.send(.play)
        for _ in 0..<150 {
            time.advance(1)
            session.tick()
        }
        #expect(session.status.isPlaying)
        #expect(session.status.time == 1250)
        #expect(session.status.sleepRemaining == nil)
    }

    @Test func theSleepKeyCyclesThroughTheChoicesAndOff() {
        let (session, _) = Self.session(Self.longTimeline())
        var seen: [SleepTimer?] = []
        for _ in 0..<6 {
            session.send(.cycleSleep)
            seen.append(session.status.sleep)
        }
        #expect(seen == [.minutes(15), .minutes(30), .minutes(45), .minutes(60), .endOfChapter, nil])
    }

    @Test func skippableClipsArePassedOverOnlyWhenAskedAndEscapeLeavesATable() {
        let (session, time) = Self.session(Self.longTimeline(), at: 299)
        session.send(.setSkipsSkippable(true))
        session.send(.play)
        time.advance(1.5)
        session.tick()  // reaches the page break …
        session.tick()  // … and jumps past it
        #expect(session.status.text?.fragment == "cell1")
        session.send(.escape)
        #expect(session.status.text?.fragment == "b")
        #expect(session.status.time == 700)
    }

    @Test func contiguousClipsOfOneFilePlayAsOneSpanPerChapter() throws {
        let tide = try PublicationOpener.open(Corpus.packageRoot.appendingPathComponent("corpus/tide-clock.epub").path)
        let timeline = Timeline.build(publication: tide, diagnostics: Diagnostics())
        let spans = timeline.spans()
        #expect(spans.map(\.audio) == ["EPUB/audio/chapter-1.mp3", "EPUB/audio/chapter-2.mp3"])
        #expect(spans.map(\.clips) == [timeline.chapters[0].clips, timeline.chapters[1].clips])
        // two-chapter-book: one file per chapter.
        #expect(try Self.fixtureTimeline().spans().map(\.audio) == ["EPUB/audio/one.mp3", "EPUB/audio/two.mp3"])
    }
}
