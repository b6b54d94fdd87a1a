import CMPV
import FoundationEssentials
import Glibc

/// Why libmpv could not be used.
public struct MPVError: Error, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ what: String, code: Int32? = nil) {
        description = code.map { "\(what): \(String(cString: mpv_error_string($0)))" } ?? what
    }
}

/// One libmpv player instance, audio only, with a book's files readable through `folio://` URLs.
///
/// The only type in Folio that holds an `mpv_handle`; `deinit` destroys it (also when `init`
/// throws after creating it). libmpv documents its client API as thread-safe, hence
/// `@unchecked Sendable`, with one exception: `mpv_wait_event` is called from one thread at a
/// time, and the event it returns is valid only until the next call.
/// https://github.com/mpv-player/mpv/blob/master/libmpv/client.h
final class MPVHandle: @unchecked Sendable {
    private let handle: OpaquePointer
    /// Audio bytes by `folio://` URL, read by mpv's demuxer threads.
    let streams = MPVMemoryStreams()

    /// - Parameter audioOutput: an mpv `ao` name; `null` plays in real time without a device.
    init(audioOutput: String?) throws(MPVError) {
        guard let created = mpv_create() else { throw MPVError("libmpv could not create a player") }
        handle = created
        // No video, no terminal, no config files, no scripts: a silent library, not the mpv program.
        var options: [(String, String)] = [
            ("vid", "no"), ("vo", "null"), ("terminal", "no"), ("config", "no"), ("load-scripts", "no"),
            ("idle", "yes"), ("keep-open", "yes"), ("pause", "yes"), ("audio-pitch-correction", "yes"),
            ("ytdl", "no"), ("input-default-bindings", "no"), ("osc", "no"), ("cache", "no"),
        ]
        if let audioOutput { options.append(("ao", audioOutput)) }
        for (name, value) in options {
            // Options this libmpv build lacks (osc, ytdl without Lua) are not needed: ignore their errors.
            _ = mpv_set_option_string(handle, name, value)
        }
        // Every stored property is set from here on, so a throw runs deinit, which destroys
        // the handle: destroying it here as well freed it twice.
        let status = mpv_initialize(handle)
        guard status >= 0 else { throw MPVError("libmpv could not start", code: status) }
        let registered = mpv_stream_cb_add_ro(handle, MPVMemoryStreams.scheme, Unmanaged.passUnretained(streams).toOpaque(),
                                              MPVMemoryStreams.open)
        guard registered >= 0 else { throw MPVError("libmpv refused the folio:// protocol", code: registered) }
    }

    deinit {
        mpv_terminate_destroy(handle)
    }

    /// Runs an mpv command (`loadfile`, `seek` …); the result code (negative on error).
    @discardableResult
    func command(_ arguments: [String]) -> Int32 {
        var cStrings = arguments.map { strdup($0) }
        defer { cStrings.forEach { free($0) } }
        cStrings.append(nil)
        return cStrings.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                mpv_command(handle, $0)
            }
        }
    }

    func setFlag(_ name: String, _ value: Bool) {
        var flag: Int32 = value ? 1 : 0
        mpv_set_property(handle, name, MPV_FORMAT_FLAG, &flag)
    }

    func setDouble(_ name: String, _ value: Double) {
        var number = value
        mpv_set_property(handle, name, MPV_FORMAT_DOUBLE, &number)
    }

    /// A numeric property; nil while unavailable (`time-pos` before a file is loaded).
    func double(_ name: String) -> Double? {
        var number = 0.0
        return mpv_get_property(handle, name, MPV_FORMAT_DOUBLE, &number) >= 0 ? number : nil
    }

    /// A property as text; nil while unavailable (`current-ao` before an output is open).
    func string(_ name: String) -> String? {
        guard let value = mpv_get_property_string(handle, name) else { return nil }
        defer { mpv_free(value) }
        return String(cString: value)
    }

    func flag(_ name: String) -> Bool? {
        var flag: Int32 = 0
        return mpv_get_property(handle, name, MPV_FORMAT_FLAG, &flag) >= 0 ? flag != 0 : nil
    }

    /// What happened in the player, as far as Folio cares.
    enum Event: Equatable {
        case fileLoaded
        /// Decoding (re)started after a load or a seek: positions are current again.
        case playbackRestart
        /// A file stopped: `failed` when it could not be opened or decoded.
        case endFile(failed: Bool)
        case other
    }

    /// The next event, waiting up to `timeout` seconds (0: only what is queued); nil when none came.
    func nextEvent(timeout: Double = 0) -> Event? {
        guard let event = mpv_wait_event(handle, timeout)?.pointee else { return nil }
        switch event.event_id {
        case MPV_EVENT_NONE: return nil
        case MPV_EVENT_FILE_LOADED: return .fileLoaded
        case MPV_EVENT_PLAYBACK_RESTART: return .playbackRestart
        case MPV_EVENT_END_FILE:
            let reason = event.data?.assumingMemoryBound(to: mpv_event_end_file.self).pointee.reason
            return .endFile(failed: reason == MPV_END_FILE_REASON_ERROR)
        default: return .other
        }
    }
}
