import FolioCore
import FolioLayout
import FolioPublication
import FolioXML
import Testing

/// The examples of EPUB CFI 1.1 §3.1.10 and around it, on the spec's sample package and chapter.
@Suite struct CFITests {
    static let specCFI = "epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/3:10)"

    static func sample() throws -> (package: XMLTree, chapter: XMLTree) {
        (try LocatorFixture.tree("cfi-spec-sample/package.opf"), try LocatorFixture.tree("cfi-spec-sample/chapter01.xhtml"))
    }

    /// Parses and resolves `cfi` against the sample chapter.
    static func resolve(_ cfi: String) throws -> (node: Int, offsetInNode: Int)? {
        let parsed = try #require(EPUBCFI.parse(cfi), "\(cfi) does not parse")
        return parsed.resolve(contentTree: try sample().chapter)
    }

    @Test func theSpecExampleParsesIntoStepsAssertionsAndAnOffset() throws {
        let cfi = try #require(EPUBCFI.parse(Self.specCFI))
        #expect(cfi.parts == [
            [.init(index: 6), .init(index: 4, id: "chap01ref")],
            [.init(index: 4, id: "body01"), .init(index: 10, id: "para05"), .init(index: 3)],
        ])
        #expect(cfi.characterOffset == 10)
        #expect(cfi.description == Self.specCFI)
        #expect(EPUBCFI.parse("/6/4[chap01ref]!/4[body01]/10[para05]/3:10") == cfi)
        #expect(EPUBCFI.parse("#" + Self.specCFI) == cfi)
    }

    @Test func theSpecExamplePointsAfterTheDigitNineOfTheSecondChapter() throws {
        let (package, chapter) = try Self.sample()
        let cfi = try #require(EPUBCFI.parse(Self.specCFI))
        #expect(cfi.spineIndex(packageTree: package) == 1)
        let digits = try LocatorFixture.textNode(chapter, "0123456789")
        #expect(try #require(cfi.resolve(contentTree: chapter)) == (digits, 10))
    }

    @Test(arguments: [
        ("epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/1:0)", "xxx", 0),
        ("epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/2/1:0)", "yyy", 0),
        ("epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/2/1:3)", "yyy", 3),
        // Text location assertions and side bias are read and ignored (§3.1.8, §3.1.9).
        ("epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/2/1:3[yyy])", "yyy", 3),
        ("epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/1:3[xx,y])", "xxx", 3),
        ("epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/2/1:3[,y])", "yyy", 3),
        ("epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/2/1:3[;s=b])", "yyy", 3),
        ("epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/2/1:3[yyy;s=b])", "yyy", 3),
        // A range stands for its start (§3.4): the second y of yyy.
        ("epubcfi(/6/4[chap01ref]!/4[body01]/10[para05],/2/1:1,/3:4)", "yyy", 1),
        // An odd step without an offset means offset 0 (§3.1.4).
        ("epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/3)", "0123456789", 0),
    ])
    func theSpecsOtherTextExamplesLandOnTheirText(cfi: String, text: String, offset: Int) throws {
        let node = try LocatorFixture.textNode(try Self.sample().chapter, text)
        #expect(try #require(try Self.resolve(cfi)) == (node, offset))
    }

    @Test func anElementStepLandsOnTheElement() throws {
        let chapter = try Self.sample().chapter
        let image = try LocatorFixture.element(chapter, id: "svgimg")
        #expect(try #require(try Self.resolve("epubcfi(/6/4[chap01ref]!/4[body01]/16[svgimg])")) == (image, 0))
        let paragraph = try LocatorFixture.element(chapter, id: "para05")
        let em = Int(try #require(chapter.node(at: paragraph)?.elementChildren.first).index)
        #expect(try #require(try Self.resolve("epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/2[;s=b])")) == (em, 0))
    }

    @Test func makeWritesTheSpecExampleForTheSamePosition() throws {
        let (package, chapter) = try Self.sample()
        let digits = try LocatorFixture.textNode(chapter, "0123456789")
        let cfi = EPUBCFI.make(packageTree: package, spineIndex: 1, contentTree: chapter, node: digits, offsetInNode: 10)
        #expect(cfi?.description == Self.specCFI)
        let yyy = try LocatorFixture.textNode(chapter, "yyy")
        let inEm = EPUBCFI.make(packageTree: package, spineIndex: 1, contentTree: chapter, node: yyy, offsetInNode: 3)
        #expect(inEm?.description == "epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/2/1:3)")
        let image = try LocatorFixture.element(chapter, id: "svgimg")
        let atImage = EPUBCFI.make(packageTree: package, spineIndex: 1, contentTree: chapter, node: image, offsetInNode: 0)
        #expect(atImage?.description == "epubcfi(/6/4[chap01ref]!/4[body01]/16[svgimg])")
    }

    @Test func makeRefusesASpineIndexOrNodeThatIsNotThere() throws {
        let (package, chapter) = try Self.sample()
        #expect(EPUBCFI.make(packageTree: package, spineIndex: 5, contentTree: chapter, node: 3, offsetInNode: 0) == nil)
        #expect(EPUBCFI.make(packageTree: package, spineIndex: 0, contentTree: chapter, node: chapter.nodeCount, offsetInNode: 0) == nil)
    }

    // MARK: Correction and clamping (§3.5)

    @Test func anIDAssertionThatDisagreesWithItsStepIsFollowedByID() throws {
        let (package, chapter) = try Self.sample()
        let stale = try #require(EPUBCFI.parse("epubcfi(/6/2[chap01ref]!/4[body01]/12[para05]/3:10)"))
        #expect(stale.spineIndex(packageTree: package) == 1)
        let digits = try LocatorFixture.textNode(chapter, "0123456789")
        #expect(try #require(stale.resolve(contentTree: chapter)) == (digits, 10))
    }

    @Test func anIDAssertionFoundNowhereMakesTheCFIInvalid() throws {
        let (package, chapter) = try Self.sample()
        let cfi = try #require(EPUBCFI.parse("epubcfi(/6/4[chap09ref]!/4[body01]/10[gone]/3:10)"))
        #expect(cfi.spineIndex(packageTree: package) == nil)
        #expect(cfi.resolve(contentTree: chapter) == nil)
    }

    @Test func stepsPastTheEndClamp() throws {
        let (package, chapter) = try Self.sample()
        #expect(EPUBCFI.parse("epubcfi(/6/40!/4/10/3:2)")?.spineIndex(packageTree: package) == 4)
        let digits = try LocatorFixture.textNode(chapter, "0123456789")
        #expect(try #require(try Self.resolve("epubcfi(/6/4!/4/10/99:3)")) == (digits, 3))
        #expect(try #require(try Self.resolve("epubcfi(/6/4!/4/10/3:500)")) == (digits, 10))
        // Past the body's last child: descend into the last one.
        let last = chapter.document.descendants().last { $0.kind == .text && $0.text == "…" }
        #expect(try #require(try Self.resolve("epubcfi(/6/4!/4/96/1:1)")) == (Int(try #require(last).index), 1))
    }

    @Test func theVirtualFirstAndLastElementsAreTheContentStartAndEnd() throws {
        let chapter = try Self.sample().chapter
        let paragraph = try LocatorFixture.element(chapter, id: "para05")
        #expect(try #require(try Self.resolve("epubcfi(/6/4!/4/10/0)")) == (paragraph, 0))
        let digits = try LocatorFixture.textNode(chapter, "0123456789")
        #expect(try #require(try Self.resolve("epubcfi(/6/4!/4/10/4)")) == (digits, 10))
    }

    @Test func aCFIWithoutAContentPartResolvesToTheDocumentStart() throws {
        let chapter = try Self.sample().chapter
        let cfi = try #require(EPUBCFI.parse("epubcfi(/6/4[chap01ref])"))
        #expect(try #require(cfi.resolve(contentTree: chapter)) == (Int(try #require(chapter.root).index), 0))
    }

    // MARK: The package part

    /// The spine comes after an extension element (so it is `/8`), and Folio's spine skipped an
    /// itemref naming no manifest item.
    @Test func theSpineStepIsWhereTheSpineReallyIs() throws {
        let package = try LocatorFixture.tree("cfi-spine-after-extension/package.opf")
        let chapter = try LocatorFixture.tree("cfi-chunks/astral-characters.xhtml")
        let spine = PackageParser.parse(package, path: "package.opf", diagnostics: Diagnostics()).spine
        #expect(spine.items.map(\.idref) == ["c1", "c2"])
        let text = try LocatorFixture.textNode(chapter, "𝔸𝔹c")
        let first = try #require(EPUBCFI.make(packageTree: package, spineIndex: 0, contentTree: chapter, node: text, offsetInNode: 0, spine: spine))
        #expect(first.description == "epubcfi(/8/4[r1]!/4/2[p]/1:0)")
        #expect(first.spineIndex(packageTree: package, spine: spine) == 0)
        // Without the spine every itemref counts, so spine index 0 is the skipped one.
        let raw = try #require(EPUBCFI.make(packageTree: package, spineIndex: 0, contentTree: chapter, node: text, offsetInNode: 0))
        #expect(raw.description == "epubcfi(/8/2!/4/2[p]/1:0)")
        #expect(raw.spineIndex(packageTree: package, spine: spine) == nil)
    }

    // MARK: Escaping (§2.3)

    @Test func specialCharactersInAssertionsAreEscapedWithACircumflex() throws {
        #expect(EPUBCFI.escape("Ф-\"spa ce\"-99%-aa[bb]^") == "Ф-\"spa ce\"-99%-aa^[bb^]^^")
        #expect(EPUBCFI.escape("a(b),c;d=e") == "a^(b^)^,c^;d^=e")
        let example = try #require(EPUBCFI.parse("epubcfi(/6/4!/4/10/2/1:3[Ф-\"spa ce\"-99%-aa^[bb^]^^])"))
        #expect(example.characterOffset == 3)
        #expect(EPUBCFI.parse("epubcfi(/6/14[chap05ref]!/4[body01]/10/2/1:3[2^[1^]])")?.characterOffset == 3)
    }

    @Test func anIDWithSpecialCharactersSurvivesMakeAndParse() throws {
        let package = try LocatorFixture.tree("cfi-spine-after-extension/package.opf")
        let chapter = try LocatorFixture.tree("cfi-chunks/astral-characters.xhtml")
        let spine = PackageParser.parse(package, path: "package.opf", diagnostics: Diagnostics()).spine
        let text = try LocatorFixture.textNode(chapter, "𝔸𝔹c")
        let cfi = try #require(EPUBCFI.make(packageTree: package, spineIndex: 1, contentTree: chapter, node: text, offsetInNode: 1, spine: spine))
        #expect(cfi.description == "epubcfi(/8/6[odd^[id^]^^^(x^)^,y^;z^=w]!/4/2[p]/1:2)")
        let parsed = try #require(EPUBCFI.parse(cfi.description))
        #expect(parsed == cfi)
        #expect(parsed.parts[0][1].id == "odd[id]^(x),y;z=w")
        // The ID, not the step, finds the itemref.
        var moved = parsed
        moved.parts[0][1].index = 2
        #expect(moved.spineIndex(packageTree: package, spine: spine) == 1)
    }
}
