extension Array {
    /// `count` copies of `value`, as `Array(repeating:count:)` makes them, without its cost.
    ///
    /// `Array(repeating:count:)` and `Array(unsafeUninitializedCapacity:)` allocate through a
    /// standard-library entry point the compiler cannot specialize (it is neither inlinable nor
    /// generic over a known type at the call), which looks up the storage class's generic
    /// metadata in the runtime's cache on every call: some 650 instructions, more than filling a
    /// short array. Paragraphs make several such arrays each, a few per word. Going through the
    /// sequence initializer keeps the allocation specialized, its metadata found once.
    @inlinable
    public init(filled value: Element, count: Int) {
        self.init(repeatElement(value, count: Swift.max(0, count)))
    }
}
