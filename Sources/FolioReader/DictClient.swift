import FolioCore
import Glibc

/// A client of a DICT protocol server (RFC 2229: `dictd` with `dict-gcide`, `dict-wn` …): a
/// word's definitions from every database the server has. Only the reader's own look-ups
/// reach it, never the reading of a book; the server is the one the settings name (default
/// `localhost:2628`).
/// https://www.rfc-editor.org/rfc/rfc2229
public struct DictClient: Sendable {
    public struct Definition: Sendable, Hashable {
        public var word: String
        /// The database's name and its description (`gcide`, "The Collaborative International
        /// Dictionary of English").
        public var database: String
        public var databaseName: String
        public var text: String
    }

    public enum LookUpError: Error, Sendable, Equatable, CustomStringConvertible {
        case unreachable(String)
        case protocolError(String)

        public var description: String {
            switch self {
            case .unreachable(let why): why
            case .protocolError(let why): why
            }
        }
    }

    public var host: String
    public var port: Int
    /// Seconds for connecting and for the whole exchange.
    public var timeout: Double

    /// The DICT protocol's port.
    public static let defaultPort = 2628
    /// The most a server may send for one look-up.
    static let maxReply = 1 << 20

    public init(host: String = "localhost", port: Int = DictClient.defaultPort, timeout: Double = 3) {
        self.host = host
        self.port = port
        self.timeout = timeout
    }

    /// A server named `host`, `host:port` or `dict://host:port/`; nil for anything else.
    public init?(server: String, timeout: Double = 3) {
        var text = server.trimmingWhitespace()
        if text.hasPrefix("dict://") { text = String(text.dropFirst(7)) }
        while text.hasSuffix("/") { text.removeLast() }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard let name = parts.first, !name.isEmpty, parts.count <= 2,
              name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" }) else { return nil }
        var port = Self.defaultPort
        if parts.count == 2 {
            guard let p = Int(parts[1]), (1...65535).contains(p) else { return nil }
            port = p
        }
        self.init(host: String(name), port: port, timeout: timeout)
    }

    /// Every definition of `word` (empty when the server knows no such word).
    public func define(_ word: String) throws(LookUpError) -> [Definition] {
        let clean = word.filter { $0 != "\"" && $0 != "\\" && !$0.isNewline }
        guard !clean.isEmpty, clean.utf8.count <= 200 else { return [] }
        let connection = try Connection(host: host, port: port, timeout: timeout)
        defer { connection.close() }
        _ = try connection.expect([220])
        try connection.send("CLIENT folio\r\n")
        _ = try connection.expect([250])
        try connection.send("DEFINE * \"\(clean)\"\r\n")
        let (code, _) = try connection.expect([150, 552])
        guard code == 150 else { return [] }
        var definitions: [Definition] = []
        while true {
            let (code, line) = try connection.expect([151, 250])
            if code == 250 { break }
            let header = Self.header(line)
            var text: [String] = []
            while true {
                var body = try connection.line()
                if body == "." { break }
                if body.hasPrefix("..") { body.removeFirst() }
                text.append(body)
            }
            definitions.append(Definition(word: header.word.isEmpty ? clean : header.word, database: header.database,
                                          databaseName: header.name.isEmpty ? header.database : header.name, text: text.joined(separator: "\n")))
        }
        try? connection.send("QUIT\r\n")
        return definitions
    }

