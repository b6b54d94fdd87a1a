import CHarfBuzz
import FolioStyle

extension ShapedParagraph {
    // MARK: Itemizing

    /// Cuts the paragraph into pieces of one item, font, size, bidi level and script.
    ///
    /// The loop runs once per character, so fonts are small integers into a table of the
    /// paragraph's fonts (no reference counting per character), and a piece is extended by
    /// moving its end.
    static func itemize(_ collected: CollectedText, items: [InlineItem], levels: [UInt8], context: InlineContext) -> [InlinePiece] {
        let fonts = context.fonts
        let scalars = collected.scalars
        let scripts = scriptPerScalar(scalars)
        var table = FontTable()
        var pieces: [InlinePiece] = []
        // The open piece (start < 0: none).
        var start = -1, pieceItem = 0, pieceFont = 0, pieceSize = 0.0, pieceLevel: UInt8 = 0, pieceScript: UInt32 = 0
        func close(at end: Int) {
            guard start >= 0 else { return }
            pieces.append(InlinePiece(kind: .text, range: start..<end, item: pieceItem, font: table.fonts[pieceFont],
                                      size: pieceSize, level: pieceLevel, script: Script(hb: hb_script_t(rawValue: pieceScript))))
            start = -1
        }
        var previous = -1
        // The current item: its primary font (-1 for atomics and breaks) and style.
        var itemIndex = -1, main = -1
        var fontSize = 0.0
        var itemFont = ComputedStyle.initial.font
        var coverage = GlyphCoverage()
        var fallbackMemo = FallbackMemo()
        // The item font's number as a fallback request, asked for when a character first needs it.
        var request = -1
        var categories = CategoryMemo()
        var i = 0
        while i < scalars.count {
            let scalar = scalars[i]
            let level = i < levels.count ? levels[i] : 0
            if collected.item[i] != itemIndex {
                itemIndex = collected.item[i]
                if case .text(_, let shared, _) = items[itemIndex] {
                    let sameFont = shared.style.font == itemFont
                    if !sameFont {
                        fallbackMemo.forget()
                        itemFont = shared.style.font
                        request = -1
                    }
                    // An item in the font of the one before keeps its face.
                    if !sameFont || main < 0 { main = table.index(of: context.face(for: itemFont), fonts: fonts) }
                    fontSize = itemFont.size
                } else {
                    main = -1
                }
            }
            guard main >= 0, scalar != CollectedText.lineSeparator else {
                // An atomic inline, a <br> or a preserved newline: a piece of its own, drawn as nothing.
                close(at: i)
                let kind: InlinePiece.Kind = main < 0 && scalar != CollectedText.lineSeparator ? .atomic : .forcedBreak
                pieces.append(InlinePiece(kind: kind, range: i..<(i + 1), item: itemIndex, font: nil, size: 0, level: level, script: .common))
                previous = -1
                i += 1
                continue
            }
            var font = main
            // The character's general category, looked up once (the stdlib's lookup is not cheap
            // and every character of a script the primary face lacks comes here).
            let category = categories.category(of: scalar)
            if previous >= 0, followsBase(scalar, category) {
                // Marks stay with their base.
                font = previous
            } else if previous >= 0, table.face[previous] != table.face[main], isNeutral(category),
                      !table.fonts[previous].face.hasColorGlyphs, table.fonts[previous].face.hasGlyph(scalar) {
                // Spaces and punctuation inside fallback text stay in the fallback face, so that
                // the run shapes as one (not in colour emoji, whose spaces are as wide as an emoji).
                font = previous
            } else if !coverage.hasGlyph(scalar, font: main, in: table) && !isInvisible(scalar, category) {
                let script = scripts[i], emoji = emojiPresentation(after: i, in: scalars)
                if let known = fallbackMemo.font(for: scalar, script: script, emoji: emoji, main: main) {
                    font = known
                } else {
                    if request < 0 {
                        request = fonts.fallbackRequest(families: itemFont.family, weight: itemFont.weight,
                                                        italic: itemFont.style != .normal, stretch: itemFont.stretch)
                    }
                    if let fallback = fonts.fallbackFace(for: scalar, after: table.fonts[main].face, request: request,
                                                         script: Script(hb: hb_script_t(rawValue: script)), emoji: emoji) {
                        font = table.index(of: fallback, fonts: fonts)
                    }
                    fallbackMemo.remember(font, for: scalar, script: script, emoji: emoji, main: main)
                }
            }
            previous = font
            // `font-size` × the fallback face's adjustment (× 1 for the primary face).
            let size = table.face[font] == table.face[main] ? fontSize : fontSize * table.adjustment[font]
            let script = scripts[i]
            if !(start >= 0 && pieceItem == itemIndex && pieceFont == font && pieceSize == size
                 && pieceLevel == level && pieceScript == script) {
                close(at: i)
                (start, pieceItem, pieceFont, pieceSize, pieceLevel, pieceScript) = (i, itemIndex, font, size, level, script)
            }
            i += 1
            // The common case, fast: Latin-range characters the primary face has, in the
            // piece's item, level and script, after a character in the primary face. Each
            // would take the primary face by the rules above and extend the piece.
            guard font == main else { continue }
            i = coverage.skip(from: i, scalars: scalars, items: collected.item, item: itemIndex, scripts: scripts, script: script,
                              levels: levels, level: level, font: main, in: table)
        }
        close(at: scalars.count)
        return pieces
    }

