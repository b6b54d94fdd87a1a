import ArgumentParser

@main
struct Folio: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "folio",
        abstract: "Open, inspect and render EPUB 2 and 3 books.",
        version: folioVersion,
        subcommands: [Info.self, Toc.self, Ls.self, Cat.self, Style.self, Layout.self, Text.self, Render.self, Read.self, Bookmarks.self,
                      Search.self, Overlay.self, Narrate.self, Snapshot.self, Diff.self, Version.self]
    )
}

let folioVersion = "0.1.0"
