import FolioLayout
import FolioPublication
import FolioTestSupport
import FolioXML
import Foundation
import Testing
@testable import FolioSearch

/// The search engine on a fixture book written for it: words split by inline elements, hidden
/// content, soft hyphens, decomposed accents, typographic apostrophes, block boundaries.
@Suite struct BookSearchTests {
    static let book = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/whale-book").path

    func hits(_ query: String, regex: Bool = false, caseSensitive: Bool = false, diacritics: Bool = false) throws -> [SearchHit] {
        let search = BookSearch(publication: try PublicationOpener.open(Self.book))
        var out: [SearchHit] = []
        try search.search(SearchQuery(query, regex: regex, caseSensitive: caseSensitive, matchesDiacritics: diacritics)) { out += $0 }
        return out
    }

    /// The document's text nodes in order, as `TextOffsets` counts them: a locator range sliced
    /// from it is what the hit covers in the source.
    func sourceText(_ chapter: String) throws -> [Unicode.Scalar] {
        let publication = try PublicationOpener.open(Self.book)
        let tree = try MarkupParser.parse(try publication.read("EPUB/\(chapter)"), path: chapter, recovery: .html, diagnostics: .init())
        return tree.document.descendants().filter { $0.kind == .text || $0.kind == .cdata }.flatMap { Array(($0.text ?? "").unicodeScalars) }
    }

