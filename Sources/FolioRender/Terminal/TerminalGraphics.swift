/// How a terminal shows a page's images.
///
/// kitty graphics protocol: https://sw.kovidgoyal.net/kitty/graphics-protocol/ ·
/// sixel: https://vt100.net/docs/vt3xx-gp/chapter14.html
public enum TerminalGraphics: String, Sendable, Hashable, CaseIterable {
    /// The kitty graphics protocol: PNG data placed over a block of cells (kitty, WezTerm, Ghostty).
    case kitty
    /// DEC sixel graphics (xterm in VT340 mode, foot, mlterm, WezTerm, Windows Terminal, tmux 3.4 …).
    case sixel
    /// Unicode half blocks (`▀`) coloured above and below: two pixels a cell, in any colour terminal.
    case blocks
    /// No pictures: each image is its alt text, `[image: alt]`.
    case none

    /// What the terminal described by `environment` (and, when the pager has asked, its
    /// primary device attributes) can show, best first: kitty when the environment names a
    /// terminal that speaks it, sixel when the DA1 reply lists it, else half blocks; nothing but
    /// alt text when there are no colours (`NO_COLOR`, not a terminal).
    ///
    /// Inside tmux or screen the kitty protocol does not reach the outer terminal (its
    /// variables are inherited all the same), so only the DA1 reply, which comes from the
    /// multiplexer itself, can choose sixel there.
    public static func detect(environment: [String: String], deviceAttributes: DeviceAttributes? = nil,
                              colors: ColorMode) -> TerminalGraphics {
        guard colors != .none else { return .none }
        if speaksKitty(environment) { return .kitty }
        if deviceAttributes?.supportsSixel == true { return .sixel }
        return .blocks
    }

    /// The environment of a terminal known to implement the kitty graphics protocol, not
    /// behind a multiplexer.
    static func speaksKitty(_ environment: [String: String]) -> Bool {
        let term = environment["TERM"] ?? ""
        if environment["TMUX"].map({ !$0.isEmpty }) == true || term.hasPrefix("screen") || term.hasPrefix("tmux") { return false }
        if term == "xterm-kitty" || term == "xterm-ghostty" { return true }
        if environment["KITTY_WINDOW_ID"].map({ !$0.isEmpty }) == true { return true }
        let program = (environment["TERM_PROGRAM"] ?? "").lowercased()
        return program == "wezterm" || program == "ghostty"
    }
}

/// The size of one terminal cell in screen pixels: what a sixel image is measured in, and
/// how finely a kitty image is sampled.
public struct CellPixels: Sendable, Hashable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// A common cell when the terminal does not say (a 10×20 px cell, as many 12-13 pt fonts give).
    public static let fallback = CellPixels(width: 10, height: 20)

    /// The query for the cell size in pixels (xterm window operation 16).
    /// https://invisible-island.net/xterm/ctlseqs/ctlseqs.html#h3-Functions-using-CSI-_-ordered-by-the-final-character_s_
    public static let query = "\u{1B}[16t"

    /// The size from a reply to `query`, `ESC [ 6 ; height ; width t`, found anywhere in
    /// `reply` (other replies may come with it); nil when there is none or it is implausible.
    public init?(reply: String) {
        let scalars = Array(reply.unicodeScalars)
        var found: CellPixels?
        var k = 0
        while k + 1 < scalars.count {
            defer { k += 1 }
            guard scalars[k] == "\u{1B}", scalars[k + 1] == "[" else { continue }
            var end = k + 2
            while end < scalars.count, scalars[end] == ";" || ("0"..."9").contains(scalars[end]) { end += 1 }
            guard end < scalars.count, scalars[end] == "t" else { continue }
            let parameters = String(String.UnicodeScalarView(scalars[(k + 2)..<end])).split(separator: ";", omittingEmptySubsequences: false)
            guard parameters.count == 3, parameters[0] == "6", let height = Int(parameters[1]), let width = Int(parameters[2]),
                  (1...1000).contains(width), (1...1000).contains(height) else { continue }
            found = CellPixels(width: width, height: height)
        }
        guard let found else { return nil }
        self = found
    }
}
