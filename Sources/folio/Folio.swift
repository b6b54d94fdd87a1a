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

    /// Runs the command named on the command line, with a watchdog that reports long runs.
    static func main() {
        ResourceReport.install()
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let command = arguments.first, !command.hasPrefix("-") {
            Watchdog.start(command: command)
        }
        main(arguments)
    }
}

let folioVersion = "0.1.0"
