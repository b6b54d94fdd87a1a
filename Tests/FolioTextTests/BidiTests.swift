import Testing
import FolioStyle
@testable import FolioText

@Suite struct BidiTests {
    // "سلام" (salaam), four Arabic letters.
    static let salaam = "\u{633}\u{644}\u{627}\u{645}"

    @Test func englishWithArabicGetsLevelsAndVisualOrder() {
        let text = "say \(Self.salaam) now"
        let paragraph = BidiParagraph(text: text, base: .ltr)
        #expect(paragraph.direction == .ltr)
        #expect(paragraph.levels == [0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0])
        let runs = paragraph.visualRuns(line: 0..<12)
        #expect(runs.map(\.range) == [0..<4, 4..<8, 8..<12])
        #expect(runs.map(\.direction) == [.ltr, .rtl, .ltr])

        // In an RTL paragraph the spaces between the words take the paragraph's level (W/N rules).
        let rtl = BidiParagraph(text: text, base: .rtl)
        #expect(rtl.visualRuns(line: 0..<12).map(\.range) == [9..<12, 3..<9, 0..<3])
    }

    @Test func anAutoBaseDirectionFollowsTheFirstStrongCharacter() {
        #expect(BidiParagraph(text: "123 \(Self.salaam) abc", base: .auto).direction == .rtl)
        #expect(BidiParagraph(text: "... abc \(Self.salaam)", base: .auto).direction == .ltr)
        #expect(BidiParagraph(text: "123", base: .auto).direction == .ltr)
    }

    @Test func trailingSpacesOfALineTakeTheParagraphLevel() {
        let paragraph = BidiParagraph(text: "abc \(Self.salaam) def", base: .ltr)
        // Line one ends after the Arabic word's trailing space.
        let runs = paragraph.visualRuns(line: 0..<9)
        #expect(runs.map(\.range) == [0..<4, 4..<8, 8..<9])
        #expect(runs.last?.level == 0)
    }

    @Test func anRTLIsolateInsideLTRTextKeepsItsNeighboursApart() {
        // <p>Title: <span dir=rtl style="unicode-bidi: isolate">سلام 2</span> — done</p>
        var builder = BidiTextBuilder()
        builder.append("Title: ")
        builder.open(.isolate, direction: .rtl)
        builder.append("\(Self.salaam) 2")
        builder.close()
        builder.append(" done")
        #expect(Array(builder.text)[7] == "\u{2067}")
        #expect(Array(builder.text)[14] == "\u{2069}")
        #expect(builder.sourceOffset(of: 7) == nil)
        #expect(builder.sourceOffset(of: 8) == 7)
        #expect(builder.sourceOffset(of: 15) == 13)

        let paragraph = builder.paragraph(base: .ltr)
        #expect(paragraph.levels[8..<14] == [1, 1, 1, 1, 1, 2])
        let runs = paragraph.visualRuns(line: 0..<builder.text.count)
        // Inside the isolate the number sits left of the Arabic word.
        #expect(runs.map(\.range) == [0..<8, 13..<14, 8..<13, 14..<20])
    }

    @Test func overrideForcesTheDirectionOfLatinLetters() {
        var builder = BidiTextBuilder()
        builder.open(.bidiOverride, direction: .rtl)
        builder.append("abc")
        builder.close()
        let paragraph = builder.paragraph(base: .ltr)
        #expect(paragraph.levels[1...3] == [1, 1, 1])
    }
}

/// Arabic letters in their joined forms, for terminals that draw characters without shaping.
@Suite struct ArabicPresentationFormsTests {
    @Test func lettersTakeTheFormTheirNeighboursGiveThem() {
        // سلام: sin initial, lam medial, alef final (it does not join forward), mim isolated.
        #expect(BidiParagraph.presentationForms("سلام") == "\u{FEB3}\u{FEE0}\u{FE8E}\u{FEE1}")
    }

    @Test func oneCharacterForOneAndMarksKept() {
        let text = "مَرحبا بكم"
        let shaped = BidiParagraph.presentationForms(text)
        #expect(shaped.unicodeScalars.count == text.unicodeScalars.count)
        #expect(shaped.unicodeScalars.contains("\u{064E}"), "the fatha stays a combining mark")
        #expect(shaped.unicodeScalars.last == "\u{FEE2}", "a word-final mim joined to the kaf before it")
    }

    @Test func textWithoutArabicComesBackAsItIs() {
        #expect(BidiParagraph.presentationForms("shalom שלום") == "shalom שלום")
    }
}

/// Lines for terminals, which draw characters in the order given: visual order.
@Suite struct VisualLineTests {
    @Test func leftToRightTextComesBackAsItIs() {
        #expect(BidiParagraph.visualLine("The Lighthouse (Keeper)", base: .auto) == "The Lighthouse (Keeper)")
        #expect(BidiParagraph.visualLine("Dave Cramer", base: .rtl) == "Dave Cramer")
    }

    @Test func aRightToLeftLineIsReversedWithItsBracketsMirrored() {
        // פרק (ראשון): one right-to-left run, read from the right.
        #expect(BidiParagraph.visualLine("פרק (ראשון)", base: .auto) == "(ןושאר) קרפ")
        // The W3C pkg-dir test's title: under rtl the Latin run keeps its order at the right.
        #expect(BidiParagraph.visualLine("CSS: הרפתקה חדשה!", base: .rtl) == "!השדח הקתפרה :CSS")
        // Under ltr (or auto, the first strong letter being C) the Hebrew run turns alone.
        #expect(BidiParagraph.visualLine("CSS: הרפתקה חדשה!", base: .auto) == "CSS: השדח הקתפרה!")
    }

    @Test func arabicIsJoinedAndControlsAreLeftOut() {
        let line = BidiParagraph.visualLine("\u{2067}سلام\u{2069}", base: .ltr)
        #expect(line.unicodeScalars.count == 4)
        #expect(line.unicodeScalars.allSatisfy { (0xFE70...0xFEFF).contains($0.value) }, "presentation forms only")
        // Read from the right: initial sin, medial lam, final alef, isolated mim.
        #expect(line.unicodeScalars.last?.value == 0xFEB3 && line.unicodeScalars.first?.value == 0xFEE1)
    }
}
