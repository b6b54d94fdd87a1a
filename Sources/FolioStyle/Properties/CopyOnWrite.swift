/// A value stored behind a shared reference and copied only when mutated while shared.
///
/// Groups of rarely-set properties live in these so that copying a `ComputedStyle`
/// (once per element) copies one reference instead of every field.
@dynamicMemberLookup
public struct CopyOnWrite<Value: Sendable & Hashable>: Sendable, Hashable {
    /// Mutated only while uniquely referenced, like Array's buffer.
    private final class Storage: @unchecked Sendable {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    private var storage: Storage

    public init(_ value: Value) {
        storage = Storage(value)
    }

    public var value: Value {
        get { storage.value }
        _modify {
            if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.value) }
            yield &storage.value
        }
        set {
            if isKnownUniquelyReferenced(&storage) { storage.value = newValue } else { storage = Storage(newValue) }
        }
    }

    public subscript<T>(dynamicMember keyPath: WritableKeyPath<Value, T>) -> T {
        get { storage.value[keyPath: keyPath] }
        set { value[keyPath: keyPath] = newValue }
    }

    /// Whether both share one storage (then they are equal without comparing fields).
    func isIdentical(to other: CopyOnWrite) -> Bool { storage === other.storage }

    public static func == (lhs: CopyOnWrite, rhs: CopyOnWrite) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.value == rhs.storage.value
    }

    public func hash(into hasher: inout Hasher) {
        storage.value.hash(into: &hasher)
    }
}
