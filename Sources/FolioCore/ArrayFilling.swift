extension Array {
    /// `count` copies of `value`, as `Array(repeating:count:)` makes them, without its cost.
    ///
    /// `Array(repeating:count:)` and `Array(unsafeUninitializedCapacity:)` allocate through a
    /// standard-library entry point the compiler cannot specialize (it is neither inlinable nor
    /// generic over a known type at the call), which looks up the storage class's generic
    /// metadata in the runtime's cache on every call: some 650 instructions, more than filling a
    /// short array. Paragraphs make several such arrays each, a few per word. Going through the
    /// sequence initializer keeps the allocation specialized, its metadata found once.
    ///
    /// In a debug build the sequence initializer runs unspecialized, element by element through
    /// generic iteration, some 50 times slower than the standard library's own (optimized)
    /// `Array(repeating:count:)`: a million-letter word's paragraph spent 40 % of its time here.
    @inlinable
    public init(filled value: Element, count: Int) {
        #if DEBUG
        self.init(repeating: value, count: Swift.max(0, count))
        #else
        self.init(repeatElement(value, count: Swift.max(0, count)))
        #endif
    }
}
