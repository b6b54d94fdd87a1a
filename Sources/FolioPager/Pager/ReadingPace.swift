/// How fast the reader reads, measured from their page turns: the characters of each page
/// read forward over the time it was on screen. A page shown for less than `shortest`
/// seconds was skimmed, one shown for more than `longest` was left open: neither counts.
struct ReadingPace {
    static let shortest = 2.0
    static let longest = 600.0
    /// Pages read before the time left is shown.
    static let pagesNeeded = 3

    private(set) var characters = 0
    private(set) var seconds = 0.0
    private(set) var pages = 0

    /// A page of `characters` read in `seconds`, counted when it looks like reading.
    mutating func read(characters: Int, in seconds: Double) {
        guard characters > 0, seconds >= Self.shortest, seconds <= Self.longest else { return }
        self.characters += characters
        self.seconds += seconds
        pages += 1
    }

    /// Characters a second, once enough pages have been read.
    var charactersPerSecond: Double? {
        pages >= Self.pagesNeeded && seconds > 0 ? Double(characters) / seconds : nil
    }

    /// The time `characters` take at this pace, in words a status line has room for: "40 s",
    /// "12 min", "3 h 05 min".
    func timeLeft(_ characters: Int) -> String? {
        guard let rate = charactersPerSecond, rate > 0 else { return nil }
        return Self.words(seconds: Int((Double(characters) / rate).rounded()))
    }

    /// A duration as the status line gives it.
    static func words(seconds total: Int) -> String? {
        if total < 60 { return "\(total) s" }
        let minutes = (total + 30) / 60
        if minutes < 60 { return "\(minutes) min" }
        let rest = minutes % 60
        return "\(minutes / 60) h " + (rest < 10 ? "0" : "") + "\(rest) min"
    }
}
