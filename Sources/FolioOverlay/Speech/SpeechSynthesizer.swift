import CSpeech

/// Text spoken by espeak-ng (loaded on first use, `CSpeech`), as a WAV file in memory that the
/// player plays like a book's own audio.
public enum SpeechSynthesizer {
    /// Whether libespeak-ng and its voices are installed.
    public static var isAvailable: Bool { folio_speech_available() != 0 }

    /// At most ten minutes of speech for one text (a clip, a sentence).
    static let sampleLimit = 22_050 * 600

    public struct Speech: Sendable {
        /// A complete WAV file: 16-bit mono PCM.
        public var wav: [UInt8]
        /// Seconds.
        public var duration: Double
    }

    /// `text` spoken in the voice for `language` (BCP 47; nil for the default) at `rate` words a
    /// minute; nil when speech is unavailable or the text gives no sound.
    public static func speak(_ text: String, language: String?, rate: Int = 175) -> Speech? {
        synthesized(text, language: language, rate: rate) { pcm, sampleRate in
            Speech(wav: wav(pcm, sampleRate: sampleRate), duration: Double(pcm.count) / Double(sampleRate))
        }
    }

    /// Runs espeak-ng on `text` and gives `body` the samples (valid only during the call) and
    /// their rate; nil when speech is unavailable or the text gives no sound.
    private static func synthesized<T>(_ text: String, language: String?, rate: Int,
                                       _ body: (UnsafeBufferPointer<Int16>, Int) -> T) -> T? {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return nil }
        var samples: UnsafeMutablePointer<Int16>?
        var count = 0
        var sampleRate: Int32 = 0
        let failure = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                folio_speech_synthesize(chars.baseAddress, chars.count, language, Int32(rate), sampleLimit, &samples, &count, &sampleRate)
            }
        }
        defer { folio_speech_free(samples) }
        guard failure == nil, let samples, count > 0, sampleRate > 0 else { return nil }
        return body(UnsafeBufferPointer(start: samples, count: count), Int(sampleRate))
    }

    /// A RIFF WAVE file of 16-bit mono little-endian samples.
    static func wav(_ samples: UnsafeBufferPointer<Int16>, sampleRate: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(44 + samples.count * 2)
        func word(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { out += $0 } }
        func half(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { out += $0 } }
        let data = UInt32(samples.count * 2)
        out += Array("RIFF".utf8); word(36 + data); out += Array("WAVE".utf8)
        out += Array("fmt ".utf8); word(16); half(1); half(1); word(UInt32(sampleRate)); word(UInt32(sampleRate * 2)); half(2); half(16)
        out += Array("data".utf8); word(data)
        for sample in samples { half(UInt16(bitPattern: sample)) }
        return out
    }
}

extension SpeechSynthesizer {
    /// How long `text` takes to say, without keeping the sound (a chapter measured before it is read).
    public static func duration(_ text: String, language: String?, rate: Int = 175) -> Double? {
        synthesized(text, language: language, rate: rate) { pcm, sampleRate in Double(pcm.count) / Double(sampleRate) }
    }
}
