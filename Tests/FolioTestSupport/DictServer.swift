import Foundation

/// A real `dictd` (RFC 2229) on 127.0.0.1 serving a small dictionary made for the test with
/// `dictfmt`: what the pager's look-ups are tested against. Nil when dictd or dictfmt is not
/// installed (scripts/setup installs both).
public final class DictServer {
    public let port: Int
    private let folder: URL

    public static var available: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/sbin/dictd") && FileManager.default.isExecutableFile(atPath: "/usr/bin/dictfmt")
    }

    /// Serves `entries` (headword → definition) as the database `folio-test`.
    public init(entries: [(String, String)]) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-dictd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // dictd gives up root for its own user: the files must be readable by anyone.
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.path)
        let source = entries.map { ":\($0.0):\($0.1)" }.joined(separator: "\n") + "\n"
        let format = Process()
        format.executableURL = URL(fileURLWithPath: "/usr/bin/dictfmt")
        format.arguments = ["-j", "--utf8", "-s", "Folio test dictionary", folder.appendingPathComponent("folio-test").path]
        format.currentDirectoryURL = folder
        let input = Pipe()
        format.standardInput = input
        format.standardOutput = FileHandle.nullDevice
        format.standardError = FileHandle.nullDevice
        try format.run()
        input.fileHandleForWriting.write(Data(source.utf8))
        try input.fileHandleForWriting.close()
        format.waitUntilExit()
        for name in ["folio-test.index", "folio-test.dict"] {
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: folder.appendingPathComponent(name).path)
        }
        let config = folder.appendingPathComponent("dictd.conf")
        try """
        global { listen_to 127.0.0.1 }
        database folio-test { data "\(folder.path)/folio-test.dict" index "\(folder.path)/folio-test.index" }

        """.write(to: config, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: config.path)
        port = Self.freePort()
        // dictd goes into the background by itself: the process started here ends at once (a
        // child left running would hold up Foundation's reaping of the tests' other processes).
        let launcher = Process()
        launcher.executableURL = URL(fileURLWithPath: "/usr/sbin/dictd")
        launcher.arguments = ["--config", config.path, "-p", String(port), "--pid-file", folder.appendingPathComponent("pid").path]
        launcher.standardOutput = FileHandle.nullDevice
        launcher.standardError = FileHandle.nullDevice
        try launcher.run()
        launcher.waitUntilExit()
        // Ready once it accepts a connection.
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, !Self.accepts(port) { Thread.sleep(forTimeInterval: 0.05) }
    }

    deinit {
        if let text = try? String(contentsOf: folder.appendingPathComponent("pid"), encoding: .utf8),
           let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)), pid > 1 {
            kill(pid, SIGKILL)
        }
        try? FileManager.default.removeItem(at: folder)
    }

    /// A port nothing listens on now (the kernel's choice for port 0).
    public static func freePort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    static func accepts(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        } == 0
    }
}
