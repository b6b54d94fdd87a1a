import Glibc

/// The terminal as a full-screen pager uses it: raw input, the alternate screen, the cursor
/// hidden; everything put back on `close()`, on SIGTERM/SIGHUP and on a crash signal.
///
/// One session at a time (signal handlers reach the saved state through globals).
public final class TerminalSession {
    public let input: Int32
    public let output: Int32
    private var decoder = KeyDecoder()
    private var open = false

    /// Nil when either side is not a terminal.
    public init?(input: Int32 = 0, output: Int32 = 1) {
        guard isatty(input) == 1, isatty(output) == 1 else { return nil }
        self.input = input
        self.output = output
    }

    /// Raw mode (no echo, no line editing, no signals from keys: Ctrl-C arrives as a key),
    /// the alternate screen, no line wrap, the cursor hidden.
    /// Mouse reporting (SGR 1006: buttons and the wheel) while the session is open.
    public var reportsMouse = false

    public func start() {
        guard !open else { return }
        var saved = termios()
        guard tcgetattr(input, &saved) == 0 else { return }
        var raw = saved
        cfmakeraw(&raw)
        // Keep output processing, so a newline still returns the carriage in messages.
        raw.c_oflag |= tcflag_t(OPOST)
        TerminalRestore.install(saved: saved, input: input, output: output)
        tcsetattr(input, TCSAFLUSH, &raw)
        open = true
        write(TerminalRestore.enterSequence)
        if reportsMouse { write(TerminalRestore.mouseOnSequence) }
    }

    /// Puts the terminal back as it was.
    public func close() {
        guard open else { return }
        open = false
        TerminalRestore.restore()
        TerminalRestore.uninstall()
    }

    deinit { close() }

    /// The terminal's size in cells.
    public func size() -> (columns: Int, rows: Int) {
        var ws = winsize()
        if ioctl(output, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0, ws.ws_row > 0 {
            return (Int(ws.ws_col), Int(ws.ws_row))
        }
        return (80, 24)
    }

    /// True once after each window size change.
    public func takeResize() -> Bool { TerminalRestore.takeResize() }

    /// Waits up to `timeout` milliseconds (-1: forever) for keys, or for a resize; returns the
    /// keys read (empty on a timeout, a resize or a closed input).
    public func readKeys(timeout: Int32) -> [Key] {
        var fds = [pollfd(fd: input, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: TerminalRestore.wakeRead, events: Int16(POLLIN), revents: 0)]
        let ready = poll(&fds, nfds_t(fds[1].fd >= 0 ? 2 : 1), timeout)
        guard ready > 0 else { return [] }
        if fds[1].revents & Int16(POLLIN) != 0 {
            var drain = [UInt8](repeating: 0, count: 64)
            _ = read(fds[1].fd, &drain, drain.count)
        }
        guard fds[0].revents & Int16(POLLIN | POLLHUP) != 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(input, &buffer, buffer.count)
        if count <= 0 { return count == 0 ? [.endOfInput] : [] }
        return decoder.decode(Array(buffer[0..<count]))
    }

    /// Sends a query (DA1, the cell size) and returns the terminal's reply: the bytes read until
    /// one ends with `terminator` or `timeout` milliseconds pass (a terminal that does not
    /// answer costs only the wait). Call after `start()`.
    public func query(_ sequence: String, terminator: UInt8, timeout: Int32 = 250) -> String {
        write(sequence)
        var reply: [UInt8] = []
        var remaining = timeout
        while remaining > 0, reply.count < 256 {
            var fds = [pollfd(fd: input, events: Int16(POLLIN), revents: 0)]
            let started = ContinuousClockMilliseconds.now()
            guard poll(&fds, 1, remaining) > 0 else { break }
            var buffer = [UInt8](repeating: 0, count: 256)
            let count = read(input, &buffer, buffer.count)
            guard count > 0 else { break }
            reply += buffer[0..<count]
            if reply.last == terminator { break }
            remaining -= Int32(max(1, ContinuousClockMilliseconds.now() - started))
        }
        return String(decoding: reply, as: UTF8.self)
    }

    /// Writes all of `text`.
    public func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.write(output, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return
            }
            offset += n
        }
        bytes.removeAll()
    }
}

