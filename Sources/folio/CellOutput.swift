import ArgumentParser
import FolioLayout
import FolioRender

/// `render --format cells|text`: pages drawn into terminal cells, printed with form feeds between.
struct CellOutput {
    let book: String
    let format: Render.Format

    func run(_ paged: PagedBook, selection: PageSelection?) throws {
        Terminal.error("\(book): --format \(format.rawValue) needs the cell layout, which is not built yet")
        throw ExitCode(64)
    }
}
