/// Keys by name, as settings.json's `keys` and `folio read --keys` write them: a character
/// (`j`, `?`), `space`, `enter`, `esc`, `tab`, `backtab`, `backspace`, `delete`, `left`,
/// `right`, `up`, `down`, `pgup`, `pgdn`, `home`, `end`, or `ctrl-` and a letter.
public enum KeyNames {
    public static func key(_ name: String) -> Key? {
        if name.count == 1, let character = name.first { return .character(character) }
        let lower = name.lowercased()
        if lower.hasPrefix("ctrl-"), lower.count == 6, let letter = lower.last, letter.isLetter, letter.isASCII { return .control(letter) }
        switch lower {
        case "space": return .character(" ")
        case "enter", "return": return .enter
        case "esc", "escape": return .escape
        case "tab": return .tab
        case "backtab", "shift-tab": return .backTab
        case "backspace": return .backspace
        case "delete", "del": return .delete
        case "left": return .left
        case "right": return .right
        case "up": return .up
        case "down": return .down
        case "pgup", "pageup": return .pageUp
        case "pgdn", "pagedown": return .pageDown
        case "home": return .home
        case "end": return .end
        default: return nil
        }
    }

    /// The name `key(_:)` reads back as the key.
    public static func name(of key: Key) -> String {
        switch key {
        case .character(" "): "space"
        case .character(let c): String(c)
        case .control(let c): "ctrl-" + String(c)
        case .enter: "enter"
        case .escape: "esc"
        case .tab: "tab"
        case .backTab: "backtab"
        case .backspace: "backspace"
        case .delete: "delete"
        case .left: "left"
        case .right: "right"
        case .up: "up"
        case .down: "down"
        case .pageUp: "pgup"
        case .pageDown: "pgdn"
        case .home: "home"
        case .end: "end"
        case .endOfInput: "end of input"
        case .mouse: "mouse"
        }
    }

    /// A key map from settings: each of the reader's keys does what a built-in key does
    /// (`"x": "q"`), or nothing (`"q": "none"`). Names that are not keys are returned apart.
    public static func map(_ settings: [String: String]) -> (map: [Key: Key?], unknown: [String]) {
        var map: [Key: Key?] = [:]
        var unknown: [String] = []
        for (from, to) in settings.sorted(by: { $0.key < $1.key }) {
            guard let key = key(from) else {
                unknown.append(from)
                continue
            }
            if to.lowercased() == "none" {
                map[key] = .some(nil)
            } else if let target = self.key(to) {
                map[key] = .some(target)
            } else {
                unknown.append(to)
            }
        }
        return (map, unknown)
    }
}
