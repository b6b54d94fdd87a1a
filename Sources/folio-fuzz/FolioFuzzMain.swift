import FolioCore
import FolioFuzz
import FoundationEssentials
import Glibc
#if FUZZING
import CLibFuzzer
#endif

/// Built by scripts/fuzz (-DFUZZING -sanitize=fuzzer,address), hands the command line to
/// libFuzzer's driver, which calls FolioFuzz's `LLVMFuzzerTestOneInput` (target from
/// `FOLIO_FUZZ_TARGET`). Otherwise replays saved inputs through the same targets:
/// `folio-fuzz TARGET FILE...` prints each file's outcome, for crashes found by the fuzzer and
/// for checking fixes without libFuzzer.
///
/// (SwiftPM links an executable's `main` to this module's entry point, so libFuzzer's own
/// `main` cannot be used; its `LLVMFuzzerRunDriver` is the supported way in.)
@main enum FolioFuzzMain {
    static func main() {
        #if FUZZING
        guard let target = FuzzTarget.fromEnvironment else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
            StandardStream.error.write("folio-fuzz: set FOLIO_FUZZ_TARGET to one of: \(names)\n")
            exit(64)
        }
        target.warmUp()
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzTestOneInput(data, size) })
        #else
        exit(replay(Array(CommandLine.arguments.dropFirst())))
        #endif
    }

    static func replay(_ arguments: [String]) -> Int32 {
        guard let name = arguments.first, let target = FuzzTarget(rawValue: name), arguments.count > 1 else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
            StandardStream.error.write("usage: folio-fuzz \(names) FILE...\n")
            return 64
        }
        var status: Int32 = 0
        for file in arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: file) else {
                StandardStream.error.write("folio-fuzz: \(file): cannot be read\n")
                status = 66
                continue
            }
            StandardStream.output.write("\(file): \(target.run([UInt8](data)))\n")
        }
        return status
    }
}
