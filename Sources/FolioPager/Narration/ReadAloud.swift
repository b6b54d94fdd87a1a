import FolioCore
import FolioOverlay
import FolioSearch
import FolioXML

/// Any chapter read aloud by espeak-ng, sentence by sentence (UAX #29 sentence boundaries of the
/// text a reader searches: blocks are never joined), as a narration timeline of its own: each
/// sentence a clip whose target is its stretch of the chapter's text, whose sound is spoken when
/// it is played and whose length is measured first. A book without Media Overlays is read one
/// chapter at a time, the next one measured when the last ends.
public enum ReadAloud {
    /// The chapter's sentences as a timeline (part 1 of 1), nil when it has no words to say or
    /// speech is unavailable.
    public static func timeline(tree: XMLTree, href: String, spineIndex: Int, language: String?, spoken: SpokenAudio) -> Timeline? {
        chapter(tree: tree, href: href, spineIndex: spineIndex, language: language, spoken: spoken)?.timeline
    }

    /// The timeline and, for a screen without pages, each sentence in its block of text
    /// (`NarratedPassage`: the block, the sentence highlighted in it).
    public static func chapter(tree: XMLTree, href: String, spineIndex: Int, language: String?, spoken: SpokenAudio)
        -> (timeline: Timeline, passages: [TextTarget: NarratedPassage])? {
        guard SpeechSynthesizer.isAvailable else { return nil }
        let text = SearchText(tree: tree)
        let utf8 = text.utf8
        var clips: [TimelineClip] = []
        var passages: [TextTarget: NarratedPassage] = [:]
        var time = 0.0
        var lineStart = 0
        while lineStart < utf8.count {
            let lineEnd = utf8[lineStart...].firstIndex(of: 0x0A) ?? utf8.count
            let line = String(decoding: utf8[lineStart..<lineEnd], as: UTF8.self)
            for range in SentenceBreaks.sentences(line, language: language) {
                let from = lineStart + range.lowerBound, to = lineStart + range.upperBound
                let sentence = String(decoding: utf8[from..<to], as: UTF8.self)
                guard sentence.unicodeScalars.contains(where: { $0.properties.isAlphabetic || $0.properties.numericType != nil }),
                      let duration = SpeechSynthesizer.duration(sentence, language: language) else { continue }
                let target = TextTarget(path: href, range: text.offset(ofByte: from)..<text.endOffset(ofByte: to))
                let before = String(decoding: utf8[lineStart..<from], as: UTF8.self).count
                passages[target] = NarratedPassage(text: line, highlight: before..<(before + sentence.count))
                let clip = OverlayClip(id: nil, text: target, audio: spoken.addSpoken(sentence, language: language), clipBegin: 0,
                                       clipEnd: duration)
                let end = Timeline.advanced(time, by: duration)
                clips.append(TimelineClip(clip: clip, begin: time, end: end))
                time = end
            }
            lineStart = lineEnd + 1
        }
        guard !clips.isEmpty else { return nil }
        let timeline = Timeline(clips: clips, chapters: [TimelineChapter(spineIndex: spineIndex, href: href, overlayPath: "", overlayID: "",
                                                                         clips: 0..<clips.count, begin: 0, end: time)])
        return (timeline, passages)
    }
}
