/// Four values, one per box side, in CSS order.
public struct Edges<Value: Sendable & Hashable>: Sendable, Hashable {
    public var top: Value
    public var right: Value
    public var bottom: Value
    public var left: Value

    public init(top: Value, right: Value, bottom: Value, left: Value) {
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
    }

    public init(all value: Value) {
        self.init(top: value, right: value, bottom: value, left: value)
    }
}

/// One corner's `border-*-radius`: horizontal and vertical radii.
///
/// https://www.w3.org/TR/css-backgrounds-3/#border-radius
public struct CornerRadius: Sendable, Hashable, CustomStringConvertible {
    public var horizontal: LengthPercentage
    public var vertical: LengthPercentage

    public static let zero = CornerRadius(horizontal: .zero, vertical: .zero)

    public var description: String { horizontal == vertical ? horizontal.description : "\(horizontal) \(vertical)" }
}

/// Four corner values.
public struct Corners<Value: Sendable & Hashable>: Sendable, Hashable {
    public var topLeft: Value
    public var topRight: Value
    public var bottomRight: Value
    public var bottomLeft: Value

    public init(all value: Value) {
        topLeft = value
        topRight = value
        bottomRight = value
        bottomLeft = value
    }
}
