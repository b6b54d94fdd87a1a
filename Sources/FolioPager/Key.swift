/// A key the reader pressed, decoded from the terminal's input bytes.
public enum Key: Hashable, Sendable {
    case character(Character)
    case enter, escape, backspace, tab, backTab
    case up, down, left, right, pageUp, pageDown, home, end
    case control(Character)
}
