import ArgumentParser
import FolioCore
import FolioPublication
import FoundationEssentials
import Glibc

/// Exit codes from sysexits.h: 64 bad usage (ArgumentParser's own), 65 a book that cannot be opened.
enum Exit {
    static let unreadableBook = ExitCode(65)
}

/// Opens a book for a subcommand, or prints one line naming the file and the problem and exits 65.
func openBook(_ path: String) throws -> Publication {
    do {
        return try PublicationOpener.open(path)
    } catch {
        Terminal.error("\(error.path): \(error.reason)")
        throw Exit.unreadableBook
    }
}

enum Terminal {
    static func error(_ message: String) {
        StandardStream.error.write("folio: \(message)\n")
    }

    /// One line on stderr when a book had warnings, so commands whose stdout is data stay clean.
    static func summarizeWarnings(_ diagnostics: Diagnostics, book: String) {
        let count = diagnostics.warnings.filter { $0.severity >= .warning }.count
        guard count > 0 else { return }
        error("\(book): \(count) warning\(count == 1 ? "" : "s") (folio info shows them)")
    }

    /// Prints warnings recorded after the first `since`, one a line, on stderr; `pages` names
    /// the pages of a warning (by its index) where they are known.
    static func printWarnings(_ diagnostics: Diagnostics, since: Int, pages: (Int) -> String? = { _ in nil }) {
        for (index, w) in diagnostics.warnings.enumerated().dropFirst(since) where w.severity >= .warning {
            let place = [w.location, pages(index)].compactMap { $0 }.joined(separator: ", ")
            error("\(w.severity.rawValue): \(w.message) [\(w.code)]\(place.isEmpty ? "" : " at \(place)")")
        }
    }

    static func write(_ text: String) {
        StandardStream.output.write(text)
    }
}

extension Duration {
    var milliseconds: Double { Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15 }
}
