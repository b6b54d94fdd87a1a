/// An element's cascaded values: the winning value of each property the rules that match it
/// declare, in the order of `PropertyID`.
///
/// A sorted list rather than a dictionary: an element has a few dozen values at most, which
/// are found by a short scan, and the list is hashed and compared in one pass when styles are
/// shared between elements with the same values (`StyledTreeBuilder`). Hashing a dictionary
/// hashes each pair on its own, and building one grew its table again and again: together a
/// few percent of styling a book.
/// https://www.w3.org/TR/css-cascade-4/#cascaded
public struct CascadedValues: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    public typealias Key = PropertyID
    public typealias Value = SpecifiedValue

    public struct Entry: Sendable, Hashable {
        public var id: PropertyID
        public var value: SpecifiedValue
    }

    /// One value per property, ordered by `PropertyID.rawValue`.
    public private(set) var values: [Entry]

    public init() {
        values = []
    }

    /// The values of a property-to-value map.
    public init(_ map: [PropertyID: SpecifiedValue]) {
        values = map.map { Entry(id: $0.key, value: $0.value) }.sorted { $0.id.rawValue < $1.id.rawValue }
    }

    public init(dictionaryLiteral elements: (PropertyID, SpecifiedValue)...) {
        self.init(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    /// The cascaded values of declarations given from lowest to highest precedence: the last
    /// value declared for a property wins.
    init<Blocks: BidirectionalCollection<PropertyParser.Longhands>>(lowestFirst blocks: Blocks) {
        var seen = PropertySet()
        var found: [Entry] = []
        found.reserveCapacity(blocks.reduce(0) { $0 + $1.count })
        // From the highest precedence down, the first value met for a property is the winner.
        for block in blocks.reversed() {
            for (id, value) in block.reversed() where seen.insert(id) {
                found.append(Entry(id: id, value: value))
            }
        }
        found.sort { $0.id.rawValue < $1.id.rawValue }
        values = found
    }

    public var isEmpty: Bool { values.isEmpty }
    public var count: Int { values.count }

    public subscript(id: PropertyID) -> SpecifiedValue? {
        for entry in values where entry.id == id { return entry.value }
        return nil
    }

    public func makeIterator() -> some IteratorProtocol<(PropertyID, SpecifiedValue)> {
        values.lazy.map { ($0.id, $0.value) }.makeIterator()
    }
}

/// A set of properties, one bit each.
struct PropertySet {
    private var bits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    /// Adds `id`; false when it was there already.
    mutating func insert(_ id: PropertyID) -> Bool {
        let bit = UInt64(1) << UInt64(id.rawValue & 63)
        switch id.rawValue >> 6 {
        case 0: defer { bits.0 |= bit }; return bits.0 & bit == 0
        case 1: defer { bits.1 |= bit }; return bits.1 & bit == 0
        case 2: defer { bits.2 |= bit }; return bits.2 & bit == 0
        default: defer { bits.3 |= bit }; return bits.3 & bit == 0
        }
    }
}