/// What the signal handlers need to put the terminal back, kept where a C signal handler can
/// reach it without captures (only async-signal-safe calls: write, tcsetattr, signal, raise).
enum TerminalRestore {
    /// The terminal's settings before the session, on the heap: a Swift global of the imported
    /// C struct was given its Swift size (57 bytes) while copying it moves C's 60, which
    /// AddressSanitizer reports as an overflow.
    nonisolated(unsafe) static var saved: UnsafeMutablePointer<termios>?
    nonisolated(unsafe) static var input: Int32 = 0
    nonisolated(unsafe) static var output: Int32 = 1
    nonisolated(unsafe) static var installed = false
    nonisolated(unsafe) static var resized: Int32 = 0
    nonisolated(unsafe) static var wakeRead: Int32 = -1
    nonisolated(unsafe) static var wakeWrite: Int32 = -1
    /// The leave sequence as C bytes, written from signal handlers.
    nonisolated(unsafe) static var leaveBytes: UnsafeMutablePointer<UInt8>?
    nonisolated(unsafe) static var leaveCount = 0

    /// Alternate screen, cursor hidden, auto-wrap off.
    static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[H\u{1B}[2J"
    /// Button presses and releases and the wheel reported (1000), in SGR form (1006).
    static let mouseOnSequence = "\u{1B}[?1000h\u{1B}[?1006h"
    /// Mouse reporting off, colours reset, auto-wrap on, cursor shown, main screen back.
    static let leaveSequence = "\u{1B}[?1006l\u{1B}[?1000l\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l"
    static let fatalSignals = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP]
    static let endingSignals = [SIGTERM, SIGHUP, SIGINT, SIGQUIT]

    static func install(saved: termios, input: Int32, output: Int32) {
        if self.saved == nil { self.saved = .allocate(capacity: 1) }
        self.saved?.initialize(to: saved)
        self.input = input
        self.output = output
        let bytes = Array(leaveSequence.utf8)
        leaveBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
        leaveBytes?.initialize(from: bytes, count: bytes.count)
        leaveCount = bytes.count
        var pipeEnds: [Int32] = [0, 0]
        if pipe(&pipeEnds) == 0 {
            wakeRead = pipeEnds[0]
            wakeWrite = pipeEnds[1]
            _ = fcntl(wakeWrite, F_SETFL, O_NONBLOCK)
            _ = fcntl(wakeRead, F_SETFL, O_NONBLOCK)
        }
        installed = true
        for sig in fatalSignals + endingSignals {
            signal(sig, { sig in
                TerminalRestore.restore()
                signal(sig, SIG_DFL)
                raise(sig)
            })
        }
        signal(SIGWINCH, { _ in
            TerminalRestore.resized = 1
            var byte: UInt8 = 1
            _ = Glibc.write(TerminalRestore.wakeWrite, &byte, 1)
        })
    }

    static func uninstall() {
        for sig in fatalSignals + endingSignals + [SIGWINCH] { signal(sig, SIG_DFL) }
        if wakeRead >= 0 { Glibc.close(wakeRead); Glibc.close(wakeWrite) }
        wakeRead = -1
        wakeWrite = -1
    }

    static func restore() {
        guard installed else { return }
        installed = false
        if let leaveBytes { _ = Glibc.write(output, leaveBytes, leaveCount) }
        if let saved { _ = tcsetattr(input, TCSAFLUSH, saved) }
    }

    static func takeResize() -> Bool {
        guard resized != 0 else { return false }
        resized = 0
        return true
    }
}

/// Milliseconds on the monotonic clock, for the query timeout.
enum ContinuousClockMilliseconds {
    static func now() -> Int {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return ts.tv_sec * 1000 + ts.tv_nsec / 1_000_000
    }
}