    /// The parts of a `151 "word" database "database name"` line: words are quoted when they
    /// hold spaces, bare otherwise.
    static func header(_ line: String) -> (word: String, database: String, name: String) {
        var parts: [String] = []
        var current = ""
        var quoted = false
        for character in line.dropFirst(4) {
            if character == "\"" {
                quoted.toggle()
                if !quoted { parts.append(current); current = "" }
            } else if character == " " && !quoted {
                if !current.isEmpty { parts.append(current); current = "" }
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { parts.append(current) }
        return (parts.first ?? "", parts.count > 1 ? parts[1] : "", parts.count > 2 ? parts[2...].joined(separator: " ") : "")
    }

    /// One TCP connection, read a line at a time, every wait bounded by the deadline.
    final class Connection {
        private var fd: Int32 = -1
        private var buffer: [UInt8] = []
        private var received = 0
        private let deadline: Double

        init(host: String, port: Int, timeout: Double) throws(LookUpError) {
            deadline = Self.now() + timeout
            var hints = addrinfo()
            hints.ai_family = AF_UNSPEC
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
            var list: UnsafeMutablePointer<addrinfo>?
            guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else {
                throw .unreachable("cannot find the dictionary server \(host)")
            }
            defer { freeaddrinfo(list) }
            var candidate: UnsafeMutablePointer<addrinfo>? = first
            while let info = candidate {
                defer { candidate = info.pointee.ai_next }
                let socketFD = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
                guard socketFD >= 0 else { continue }
                let flags = fcntl(socketFD, F_GETFL)
                _ = fcntl(socketFD, F_SETFL, flags | O_NONBLOCK)
                if connect(socketFD, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 || (errno == EINPROGRESS && Self.wait(socketFD, events: Int16(POLLOUT), until: deadline)) {
                    var error: Int32 = 0
                    var length = socklen_t(MemoryLayout<Int32>.size)
                    if getsockopt(socketFD, SOL_SOCKET, SO_ERROR, &error, &length) == 0, error == 0 {
                        fd = socketFD
                        return
                    }
                }
                Glibc.close(socketFD)
            }
            throw .unreachable("no dictionary server answers at \(host):\(port)")
        }

        func close() {
            if fd >= 0 { Glibc.close(fd) }
            fd = -1
        }

        func send(_ text: String) throws(LookUpError) {
            var bytes = Array(text.utf8)
            var sent = 0
            while sent < bytes.count {
                guard Self.wait(fd, events: Int16(POLLOUT), until: deadline) else { throw .unreachable("the dictionary server stopped answering") }
                let n = bytes.withUnsafeMutableBytes { Glibc.send(fd, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
                if n < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    throw .unreachable("the dictionary server closed the connection")
                }
                sent += n
            }
            bytes.removeAll()
        }

        /// The next line, without its CR LF (a lone LF also ends one).
        func line() throws(LookUpError) -> String {
            while true {
                if let end = buffer.firstIndex(of: 0x0A) {
                    var line = Array(buffer[..<end])
                    buffer.removeSubrange(...end)
                    if line.last == 0x0D { line.removeLast() }
                    return String(decoding: line, as: UTF8.self)
                }
                guard received < DictClient.maxReply else { throw .protocolError("the dictionary server sent more than \(DictClient.maxReply >> 20) MB") }
                guard Self.wait(fd, events: Int16(POLLIN), until: deadline) else { throw .unreachable("the dictionary server took too long to answer") }
                var chunk = [UInt8](repeating: 0, count: 4096)
                let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
                if n < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    throw .unreachable("the dictionary server closed the connection")
                }
                if n == 0 { throw .protocolError("the dictionary server closed the connection mid-answer") }
                received += n
                buffer += chunk[0..<n]
            }
        }

        /// The next status line, which must carry one of `codes`.
        func expect(_ codes: [Int]) throws(LookUpError) -> (Int, String) {
            let status = try line()
            guard status.count >= 3, let code = Int(status.prefix(3)) else { throw .protocolError("not a DICT server: “\(status.prefix(60))”") }
            guard codes.contains(code) else { throw .protocolError("the dictionary server answered “\(status.prefix(80))”") }
            return (code, status)
        }

        static func now() -> Double {
            var ts = timespec()
            clock_gettime(CLOCK_MONOTONIC, &ts)
            return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
        }

        /// Waits for `events` on `fd` until `deadline`; false on a timeout or an error.
        static func wait(_ fd: Int32, events: Int16, until deadline: Double) -> Bool {
            while true {
                let left = Int32(max(0, (deadline - now()) * 1000))
                guard left > 0 else { return false }
                var p = pollfd(fd: fd, events: events, revents: 0)
                let r = poll(&p, 1, left)
                if r < 0 && errno == EINTR { continue }
                return r > 0 && p.revents & (events | Int16(POLLHUP) | Int16(POLLERR)) != 0
            }
        }
    }
}
