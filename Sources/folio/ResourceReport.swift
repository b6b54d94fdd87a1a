import FolioCore
import FoundationEssentials
import Glibc

/// With `FOLIO_RESOURCE_REPORT=1`, `folio` ends by writing the cpu time and peak memory it used
/// to stderr: "folio: cpu 0.412 s, peak 176060 KB". For budgets and benchmarks that must not
/// count anything but Folio.
///
/// The peak is the process's own high-water mark (`VmHWM` of /proc/self/status), not
/// `getrusage`'s `ru_maxrss`: a process started by `posix_spawn` (vfork) from a large one
/// inherits that one's maximum in `ru_maxrss` across `exec`.
enum ResourceReport {
    static func install() {
        guard environmentVariable("FOLIO_RESOURCE_REPORT") == "1" else { return }
        atexit { ResourceReport.write() }
    }

    static func write() {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let seconds = { (t: timeval) in Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        let cpu = seconds(usage.ru_utime) + seconds(usage.ru_stime)
        let line = "folio: cpu \(String(printf: "%.3f", cpu)) s, peak \(peakKB().map(String.init) ?? "?") KB\n"
        StandardStream.error.write(line)
    }

    /// VmHWM, in KB.
    static func peakKB() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.dropFirst("VmHWM:".count).split(whereSeparator: \.isWhitespace).first ?? "")
        }
        return nil
    }
}
