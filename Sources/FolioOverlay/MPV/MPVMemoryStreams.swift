import CMPV
import FolioCore
import FoundationEssentials
import Glibc

/// Audio files held in memory and served to libmpv as `folio://N` streams, so that a book's audio
/// is played straight from its container: nothing is extracted to disk.
///
/// mpv calls back on its own threads; the table is locked, and each open stream reads an immutable
/// copy of its bytes. https://github.com/mpv-player/mpv/blob/master/libmpv/stream_cb.h
final class MPVMemoryStreams: @unchecked Sendable {
    static let scheme = "folio"
    private let lock = Lock()
    private var files: [String: [UInt8]] = [:]
    private var next = 0

    /// Registers bytes and returns the URL mpv opens them by.
    func add(_ bytes: [UInt8]) -> String {
        lock.lock()
        defer { lock.unlock() }
        next += 1
        let url = "\(Self.scheme)://\(next)"
        files[url] = bytes
        return url
    }

    func remove(_ url: String) {
        lock.lock()
        files[url] = nil
        lock.unlock()
    }

    private func bytes(_ url: String) -> [UInt8]? {
        lock.lock()
        defer { lock.unlock() }
        return files[url]
    }

    /// One open stream: the bytes and a read position.
    private final class Stream {
        let bytes: [UInt8]
        var position = 0
        init(bytes: [UInt8]) { self.bytes = bytes }
    }

    /// `mpv_stream_cb_open_ro_fn`: fills in the callbacks for a registered URL.
    static let open: mpv_stream_cb_open_ro_fn = { userData, uri, info in
        guard let userData, let uri, let info else { return MPV_ERROR_LOADING_FAILED.rawValue }
        let streams = Unmanaged<MPVMemoryStreams>.fromOpaque(userData).takeUnretainedValue()
        guard let bytes = streams.bytes(String(cString: uri)) else { return MPV_ERROR_LOADING_FAILED.rawValue }
        info.pointee.cookie = Unmanaged.passRetained(Stream(bytes: bytes)).toOpaque()
        info.pointee.read_fn = { cookie, buffer, count in
            guard let cookie, let buffer else { return -1 }
            let stream = Unmanaged<Stream>.fromOpaque(cookie).takeUnretainedValue()
            let n = min(Int(clamping: count), stream.bytes.count - stream.position)
            guard n > 0 else { return 0 }
            stream.bytes.withUnsafeBytes { raw in
                UnsafeMutableRawPointer(buffer).copyMemory(from: raw.baseAddress! + stream.position, byteCount: n)
            }
            stream.position += n
            return Int64(n)
        }
        info.pointee.seek_fn = { cookie, offset in
            guard let cookie else { return Int64(MPV_ERROR_GENERIC.rawValue) }
            let stream = Unmanaged<Stream>.fromOpaque(cookie).takeUnretainedValue()
            guard offset >= 0, offset <= stream.bytes.count else { return Int64(MPV_ERROR_GENERIC.rawValue) }
            stream.position = Int(offset)
            return offset
        }
        info.pointee.size_fn = { cookie in
            guard let cookie else { return Int64(MPV_ERROR_UNSUPPORTED.rawValue) }
            return Int64(Unmanaged<Stream>.fromOpaque(cookie).takeUnretainedValue().bytes.count)
        }
        info.pointee.close_fn = { cookie in
            guard let cookie else { return }
            Unmanaged<Stream>.fromOpaque(cookie).release()
        }
        return 0
    }
}
