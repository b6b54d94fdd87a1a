import FolioLayout
import FolioStyle
import Foundation
@testable import FolioText

/// Hand-made runs in cell units (what layout with a cell metric will produce): each grapheme
/// one glyph, its x a whole column, lines one row tall.
enum CellSupport {
    static let fonts: FontContext? = try? FontContext(diagnostics: .init())

    static func face(weight: Int = 400, italic: Bool = false) throws -> FontFace {
        guard let fonts else { throw CocoaError(.fileNoSuchFile) }
        return fonts.face(for: [.named("Liberation Serif")], weight: weight, italic: italic).face
    }

    static func run(_ text: String, color: RGBA = .black, weight: Int = 400, italic: Bool = false,
                    synthesizeBold: Bool = false, decorations: [TextDecoration.Kind] = []) throws -> PositionedRun {
        var x = 0.0
        let glyphs = text.map { character in
            let width = Double(TerminalWidthOracle.columns(character))
            defer { x += width }
            return PositionedGlyph(id: 1, x: x, y: 0, advance: width)
        }
        return PositionedRun(
            face: try face(weight: weight, italic: italic), size: 1, color: color, synthesizeBold: synthesizeBold,
            synthesizeItalic: false, direction: .ltr, x: 0, width: x, baseline: 0.8, glyphs: glyphs, text: text,
            textRange: 0..<text.unicodeScalars.count, source: nil, sourceRange: 0..<0, hasHyphen: false,
            decorations: decorations.map { TextDecoration(kind: $0, offset: 0.1, thickness: 0.1, color: color) })
    }

    /// The expected grid text of a fixture (`Fixtures/<name>/expected.txt`, its last newline dropped).
    static func expected(_ name: String) throws -> String {
        let url = RenderSupport.fixtures.appendingPathComponent("\(name)/expected.txt")
        var text = try String(contentsOf: url, encoding: .utf8)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}

/// The widths hand-made runs advance by: wide for CJK ideographs, else one column (kept apart
/// from `TerminalWidth` so that the runs do not depend on the code under test).
enum TerminalWidthOracle {
    static func columns(_ character: Character) -> Int {
        character.unicodeScalars.first.map { (0x4E00...0x9FFF).contains($0.value) } == true ? 2 : 1
    }
}
