import Foundation

/// libFuzzer's entry point. The target comes from `FOLIO_FUZZ_TARGET` (read once); an unknown
/// or missing name stops the run at once with a message, rather than fuzzing nothing.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    _ = FuzzEntry.target.run(bytes)
    return 0
}

enum FuzzEntry {
    static let target: FuzzTarget = {
        guard let target = FuzzTarget.fromEnvironment else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
            FileHandle.standardError.write(Data("folio-fuzz: set FOLIO_FUZZ_TARGET to one of: \(names)\n".utf8))
            exit(2)
        }
        return target
    }()
}
