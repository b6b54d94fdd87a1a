import FolioCore
import FolioOverlay
import FolioPublication

/// Parses bytes as a SMIL media overlay and resolves its clip ends; the bytes as text are also
/// read as a SMIL clock value, the parser's other input from the book.
enum SMILFuzzing {
    static func run(_ bytes: [UInt8]) -> String {
        let clock = ClockValue(String(decoding: bytes.prefix(256), as: UTF8.self)).map(\.description) ?? "none"
        let diagnostics = Diagnostics()
        let overlay: MediaOverlay
        do {
            overlay = try SMILParser.parse(bytes, path: "OEBPS/chapter.smil", diagnostics: diagnostics)
        } catch {
            return "not XML: \(error.reason); clock value \(clock)"
        }
        let clips = Timeline.resolveClipEnds(overlay.clips, diagnostics: diagnostics)
        return "\(clips.count) clips, clock value \(clock), \(diagnostics.warnings.count) warnings"
    }
}
