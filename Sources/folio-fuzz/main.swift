// Built with -DFUZZING (scripts/fuzz) this file is empty and libFuzzer's main drives
// FolioFuzz's LLVMFuzzerTestOneInput. Otherwise it replays saved inputs through the same
// targets: `folio-fuzz TARGET FILE...` prints each file's outcome, for crashes found by
// the fuzzer and for checking fixes without libFuzzer.
#if !FUZZING
import FolioFuzz
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first, let target = FuzzTarget(rawValue: name), arguments.count > 1 else {
    let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
    FileHandle.standardError.write(Data("usage: folio-fuzz \(names) FILE...\n".utf8))
    exit(64)
}
var status: Int32 = 0
for file in arguments.dropFirst() {
    guard let data = FileManager.default.contents(atPath: file) else {
        FileHandle.standardError.write(Data("folio-fuzz: \(file): cannot be read\n".utf8))
        status = 66
        continue
    }
    print("\(file): \(target.run([UInt8](data)))")
}
exit(status)
#endif
