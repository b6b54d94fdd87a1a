/// A key the reader pressed, decoded from the terminal's input bytes.
public enum Key: Hashable, Sendable {
    case character(Character)
    case enter, escape, backspace, delete, tab, backTab
    case up, down, left, right, pageUp, pageDown, home, end
    /// Ctrl with a letter (`control("c")` is Ctrl-C).
    case control(Character)
    /// The input closed (the terminal went away): the pager quits.
    case endOfInput
    /// A mouse button or the wheel, at a 0-based cell (SGR 1006 reporting).
    case mouse(MouseEvent)
}

/// What the mouse did, and where.
public struct MouseEvent: Hashable, Sendable {
    public enum Action: Hashable, Sendable {
        /// A button went down: 0 left, 1 middle, 2 right.
        case press(Int)
        case release
        case wheelUp, wheelDown
    }

    public var action: Action
    public var column: Int
    public var row: Int

    public init(_ action: Action, column: Int, row: Int) {
        self.action = action
        self.column = column
        self.row = row
    }
}