    static func scriptPerScalar(_ scalars: [Unicode.Scalar]) -> [UInt32] {
        var scripts = [UInt32](filled: HB_SCRIPT_COMMON.rawValue, count: scalars.count)
        scripts.withUnsafeMutableBufferPointer { out in
            ScriptItemizer.forEachRun(scalars) { range, script in
                for i in range where i < out.count { out[i] = script.rawValue }
            }
        }
        return scripts
    }

    /// The presentation a variation selector after `index` asks for: true for emoji (U+FE0F),
    /// false for text (U+FE0E), nil when none follows.
    static func emojiPresentation(after index: Int, in scalars: [Unicode.Scalar]) -> Bool? {
        guard index + 1 < scalars.count else { return nil }
        switch scalars[index + 1] {
        case "\u{FE0F}": return true
        case "\u{FE0E}": return false
        default: return nil
        }
    }

    /// Marks and joiners are drawn with the face of the character they attach to.
    static func followsBase(_ scalar: Unicode.Scalar, _ category: Unicode.GeneralCategory) -> Bool {
        // Nothing below U+0300 is a mark or a joiner.
        guard scalar.value >= 0x300 else { return false }
        switch category {
        case .nonspacingMark, .enclosingMark, .spacingMark: return true
        default: return scalar == "\u{200D}" || scalar == "\u{200C}" || (0xFE00...0xFE0F).contains(scalar.value)
        }
    }

    /// Spaces and punctuation, which belong to no script.
    static func isNeutral(_ category: Unicode.GeneralCategory) -> Bool {
        switch category {
        case .spaceSeparator, .otherPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation: true
        default: false
        }
    }

