import Synchronization

/// A value stored behind a shared reference and copied only when mutated while shared.
///
/// Groups of rarely-set properties live in these so that copying a `ComputedStyle`
/// (once per element) copies one reference instead of every field; a placed run of glyphs
/// keeps its fields in one, so that the page items that draw it copy a reference too.
@dynamicMemberLookup
public struct CopyOnWrite<Value: Sendable>: Sendable {
    /// Mutated only while uniquely referenced, like Array's buffer. So no two accesses to
    /// `value` can overlap, and the run-time exclusivity check every read of a class's `var`
    /// gets (a call and a lookup, for every field a layouter reads) is left out.
    @usableFromInline
    final class Storage: @unchecked Sendable {
        @usableFromInline @exclusivity(unchecked) var value: Value
        /// `value`'s hash once asked for, 0 before (`Hashable` values only). A style is hashed
        /// whole to be interned, and most of its groups are shared with other styles: hashed
        /// field by field each time, they were 3 % of a play's layout. Atomic, since a shared
        /// storage may be hashed on two threads; cleared whenever `value` changes in place.
        @usableFromInline let hashMemo = Atomic<Int>(0)
        @usableFromInline init(_ value: Value) { self.value = value }
    }

    @usableFromInline var storage: Storage

    public init(_ value: Value) {
        storage = Storage(value)
    }

    // Inlinable, so that other modules read a field through a constant key path as a plain load
    // (the layouters read borders and margins this way for every box): a key path applied
    // at run time costs a thousand instructions.
    @inlinable
    public var value: Value {
        get { storage.value }
        _modify {
            if isKnownUniquelyReferenced(&storage) {
                storage.hashMemo.store(0, ordering: .relaxed)
            } else {
                storage = Storage(storage.value)
            }
            yield &storage.value
        }
        set {
            if isKnownUniquelyReferenced(&storage) {
                storage.value = newValue
                storage.hashMemo.store(0, ordering: .relaxed)
            } else {
                storage = Storage(newValue)
            }
        }
    }

    @inlinable
    public subscript<T>(dynamicMember keyPath: WritableKeyPath<Value, T>) -> T {
        get { storage.value[keyPath: keyPath] }
        _modify { yield &value[keyPath: keyPath] }
    }

    /// Whether both share one storage (then they are equal without comparing fields).
    func isIdentical(to other: CopyOnWrite) -> Bool { storage === other.storage }
}

extension CopyOnWrite: Equatable where Value: Equatable {
    public static func == (lhs: CopyOnWrite, rhs: CopyOnWrite) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.value == rhs.storage.value
    }
}

extension CopyOnWrite: Hashable where Value: Hashable {
    /// The value's own hash, worked out once per storage (`Storage.hashMemo`).
    public func hash(into hasher: inout Hasher) {
        var memo = storage.hashMemo.load(ordering: .relaxed)
        if memo == 0 {
            memo = storage.value.hashValue
            if memo == 0 { memo = 1 }
            storage.hashMemo.store(memo, ordering: .relaxed)
        }
        hasher.combine(memo)
    }
}
