/// How a reader likes pages shown: theme, text size, font, display and scroll mode.
///
/// Plain values the pager maps to its own types, so an unknown value written by a newer Folio (or
/// by hand) is kept rather than failing the file. Every field is optional: nil means "not chosen
/// here", and `merged(over:)` lets a book's own choices override the global defaults.
public struct ReadingSettings: Sendable, Hashable, Codable {
    /// `day`, `night` or `sepia`.
    public var theme: String?
    /// Steps of `+` and `−` from the default text size (0 is the default; negative is smaller).
    public var textSizeStep: Int?
    /// The font family for pages shown as images (a family name, or a generic one such as `serif`).
    public var fontFamily: String?
    /// `cells` or `image`.
    public var displayMode: String?
    /// True when the reader scrolls rather than turns pages.
    public var scrollMode: Bool?
    /// Hyphenation: `auto` (justified text, unless the book says `hyphens: none`), `book` (as
    /// its CSS says) or `off`.
    public var hyphens: String?
    /// Justification: `book` (the book's alignment), `justified` or `ragged`.
    public var justify: String?
    /// True when the status line shows a progress bar through the book.
    public var progressBar: Bool?
    /// The DICT server words are looked up on: `host` or `host:port` (default `localhost:2628`).
    public var dictionary: String?
    /// The reader's keys: each does what a built-in key does (`{"x": "q", "ctrl-f": "space"}`),
    /// or nothing (`"none"`).
    public var keys: [String: String]?

    public init(theme: String? = nil, textSizeStep: Int? = nil, fontFamily: String? = nil, displayMode: String? = nil, scrollMode: Bool? = nil,
                hyphens: String? = nil, justify: String? = nil, progressBar: Bool? = nil, dictionary: String? = nil,
                keys: [String: String]? = nil) {
        self.theme = theme
        self.textSizeStep = textSizeStep
        self.fontFamily = fontFamily
        self.displayMode = displayMode
        self.scrollMode = scrollMode
        self.hyphens = hyphens
        self.justify = justify
        self.progressBar = progressBar
        self.dictionary = dictionary
        self.keys = keys
    }

    /// These settings, with anything not chosen here taken from `base`.
    public func merged(over base: ReadingSettings) -> ReadingSettings {
        ReadingSettings(theme: theme ?? base.theme, textSizeStep: textSizeStep ?? base.textSizeStep,
                        fontFamily: fontFamily ?? base.fontFamily, displayMode: displayMode ?? base.displayMode,
                        scrollMode: scrollMode ?? base.scrollMode, hyphens: hyphens ?? base.hyphens, justify: justify ?? base.justify,
                        progressBar: progressBar ?? base.progressBar, dictionary: dictionary ?? base.dictionary,
                        keys: keys ?? base.keys)
    }

    /// Only the settings that differ from `old`: what the reader changed.
    public func changes(from old: ReadingSettings) -> ReadingSettings {
        ReadingSettings(theme: theme != old.theme ? theme : nil, textSizeStep: textSizeStep != old.textSizeStep ? textSizeStep : nil,
                        fontFamily: fontFamily != old.fontFamily ? fontFamily : nil,
                        displayMode: displayMode != old.displayMode ? displayMode : nil,
                        scrollMode: scrollMode != old.scrollMode ? scrollMode : nil, hyphens: hyphens != old.hyphens ? hyphens : nil,
                        justify: justify != old.justify ? justify : nil, progressBar: progressBar != old.progressBar ? progressBar : nil,
                        dictionary: dictionary != old.dictionary ? dictionary : nil, keys: keys != old.keys ? keys : nil)
    }

    public var isEmpty: Bool { self == ReadingSettings() }

    enum CodingKeys: String, CodingKey {
        case theme, textSizeStep, fontFamily, displayMode, scrollMode, hyphens, justify, progressBar, dictionary, keys
    }

    /// A field of the wrong type is dropped with a warning (`state.field-invalid`); the others stay.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        theme = c.lenient(String.self, .theme, decoder)
        textSizeStep = c.lenient(Int.self, .textSizeStep, decoder).map { min(max($0, -20), 20) }
        fontFamily = c.lenient(String.self, .fontFamily, decoder).map { String($0.prefix(200)) }
        displayMode = c.lenient(String.self, .displayMode, decoder)
        scrollMode = c.lenient(Bool.self, .scrollMode, decoder)
        hyphens = c.lenient(String.self, .hyphens, decoder)
        justify = c.lenient(String.self, .justify, decoder)
        progressBar = c.lenient(Bool.self, .progressBar, decoder)
        dictionary = c.lenient(String.self, .dictionary, decoder).map { String($0.prefix(300)) }
        keys = c.lenient([String: String].self, .keys, decoder).map { Dictionary(uniqueKeysWithValues: $0.prefix(200).map { ($0.key, $0.value) }) }
    }
}

/// The settings every book starts from: `$XDG_CONFIG_HOME/folio/settings.json`.
///
/// The file is flat (`{"theme": "night", "displayMode": "cells"}`) so that it is easy to edit by
/// hand; settings that are not per-book would sit beside these keys.
public struct GlobalSettings: Sendable, Hashable, Codable {
    /// The defaults a book's own `ReadingSettings` are merged over.
    public var reading: ReadingSettings

    public init(reading: ReadingSettings = ReadingSettings()) {
        self.reading = reading
    }

    public init(from decoder: any Decoder) throws {
        reading = try ReadingSettings(from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        try reading.encode(to: encoder)
    }
}
