import FolioStyle

/// How many colours the terminal shows.
public enum ColorMode: Sendable, Hashable {
    /// 24-bit colour (`38;2;r;g;b`).
    case trueColor
    /// The xterm 256-colour palette: the 6 × 6 × 6 cube and the grey ramp (`38;5;n`).
    case palette256
    /// The 16 ANSI colours (`30–37`, `90–97`).
    case palette16
    /// No escape sequences at all: text only, as for a pipe or a dumb terminal.
    case none
}

/// Nearest palette entries for sRGB colours.
///
/// The 256-colour mapping uses only the cube and the grey ramp, whose values xterm fixes;
/// the first 16 entries are left out because each terminal theme redefines them.
/// The 16-colour mapping measures against xterm's default values of the 16.
/// https://invisible-island.net/xterm/ctlseqs/ctlseqs.html#h3-Functions-using-CSI-_-ordered-by-the-final-character_s_
public enum TerminalPalette {
    /// The channel levels of the 6 × 6 × 6 cube (entries 16–231).
    static let cubeLevels = [0, 95, 135, 175, 215, 255]

    /// xterm's default 16 colours: black, red, green, yellow, blue, magenta, cyan, white, then
    /// their bright forms.
    static let ansi16: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    /// The sepia theme's colours (page, status line, pager text, book text, links, search
    /// marks, progress bar, selection, highlights) and the entries they take in the 256- and 16-colour palettes. Measured alone,
    /// each is nearest a grey (the cube's warm entries are too saturated), and sepia would turn
    /// grey; these are the warm entries instead: cream page, brown text.
    static let warmEntries: [RGBA: (index256: Int, index16: Int)] = [
        RGBA(red: 0xF4, green: 0xEC, blue: 0xD8): (230, 3),    // page: #ffffd7 · yellow
        RGBA(red: 0xE2, green: 0xD6, blue: 0xB8): (223, 11),   // status line: #ffd7af · bright yellow
        RGBA(red: 0x5B, green: 0x46, blue: 0x36): (94, 0),     // pager text: #875f00 · black
        RGBA(red: 0x3B, green: 0x2A, blue: 0x1A): (94, 0),     // book text: #875f00 · black
        RGBA(red: 0x5A, green: 0x3E, blue: 0x1B): (130, 1),    // links: #af5f00 · red
        RGBA(red: 0xF0, green: 0xC8, blue: 0x50): (221, 11),   // search marks: #ffd75f · bright yellow
        RGBA(red: 0xCB, green: 0xB4, blue: 0x86): (180, 3),    // progress bar: #d7af87 · yellow
        RGBA(red: 0xD9, green: 0xC3, blue: 0x9A): (180, 11),   // selection: #d7af87 · bright yellow
        RGBA(red: 0xDD, green: 0xE0, blue: 0xA8): (187, 10),   // highlights: #d7d7af · bright green
    ]

    /// The nearest entry of the 256-colour palette, 16–255.
    public static func index256(_ color: RGBA) -> Int {
        if let warm = warmEntries[RGBA(red: color.red, green: color.green, blue: color.blue)] { return warm.index256 }
        let (r, g, b) = (Int(color.red), Int(color.green), Int(color.blue))
        let levels = [r, g, b].map(nearestCubeLevel)
        let cube = (cubeLevels[levels[0]], cubeLevels[levels[1]], cubeLevels[levels[2]])
        let cubeIndex = 16 + 36 * levels[0] + 6 * levels[1] + levels[2]
        // Grey ramp 232–255: 8, 18, …, 238.
        let grey = min(23, max(0, ((r + g + b) / 3 - 8 + 5) / 10))
        let greyValue = 8 + 10 * grey
        let greyDistance = distance((r, g, b), (greyValue, greyValue, greyValue))
        return greyDistance < distance((r, g, b), cube) ? 232 + grey : cubeIndex
    }

    /// The nearest of the 16 ANSI colours, 0–15.
    public static func index16(_ color: RGBA) -> Int {
        if let warm = warmEntries[RGBA(red: color.red, green: color.green, blue: color.blue)] { return warm.index16 }
        let rgb = (Int(color.red), Int(color.green), Int(color.blue))
        var best = 0
        for index in 1..<ansi16.count where distance(rgb, ansi16[index]) < distance(rgb, ansi16[best]) {
            best = index
        }
        return best
    }

    private static func nearestCubeLevel(_ value: Int) -> Int {
        var best = 0
        for index in 1..<cubeLevels.count where abs(cubeLevels[index] - value) < abs(cubeLevels[best] - value) {
            best = index
        }
        return best
    }

    /// Squared distance, the channels weighted by how much the eye sees them (green most).
    private static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        let (dr, dg, db) = (a.0 - b.0, a.1 - b.1, a.2 - b.2)
        return 3 * dr * dr + 4 * dg * dg + 2 * db * db
    }
}
