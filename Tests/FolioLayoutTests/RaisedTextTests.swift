import FolioLayout
import FolioPublication
import FolioStyle
import FolioText
import Foundation
import Testing

/// Raised and lowered text on `Fixtures/note-references-book`: a note reference inside `sup`
/// ("cold.48"), one raised by its own style ("Vines78"), one marked only by
/// `epub:type="noteref"` ("Pepys9"), a subscript ("H2O") and an ordinal whose letters have no
/// superscript form ("5th").
@Suite struct RaisedTextTests {
    static let book = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/note-references-book").path

    static func runs(cells: Bool) throws -> [PositionedRun] {
        let publication = try PublicationOpener.open(book)
        let layout = cells
            ? BookLayout(publication: publication, environment: .terminal(columns: 60, rows: 20), settings: ReaderSettings(),
                         metric: .cells, imageSize: { _ in nil })
            : BookLayout(publication: publication, environment: .phone, settings: .phone, imageSize: { _ in nil })
        return layout.chapter(0).pages[0].frame.items.compactMap { item -> PositionedRun? in
            if case .text(_, let run) = item { return run }
            return nil
        }
    }

    /// In cells, where nothing can be raised, the references read as superscripts, the
    /// subscript as a subscript, and text without such characters between brackets.
    @Test func cellsWriteRaisedTextInSuperscriptCharacters() throws {
        let text = try Self.runs(cells: true).map(\.text).joined()
        #expect(text.contains("cold.⁴⁸"))
        #expect(text.contains("Vines⁷⁸"))
        #expect(text.contains("Pepys⁹"), "a note reference reads as one by its epub:type alone")
        #expect(text.contains("H₂O"))
        #expect(text.contains("5[th]"))
    }

    /// On a page, text inside a raised element stands on that element's raised baseline:
    /// `<sup><a>48</a></sup>` was set on the line's baseline, the link being on its own.
    @Test func textInsideARaisedElementIsRaised() throws {
        let runs = try Self.runs(cells: false)
        let line = try #require(runs.first { $0.text.hasPrefix("It was cold.") })
        let reference = try #require(runs.first { $0.text == "48" })
        let own = try #require(runs.first { $0.text == "78" })
        #expect(reference.baseline < line.baseline - 1, "the reference inside sup is raised")
        #expect(abs(reference.baseline - own.baseline) < 1, "as much as one raised by its own style")
        let pepys = try #require(runs.first { $0.text.contains("9") && $0.text.count == 1 })
        #expect(abs(pepys.baseline - line.baseline) < 0.01, "on a page a note reference keeps its style")
    }
}
