import Testing
@testable import FolioOverlay

/// espeak-ng, loaded on first use: a sentence comes back as a WAV file of 16-bit mono samples,
/// as long as its words take to say.
@Suite struct SpeechSynthesizerTests {
    @Test(.enabled(if: SpeechSynthesizer.isAvailable, "libespeak-ng is not installed; speech tests skipped"))
    func aSentenceIsSpokenIntoAWAVFile() throws {
        let speech = try #require(SpeechSynthesizer.speak("Call me Ishmael. Some years ago I went to sea.", language: "en"))
        #expect(Array(speech.wav.prefix(4)) == Array("RIFF".utf8) && Array(speech.wav[8..<12]) == Array("WAVE".utf8))
        // Ten words at 175 a minute: some three seconds.
        #expect(speech.duration > 1.5 && speech.duration < 6, "\(speech.duration)")
        let rate = speech.wav[24..<28].reversed().reduce(0) { $0 << 8 | Int($1) }
        #expect(Double(speech.wav.count - 44) / 2 / Double(rate) == speech.duration)
        // Not silence: some samples are loud.
        let loud = stride(from: 44, to: speech.wav.count - 1, by: 2).contains { k in
            abs(Int(Int16(bitPattern: UInt16(speech.wav[k]) | UInt16(speech.wav[k + 1]) << 8))) > 4000
        }
        #expect(loud)
    }

    @Test(.enabled(if: SpeechSynthesizer.isAvailable, "libespeak-ng is not installed; speech tests skipped"))
    func fasterSpeechIsShorterAndAnotherLanguageHasItsVoice() throws {
        let normal = try #require(SpeechSynthesizer.speak("The lighthouse keeper climbs the stairs at dusk.", language: "en"))
        let fast = try #require(SpeechSynthesizer.speak("The lighthouse keeper climbs the stairs at dusk.", language: "en", rate: 350))
        #expect(fast.duration < normal.duration * 0.75)
        #expect(SpeechSynthesizer.speak("Bonjour à tous.", language: "fr") != nil)
        #expect(SpeechSynthesizer.speak("", language: "en") == nil)
    }
}
