/// The face font matching chose for a run of text, and what the renderer must fake because
/// the family lacks it.
///
/// https://www.w3.org/TR/css-fonts-4/#font-synthesis
public struct FontChoice: Sendable, Equatable {
    public let face: FontFace
    /// Bold was asked for (weight ≥ 600) and the face is lighter than 600: embolden.
    public let synthesizeBold: Bool
    /// Italic was asked for and the face is upright: slant it.
    public let synthesizeItalic: Bool

    public init(face: FontFace, synthesizeBold: Bool = false, synthesizeItalic: Bool = false) {
        self.face = face
        self.synthesizeBold = synthesizeBold
        self.synthesizeItalic = synthesizeItalic
    }

    public static func == (a: FontChoice, b: FontChoice) -> Bool {
        a.face === b.face && a.synthesizeBold == b.synthesizeBold && a.synthesizeItalic == b.synthesizeItalic
    }
}

/// Why a `FontContext` could not be made.
public enum FontContextError: Error, Equatable, CustomStringConvertible {
    /// The pinned default serif face is not installed (run `scripts/setup`) or unreadable.
    case defaultFontMissing(path: String)

    public var description: String {
        switch self {
        case .defaultFontMissing(let path):
            "the default font \(path) is not installed or cannot be read (scripts/setup installs it)"
        }
    }
}
