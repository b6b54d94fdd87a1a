import ArgumentParser
import FolioCore
import FolioOverlay
import FolioPublication

/// `folio overlay BOOK --check`: the overlay lint's findings, one a line (or as JSON), exit 1 when any.
struct OverlayCheckOutput {
    let book: String
    let json: Bool

    func run(_ publication: Publication) throws {
        let (warnings, audioError) = OverlayCheck.run(publication)
        if let audioError { Terminal.error("audio lengths not checked: \(audioError)") }
        let problems = warnings.filter { $0.severity >= .warning }
        if json {
            let list = problems.map { w in
                JSONValue.object([("code", .string(w.code)), ("severity", .string(w.severity.rawValue)),
                                  ("message", .string(w.message)), ("location", .string(w.location))])
            }
            Terminal.write(JSONValue.object([("book", .string(book)), ("ok", .bool(problems.isEmpty)),
                                             ("problems", .array(list))]).serialized() + "\n")
        } else if publication.spine.items.allSatisfy({ publication.manifest.item(id: $0.idref)?.mediaOverlay == nil }) {
            Terminal.write("\(book) has no media overlays.\n")
        } else {
            for w in problems {
                Terminal.write("\(w.severity.rawValue): \(w.message) [\(w.code)]\(w.location.map { " at \($0)" } ?? "")\n")
            }
            Terminal.write(problems.isEmpty ? "No problems found in the media overlays.\n"
                                            : "\(problems.count) problem\(problems.count == 1 ? "" : "s") found.\n")
        }
        if !problems.isEmpty { throw ExitCode(1) }
    }
}
