import ArgumentParser

@main
struct Folio: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "folio",
        abstract: "Open, inspect and render EPUB 2 and 3 books.",
        version: folioVersion,
        subcommands: [Info.self, Toc.self, Ls.self, Cat.self, Style.self, Layout.self, Text.self, Render.self, Read.self, History.self, Bookmarks.self, Annotations.self,
                      Search.self, Overlay.self, Narrate.self, Snapshot.self, Diff.self, Check.self, Version.self]
    )

    /// Runs the command named on the command line, with a watchdog that reports long runs.
    static func main() {
        ResourceReport.install()
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let command = arguments.first, !command.hasPrefix("-") {
            Watchdog.start(command: command)
            runDirectly(command, Array(arguments.dropFirst()))
        }
        main(arguments)
    }

    /// Parses and runs a subcommand by itself, sparing the cost of the whole command tree:
    /// ArgumentParser reflects on every subcommand's options before choosing one, about a
    /// sixth of a short book's whole run. Returns only when the arguments do not parse (or ask
    /// for help), for the full parser to say what is wrong as it always does.
    private static func runDirectly(_ name: String, _ arguments: [String]) {
        guard let type = configuration.subcommands.first(where: { $0.configuration.commandName == name }),
              type.configuration.subcommands.isEmpty,
              var command = try? type.parseAsRoot(arguments) else { return }
        do {
            try command.run()
        } catch {
            exit(withError: error)
        }
        exit()
    }
}

let folioVersion = "0.1.0"
