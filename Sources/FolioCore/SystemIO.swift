import FoundationEssentials
import Glibc

/// The process's standard output or error, written with `write(2)`: every byte, through
/// partial writes and interrupted calls. A closed pipe stops the write quietly.
public enum StandardStream: Sendable {
    case output
    case error

    private var descriptor: Int32 { self == .output ? STDOUT_FILENO : STDERR_FILENO }

    public func write(_ text: String) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    public func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { write($0) }
    }

    public func write(_ bytes: UnsafeRawBufferPointer) {
        guard var next = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            let written = Glibc.write(descriptor, next, left)
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            next += written
            left -= written
        }
    }
}

/// The text of an `errno` value, as `strerror` gives it ("No such file or directory").
/// One environment variable, read where it is needed: `ProcessInfo.environment` copies every
/// variable of the process into a dictionary (about 400,000 instructions, at every start).
public func environmentVariable(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
}

public func systemErrorText(_ code: Int32) -> String {
    String(cString: strerror(code))
}

/// Words for a thrown error, for a message that names a file: the system's reason for a
/// failed file operation ("Permission denied"), else the error's own description.
public func describe(_ error: any Error) -> String {
    if let posix = error as? POSIXError {
        return systemErrorText(posix.code.rawValue)
    }
    if let cocoa = error as? CocoaError {
        if let underlying = cocoa.underlying as? POSIXError {
            return systemErrorText(underlying.code.rawValue)
        }
        switch cocoa.code {
        case .fileNoSuchFile, .fileReadNoSuchFile: return systemErrorText(ENOENT)
        case .fileReadNoPermission, .fileWriteNoPermission: return systemErrorText(EACCES)
        case .fileWriteOutOfSpace: return systemErrorText(ENOSPC)
        case .fileWriteFileExists: return systemErrorText(EEXIST)
        case .fileWriteVolumeReadOnly: return systemErrorText(EROFS)
        case .fileReadCorruptFile: return "the file is corrupt"
        case .fileReadTooLarge: return "the file is too large"
        default: break
        }
    }
    if let described = error as? CustomStringConvertible {
        return described.description
    }
    return String(describing: error)
}

/// Reads at most `limit` + 1 bytes of the regular file at `path` with POSIX calls: the
/// caller sees whether the file is over its limit without reading all of a huge one. The
/// buffer is sized by `fstat` and grows if the file grew since. Throws the system's reason
/// when the file cannot be opened or read.
public func readFileBytes(atPath path: String, limit: Int) throws(SystemError) -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw SystemError(code: errno) }
    defer { close(fd) }
    var status = stat()
    let stated = fstat(fd, &status) == 0 ? max(Int(status.st_size), 0) : 0
    let cap = max(limit, 0) + 1
    var buffer = [UInt8](repeating: 0, count: min(stated + 1, cap))
    var filled = 0
    while true {
        if filled == buffer.count {
            guard buffer.count < cap else { break }
            buffer += [UInt8](repeating: 0, count: min(buffer.count, cap - buffer.count))
        }
        let got = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, $0.count - filled) }
        if got < 0 {
            if errno == EINTR { continue }
            throw SystemError(code: errno)
        }
        if got == 0 { break }
        filled += got
    }
    buffer.removeSubrange(filled...)
    return buffer
}

/// A failed system call's `errno`, described by `strerror`.
public struct SystemError: Error, CustomStringConvertible, Sendable {
    public var code: Int32
    public init(code: Int32) { self.code = code }
    public var description: String { systemErrorText(code) }
}

extension String {
    /// `format` filled in by C's `vsnprintf` (`%d`, `%ld`, `%.3f`, `%04d`, `%02X`…); pass
    /// `Int` to `%ld`, `Int32` to `%d`, and no strings (interpolate them instead).
    public init(printf format: String, _ arguments: CVarArg...) {
        var buffer = [CChar](repeating: 0, count: 128)
        let needed = withVaList(arguments) { vsnprintf(&buffer, buffer.count, format, $0) }
        if needed >= buffer.count {
            buffer = [CChar](repeating: 0, count: Int(needed) + 1)
            _ = withVaList(arguments) { vsnprintf(&buffer, buffer.count, format, $0) }
        }
        self = needed < 0 ? "" : String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