    /// Spaces, format and control characters need no glyph of their own (a stray C1 control
    /// in a book is not looked up in the fallback faces, some of which map controls).
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar != " ", scalar != "\u{AD}" else { return true }
        return isInvisible(scalar, scalar.properties.generalCategory)
    }

    static func isInvisible(_ scalar: Unicode.Scalar, _ category: Unicode.GeneralCategory) -> Bool {
        scalar == " " || scalar == "\u{AD}" || category == .format || category == .control
    }

    // MARK: Shaping

    /// Scripts whose words shape the same alone as in context, so the cache can hold them.
    static let wordShapedScripts: Set<Script> = Set(["Zyyy", "Zinh", "Latn", "Grek", "Cyrl", "Hani", "Hira", "Kana", "Hang"].map(Script.init(tag:)))
    /// Right-to-left scripts whose letters join only within a word (Arabic, Syriac, N'Ko,
    /// Thaana: a space joins with nothing) or not at all (Hebrew): their words are cached too,
    /// unless the face's lookups for the script involve the space glyph (Amiri kerns a letter
    /// after a space), when a run is shaped whole.
    static let rightToLeftWordShapedScripts: Set<Script> = Set(["Arab", "Hebr", "Syrc", "Nkoo", "Thaa"].map(Script.init(tag:)))
    /// Left-to-right scripts whose shaping works cluster by cluster (a syllable, a base and its
    /// marks), where a space ends every cluster: Brahmic scripts, Tibetan, South-East Asian
    /// scripts, Armenian, Georgian, Ethiopic. Their words are cached when the face's lookups
    /// for the script leave the space glyph alone, as right-to-left words are. HarfBuzz's
    /// Indic and Myanmar shapers cost thousands of instructions a character; a book's words
    /// repeat, and the cache shapes each once (a novel in Bengali letters sets in 0.47 s
    /// instead of 0.76, in Burmese letters in 0.58 instead of 1.24).
    static let clusterWordShapedScripts: Set<Script> = Set([
        "Deva", "Beng", "Guru", "Gujr", "Orya", "Taml", "Telu", "Knda", "Mlym", "Sinh", "Tibt", "Mymr", "Khmr", "Thai", "Laoo",
        "Armn", "Geor", "Ethi",
    ].map(Script.init(tag:)))

    /// Whether a piece is shaped word by word through the cache (else as one run). A
    /// right-to-left or cluster-shaped piece is only when its face's lookups leave the space
    /// glyph alone, since its words sit after spaces in a script where that can matter.
    static func shapesByWord(_ piece: InlinePiece, face: FontFace) -> Bool {
        if piece.direction == .rtl {
            return (wordShapedScripts.contains(piece.script) || rightToLeftWordShapedScripts.contains(piece.script))
                && !face.spaceTakesPartInShaping(for: piece.script)
        }
        if wordShapedScripts.contains(piece.script) { return true }
        return clusterWordShapedScripts.contains(piece.script) && !face.spaceTakesPartInShaping(for: piece.script)
    }

    static func shape(_ piece: inout InlinePiece, scalars: [Unicode.Scalar], items: [InlineItem], language: String?,
                      context: InlineContext) {
        guard piece.kind == .text, let font = piece.font, case .text(_, let shared, _) = items[piece.item] else { return }
        let variantCaps = shared.style.font.variantCaps
        let smallCaps = variantCaps == .smallCaps || variantCaps == .allSmallCaps
        let features = shared.style.font.featureSettings.map { FontFeature($0.tag, UInt32(clamping: max(0, $0.value))) }
        guard shapesByWord(piece, face: font.face) else {
            let run = context.shaper.shape(scalars: scalars, range: piece.range, face: font.face, size: piece.size,
                                           direction: piece.direction, script: piece.script, language: language,
                                           features: features, smallCaps: smallCaps)
            piece.glyphs = run.glyphs.map { var g = $0; g.cluster += piece.range.lowerBound; return g }
            piece.order = clusterOrder(piece.glyphs)
            return
        }
        // Words and single spaces, each through the cache. Outside Latin-like scripts a space
        // beside a character the face shapes otherwise beside a space stays with its word.
        let cluster = clusterWordShapedScripts.contains(piece.script)
        let partners = cluster || piece.direction == .rtl ? font.face.spacePartners(for: piece.script) : []
        var words = wordsAndSpaces(piece.range, scalars: scalars, cluster: cluster,
                                   shapesWithSpace: partners.isEmpty ? nil : { partners.contains($0.value) })
        // A right-to-left run's glyphs come in visual order, its last word's first: each word
        // shaped right to left, the words taken from the last.
        if piece.direction == .rtl { words.reverse() }
        let style = ShapeCache.Style(face: ObjectIdentifier(font.face), size: piece.size, direction: piece.direction,
                                     script: piece.script, language: language, features: features, smallCaps: smallCaps)
        piece.glyphs.reserveCapacity(piece.range.count)
        context.shapeCache.shapeWords(scalars, words, style: style, face: font.face, shaper: context.shaper, into: &piece.glyphs)
        piece.order = clusterOrder(piece.glyphs)
    }

    /// `range` cut into words and the single spaces between them. A space stays inside its
    /// word where the word alone would shape otherwise:
    /// - beside a character `shapesWithSpace` names (a closing quotation mark Liberation Serif
    ///   kerns with the space after it), looking past marks and default-ignorable characters
    ///   (a soft hyphen), which HarfBuzz's kerning skips;
    /// - in a script shaped cluster by cluster (`cluster`), after a virama or a joiner, or
    ///   before a mark or a joiner: the space then takes part in a cluster (a Burmese virama
    ///   before it, a vowel sign typed after it, as Zawgyi text has them). A vowel sign ending
    ///   a word (most Indic words) closes its syllable: the space after it parts words.
    static func wordsAndSpaces(_ range: Range<Int>, scalars: [Unicode.Scalar], cluster: Bool,
                               shapesWithSpace: ((Unicode.Scalar) -> Bool)? = nil) -> [Range<Int>] {
        // Every space parts words unless a neighbour keeps it (checked for spaces only).
        func keeps(_ i: Int) -> Bool {
            let before = i > range.lowerBound ? scalars[i - 1] : nil, after = i + 1 < range.upperBound ? scalars[i + 1] : nil
            if cluster && (before.map(reachesForward) == true || after.map(clings) == true) { return true }
            guard let shapesWithSpace else { return false }
            // The nearest characters on each side, and the marks and ignorable ones between.
            for step in [-1, 1] {
                var k = i + step
                while range.contains(k) {
                    if shapesWithSpace(scalars[k]) { return true }
                    guard Self.isPassedByKerning(scalars[k]) else { break }
                    k += step
                }
            }
            return false
        }
        let checked = cluster || shapesWithSpace != nil
        var words: [Range<Int>] = []
        var start = range.lowerBound
        scalars.withUnsafeBufferPointer { text in
            while start < range.upperBound {
                var end = start + 1
                if text[start] != " " || (checked && keeps(start)) {
                    while end < range.upperBound && (text[end] != " " || (checked && keeps(end))) { end += 1 }
                }
                words.append(start..<end)
                start = end
            }
        }
        return words
    }

    /// Marks and default-ignorable characters (a soft hyphen), which kerning looks past.
    private static func isPassedByKerning(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        if properties.isDefaultIgnorableCodePoint { return true }
        guard scalar.value >= 0x300 else { return false }
        return properties.generalCategory == .nonspacingMark || properties.generalCategory == .enclosingMark
    }

    /// Marks and format characters (joiners), which belong to the cluster of what is before them.
    private static func clings(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.value >= 0x300 else { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .format: return true
        default: return false
        }
    }

    /// Viramas (a Burmese asat, a Khmer coeng) and format characters (joiners), which belong
    /// to the cluster of what is after them.
    private static func reachesForward(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.value >= 0x300 else { return false }
        return scalar.properties.canonicalCombiningClass == .virama || scalar.properties.generalCategory == .format
    }

    static func clusterOrder(_ glyphs: [ShapedGlyph]) -> InlinePiece.ClusterOrder {
        var ascending = true, descending = true
        for k in glyphs.indices.dropFirst() {
            if glyphs[k].cluster < glyphs[k - 1].cluster { ascending = false }
            if glyphs[k].cluster > glyphs[k - 1].cluster { descending = false }
        }
        return ascending ? .ascending : descending ? .descending : .mixed
    }
}

