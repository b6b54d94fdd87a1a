/// libFuzzer's entry point: the target named by `FOLIO_FUZZ_TARGET` (read once; folio-fuzz
/// refuses to start without a valid one) runs each input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let target = FuzzEntry.target else { return -1 }  // -1: not an input worth keeping
    _ = target.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

enum FuzzEntry {
    static let target = FuzzTarget.fromEnvironment
}