    func covered(_ hit: SearchHit) throws -> String {
        let scalars = try sourceText(String(hit.href.dropFirst("EPUB/".count)))
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[hit.range])
        return String(view)
    }

    @Test func aWordSplitByAnInlineElementIsFoundAndHiddenTextIsNot() throws {
        let found = try hits("whale")
        #expect(found.count == 8)
        #expect(found.map(\.match) == ["whale", "Whale", "WHALE", "whale", "whale", "whale", "whale", "whale"])
        // The first hit spans `wh<em>ale</em>`: its locator range covers those five letters.
        let first = try #require(found.first)
        #expect(first.href == "EPUB/one.xhtml")
        #expect(try covered(first) == "whale")
        #expect(first.cfi == "epubcfi(/6/2!/4/2[one]/4/1:4)")
        // None in head, script, the hidden paragraph or the one with an inline display: none.
        #expect(!found.contains { $0.before.contains("hidden") || $0.before.contains("var") })
    }

    @Test func locatorsCoverTheTextAsWrittenSoftHyphenIncluded() throws {
        for hit in try hits("whale") {
            #expect(try covered(hit).replacingOccurrences(of: "\u{AD}", with: "").lowercased() == "whale", "\(hit.href):\(hit.range)")
        }
    }

    @Test func hitsNameTheTableOfContentsEntryTheyFallUnder() throws {
        let chapters = try hits("whale").map(\.chapter)
        #expect(chapters == ["One", "One", "One", "One", "A Second Part", "A Second Part", "Two", "Two"])
    }

    @Test func caseMattersOnlyWhenAskedFor() throws {
        #expect(try hits("whale", caseSensitive: true).count == 6)
        #expect(try hits("WHALE", caseSensitive: true).count == 1)
        #expect(try hits("WHALE").count == 8)
    }

    @Test func aRegularExpressionFindsWholeWords() throws {
        let found = try hits(#"\bwhale\b"#, regex: true)
        #expect(found.count == 7)
        #expect(!found.contains { $0.after.hasPrefix("s") })
        #expect(try hits(#"\bwhale\b"#, regex: true, caseSensitive: true).count == 5)
        // Byte ranges follow UTF-16 matches past non-ASCII text: the hit after "Café" is right.
        let after = try #require(try hits("(?<=Caf. and )caf.", regex: true).first)
        #expect(after.match == "café")
        #expect(try covered(after) == "cafe\u{301}")
    }

    @Test func accentsComposedOrNotMatchAndDiacriticsCountOnlyWhenAskedFor() throws {
        #expect(try hits("café").count == 2)
        let plain = try hits("cafe")
        #expect(plain.map(\.match) == ["Café", "café"])
        // The hit covers the accent, composed or not.
        #expect(try plain.map(covered) == ["Café", "cafe\u{301}"])
        #expect(try hits("cafe", diacritics: true).isEmpty)
        #expect(try hits("CAFÉ", diacritics: true).count == 2, "case is still ignored")
        #expect(try hits("cafe", caseSensitive: true).isEmpty)
    }

    @Test func lettersWithDiacriticsFindTheirBaseLettersAndTheOtherWayRound() throws {
        #expect(try hits("natasha").map(\.match) == ["NATÁSHA", "Natasha"])
        #expect(try hits("Natásha").count == 2)
        #expect(try hits("Natásha", diacritics: true).map(\.match) == ["NATÁSHA"])
        #expect(try hits("izmir").map(\.match) == ["İzmir"], "İ lowers to i and a dot above, which goes")
        #expect(try hits("οδυσσευς’").map(\.match) == ["Ὀδυσσεύς’"], "Greek breathings and accents, final sigma")
    }

    @Test func arabicAndHebrewVowelPointsAreLeftOutButHangulStaysWhole() throws {
        let arabic = try #require(try hits("كتب").first)
        #expect(arabic.match == "كَتَبَ", "the hit runs to the last vowel mark")
        #expect(try hits("الكتاب").map(\.match) == ["الكِتاب"])
        #expect(try hits("שלום").map(\.match) == ["שָׁלוֹם"])
        #expect(try hits("كتب", diacritics: true).isEmpty)
        // 가 is a prefix of 각 only as jamo: syllables are compared whole.
        #expect(try hits("가").map(\.match) == ["가"])
    }

    @Test func typographicApostrophesMatchTypedOnesAndSpacesCollapse() throws {
        #expect(try hits("Ahab's whale").count == 1)
        #expect(try hits("cook’s").count == 1)
        #expect(try hits("the   ship").count == 1, "a line break and indentation read as one space")
        #expect(try hits("paragraph whale").isEmpty, "no hit across paragraphs")
    }

    @Test func contextIsTheTextAroundTheHitOnOneLine() throws {
        let hit = try #require(try hits("WHALE slept").first)
        #expect(hit.before.hasSuffix("Whale song at night; the "))
        #expect(hit.after.hasPrefix(". Captain Ahab’s whale"))
        #expect(!hit.before.contains("\n") && !hit.after.contains("\n"))
    }

    @Test func limitsStopASearchAndSayWhy() throws {
        let search = BookSearch(publication: try PublicationOpener.open(Self.book))
        var count = 0
        let stop = try search.search(SearchQuery("whale"), limits: .init(hits: 3)) { count += $0.count }
        #expect(count == 3)
        #expect(stop == .hitLimit(3))
        #expect(throws: SearchError.self) { try search.search(SearchQuery("(unclosed", regex: true)) { _ in } }
        #expect(throws: SearchError.self) { try search.search(SearchQuery("  ")) { _ in } }
    }

    @Test func aCatastrophicRegularExpressionStopsAtTheMatchLimitAndSaysWhere() throws {
        let search = BookSearch(publication: try PublicationOpener.open(Self.book))
        let clock = ContinuousClock()
        let start = clock.now
        // 2^63 ways to match chapter two's run of 63 a's: PCRE2 gives up at its match limit.
        var hits = 0
        let stop = try search.search(SearchQuery(#"(a|a)+\d"#, regex: true)) { hits += $0.count }
        #expect(stop == .matchLimit(spineIndex: 1))
        #expect(hits == 0)
        #expect(clock.now - start < .seconds(10), "2^63 steps would take years")
        // Hits found before the limit are kept: chapter one is searched first.
        let before = try search.search(SearchQuery(#"wh(a|e)le|(a|a)+\d"#, regex: true)) { hits += $0.count }
        #expect(before == .matchLimit(spineIndex: 1))
        #expect(hits > 0)
    }

    @Test func aSearchStopsWhenCancelledOrOutOfTime() throws {
        let search = BookSearch(publication: try PublicationOpener.open(Self.book))
        let cancellation = SearchCancellation()
        cancellation.cancel()
        var hits = 0
        #expect(try search.search(SearchQuery("whale"), cancellation: cancellation) { hits += $0.count } == .cancelled)
        #expect(try search.search(SearchQuery("whale"), limits: .init(time: .zero)) { hits += $0.count } == .timeLimit(.zero))
        #expect(hits == 0)
    }

    @Test func aCancelledSearchStopsBeforeTheNextChapter() throws {
        let search = BookSearch(publication: try PublicationOpener.open(Self.book), keepsIndex: true)
        let cancellation = SearchCancellation()
        var chapters = 0
        let stop = try search.search(SearchQuery("whale"), cancellation: cancellation) { _ in
            chapters += 1
            cancellation.cancel()
        }
        #expect(stop == .cancelled)
        #expect(chapters == 1)
        #expect(search.isIndexed(0) && !search.isIndexed(1))
    }
}

/// The engine on a long corpus book: counts checked against the text nodes themselves.
@Suite(.enabled(if: Corpus.directory != nil, Comment(rawValue: Corpus.absentMessage)))
struct CorpusSearchTests {
    static let warAndPeace = "standard-ebooks/leo-tolstoy_war-and-peace_louise-maude_aylmer-maude.epub"

    @Test func everyPierreInWarAndPeaceIsFoundWhereItIs() throws {
        let url = try #require(Corpus.file(Self.warAndPeace))
        let publication = try PublicationOpener.open(url.path)
        let search = BookSearch(publication: publication)
        var hits: [SearchHit] = []
        try search.search(SearchQuery("Pierre", caseSensitive: true)) { hits += $0 }
        // An independent count: "Pierre" in each chapter's body text nodes.
        var expected = 0
        var texts: [String: [Unicode.Scalar]] = [:]
        for spine in search.searchOrder {
            let path = try #require(publication.manifest.item(id: publication.spine.items[spine].renderableID)?.path)
            let tree = try MarkupParser.parse(try publication.read(path), path: path, recovery: .html, diagnostics: .init())
            texts[path] = tree.document.descendants().filter { $0.kind == .text }.flatMap { Array(($0.text ?? "").unicodeScalars) }
            let body = tree.root?.child("body")?.textContent ?? ""
            expected += body.components(separatedBy: "Pierre").count - 1
        }
        #expect(hits.count == expected)
        #expect(hits.count > 1500)
        for hit in hits {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: texts[hit.href]![hit.range])
            #expect(String(view) == "Pierre")
        }
        #expect(hits.last?.chapter != nil)
        // CFIs as FolioLayout makes them one at a time (every 20th hit: each costs a walk).
        var trees: [String: XMLTree] = [:]
        for hit in hits.enumerated().filter({ $0.offset % 20 == 0 }).map(\.element) {
            if trees[hit.href] == nil {
                trees[hit.href] = try MarkupParser.parse(try publication.read(hit.href), path: hit.href, recovery: .html, diagnostics: .init())
            }
            let tree = try #require(trees[hit.href])
            let (node, inNode) = try #require(TextOffsets(tree: tree).position(of: hit.range.lowerBound))
            let expected = EPUBCFI.make(packageTree: publication.packageTree, spineIndex: hit.spineIndex, contentTree: tree,
                                        node: node, offsetInNode: inNode, spine: publication.spine)
            #expect(hit.cfi == expected?.description)
        }
    }
}