/// The fonts of one paragraph, numbered: equal `FontChoice`s share a number, and so do
/// equal faces.
struct FontTable {
    var fonts: [FontChoice] = []
    /// For each font: the number of its face, and its face's size adjustment.
    var face: [Int] = []
    var adjustment: [Double] = []
    private var faces: [FontFace] = []

    mutating func index(of font: FontChoice, fonts context: FontContext) -> Int {
        if let known = fonts.firstIndex(of: font) { return known }
        fonts.append(font)
        if let known = faces.firstIndex(where: { $0 === font.face }) {
            face.append(known)
        } else {
            faces.append(font.face)
            face.append(faces.count - 1)
        }
        adjustment.append(context.sizeAdjustment(for: font.face))
        return fonts.count - 1
    }
}

/// Which characters of the Latin range (below U+0300) a face has, found once per paragraph.
struct GlyphCoverage {
    private var face = -1
    /// 0 not asked yet, 1 yes, 2 no.
    private var known = [UInt8](filled: 0, count: 0x300)

    /// The end of the run from `start` of Latin-range characters the font's face has (or that
    /// need no glyph), in one item, script and level.
    mutating func skip(from start: Int, scalars: [Unicode.Scalar], items: [Int], item: Int, scripts: [UInt32], script: UInt32,
                       levels: [UInt8], level: UInt8, font: Int, in table: FontTable) -> Int {
        var i = start
        let end = min(scalars.count, items.count, scripts.count)
        while i < end {
            let scalar = scalars[i]
            guard scalar.value < 0x300, items[i] == item, scripts[i] == script, (i < levels.count ? levels[i] : 0) == level else { break }
            guard hasGlyph(scalar, font: font, in: table) || ShapedParagraph.isInvisible(scalar) else { break }
            i += 1
        }
        return i
    }

