/// A key the reader pressed, decoded from the terminal's input bytes.
public enum Key: Hashable, Sendable {
    case character(Character)
    case enter, escape, backspace, delete, tab, backTab
    case up, down, left, right, pageUp, pageDown, home, end
    /// Ctrl with a letter (`control("c")` is Ctrl-C).
    case control(Character)
    /// The input closed (the terminal went away): the pager quits.
    case endOfInput
}
