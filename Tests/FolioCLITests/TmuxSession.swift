import Foundation

/// A private tmux server running one command in a window of a fixed size: the pager's
/// end-to-end tests type keys into it and read the screen as a reader sees it.
final class TmuxSession {
    static var available: Bool {
        ["/usr/bin/tmux", "/bin/tmux", "/usr/local/bin/tmux"].contains { FileManager.default.isExecutableFile(atPath: $0) }
    }

    let socket = "folio-test-\(UUID().uuidString.prefix(8))"

    init(command: [String], environment: [String: String] = [:], columns: Int = 80, rows: Int = 24) throws {
        let env = environment.map { "\($0.key)=\(Self.quote($0.value))" }.joined(separator: " ")
        let line = "env -u NO_COLOR TERM=xterm-256color COLORTERM=truecolor \(env) " + command.map(Self.quote).joined(separator: " ")
        // The server the first command starts keeps its standard streams: they go to /dev/null
        // so that no pipe of this process stays open in it.
        let new = ["tmux", "-L", socket, "-f", "/dev/null", "new-session", "-d", "-s", "t", "-x", "\(columns)", "-y", "\(rows)", line]
        // Descriptors this test process leaks into children (other tests' pipes) are closed
        // first, or the long-lived server would hold them open and those tests never see EOF.
        let closeInherited = "for fd in /proc/$$/fd/*; do n=${fd##*/}; [ \"$n\" -gt 2 ] && eval \"exec $n>&-\"; done 2>/dev/null; "
        try Self.run(["/bin/bash", "-c", closeInherited + "exec " + new.map(Self.quote).joined(separator: " ") + " </dev/null >/dev/null 2>&1"])
    }

    /// Runs a command to its end and returns its standard output.
    @discardableResult
    static func run(_ command: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    deinit { try? tmux("kill-server") }

    @discardableResult
    func tmux(_ arguments: String...) throws -> String {
        try Self.run(["tmux", "-L", socket, "-f", "/dev/null"] + arguments)
    }

    /// Keys by tmux name (`Space`, `Enter`, `Escape`, `Tab`, `PgDn`) or literal text with `literal`.
    func send(_ keys: String...) throws {
        for key in keys { try tmux("send-keys", "-t", "t", key) }
    }

    func type(_ text: String) throws {
        try tmux("send-keys", "-t", "t", "-l", text)
    }

    func screen() throws -> String { try tmux("capture-pane", "-p", "-t", "t") }

    /// The screen once `condition` holds, waiting up to `seconds`; the last screen otherwise.
    @discardableResult
    func waitFor(seconds: Double = 20, _ condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        var last = ""
        while Date() < deadline {
            last = try screen()
            if condition(last) { return last }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return last
    }

    func resize(columns: Int, rows: Int) throws {
        try tmux("resize-window", "-t", "t", "-x", "\(columns)", "-y", "\(rows)")
    }

    /// True while the command still runs.
    func isRunning() throws -> Bool {
        try tmux("list-panes", "-t", "t", "-F", "#{pane_dead}").trimmingCharacters(in: .whitespacesAndNewlines) == "0"
    }

    private static func quote(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}