    /// Whether the face of font `font` of `table` has the character.
    mutating func hasGlyph(_ scalar: Unicode.Scalar, font: Int, in table: FontTable) -> Bool {
        guard scalar.value < 0x300 else { return table.fonts[font].face.hasGlyph(scalar) }
        if table.face[font] != face {
            face = table.face[font]
            for k in known.indices { known[k] = 0 }
        }
        let index = Int(scalar.value)
        if known[index] == 0 { known[index] = table.fonts[font].face.hasLatinGlyph(scalar) ? 1 : 2 }
        return known[index] == 1
    }
}

/// The fallback font found for a character within one paragraph's run of one font: the
/// answer of `FontContext.fallbackFace` (locked, keyed by the whole font request) asked once
/// per character, script, presentation and primary font instead of once per occurrence.
/// Forgotten when the item's font properties change, since they are part of the question.
struct FallbackMemo {
    private struct Key: Hashable {
        var scalar: UInt32
        var script: UInt32
        var emoji: Bool?
        var main: Int
    }

    private var fonts: [Key: Int] = [:]

    /// The font index remembered (`main` when no face has the character), nil when not asked.
    func font(for scalar: Unicode.Scalar, script: UInt32, emoji: Bool?, main: Int) -> Int? {
        fonts[Key(scalar: scalar.value, script: script, emoji: emoji, main: main)]
    }

    mutating func remember(_ font: Int, for scalar: Unicode.Scalar, script: UInt32, emoji: Bool?, main: Int) {
        fonts[Key(scalar: scalar.value, script: script, emoji: emoji, main: main)] = font
    }

    mutating func forget() {
        if !fonts.isEmpty { fonts.removeAll(keepingCapacity: true) }
    }
}

/// The general categories of the characters a paragraph meets: the standard library's lookup
/// costs some 350 instructions, and itemizing a paragraph of Cyrillic, Hebrew or kana asks for
/// nearly every character, one of Latin for its quotes and dashes. Latin and General
/// Punctuation come from tables made once; other characters from a small direct-mapped table
/// made when first asked, which most paragraphs of a Latin book never are.
struct CategoryMemo {
    private var keys: [UInt32] = []
    private var values: [Unicode.GeneralCategory] = []

    private static let latin = (0..<0x300).map { Unicode.Scalar(UInt32($0))!.properties.generalCategory }
    private static let punctuation = (0x2000..<0x2070).map { Unicode.Scalar(UInt32($0))!.properties.generalCategory }

    mutating func category(of scalar: Unicode.Scalar) -> Unicode.GeneralCategory {
        let value = scalar.value
        if value < 0x300 { return Self.latin[Int(value)] }
        if value >= 0x2000 && value < 0x2070 { return Self.punctuation[Int(value - 0x2000)] }
        if keys.isEmpty {
            keys = [UInt32](repeating: .max, count: 256)
            values = [Unicode.GeneralCategory](repeating: .unassigned, count: 256)
        }
        // The block's number folded in, so that a letter and its look-alike 0x100 further
        // on take different slots.
        let slot = Int((value ^ (value >> 8)) & 0xFF)
        if keys[slot] == value { return values[slot] }
        let category = scalar.properties.generalCategory
        keys[slot] = value
        values[slot] = category
        return category
    }
}
