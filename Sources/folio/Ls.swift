import ArgumentParser
import FolioPublication

struct Ls: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ls",
        _superCommandName: "folio",
        abstract: "List the manifest: path, media type, size, properties and fallback."
    )

    @Argument(help: "The book: an .epub file or an unpacked EPUB folder.")
    var book: String

    func run() throws {
        let publication = try openBook(book)
        let rows = publication.manifest.items.map { item -> [String] in
            let size = publication.container.entry(item.path).map { String($0.size) } ?? "missing"
            var notes: [String] = []
            if !item.properties.isEmpty { notes.append(item.properties.joined(separator: " ")) }
            if let fallback = item.fallback { notes.append("fallback → \(publication.manifest.item(id: fallback)?.path ?? fallback)") }
            if let overlay = item.mediaOverlay { notes.append("overlay → \(publication.manifest.item(id: overlay)?.path ?? overlay)") }
            switch publication.encryption.resources[item.path] {
            case .idpfFontObfuscation: notes.append("obfuscated (IDPF)")
            case .adobeFontObfuscation: notes.append("obfuscated (Adobe)")
            case .other(let uri): notes.append("encrypted (\(uri)): unreadable")
            case nil: break
            }
            return [item.path, item.mediaType, size, notes.joined(separator: "; ")]
        }
        let widths = (0..<3).map { column in rows.map { $0[column].count }.max() ?? 0 }
        var out = ""
        for row in rows {
            out += row[0].padding(widths[0] + 1) + row[1].padding(widths[1] + 1) + row[2].leftPadding(widths[2])
            out += row[3].isEmpty ? "\n" : "  " + row[3] + "\n"
        }
        Terminal.write(out)
        Terminal.summarizeWarnings(publication.diagnostics, book: book)
    }
}
