import FolioLayout
import FolioXML
import FolioTestSupport
import Testing

/// Text that is not a CFI gives nil, never a crash (§2.2 grammar).
@Suite struct MalformedCFITests {
    @Test(arguments: [
        "", "epubcfi(", "epubcfi()", "epubcfi(/6/4", "6/4", "/", "//", "/6/", "/a",
        "/6/04", "/6/4[abc", "/6/4[a[b]]", "/6/4[a^", "/6/4!", "/6/4!!/2", "/6/4:3/2", "/6/4:",
        "/6/4:3:4", "/6/4~", "/6/4~1.", "/6/4@1", "/6/4@1:", "/6/4[;=b]", "/6/4[;s]",
        "/6/4,/2", "/6/4,/2,/3,/4", "/6/4:1,/2,/3", "epubcfi(/6/4)x", "epubcfi(/6/4))",
        "/6/9999999999", "/6/-2", "/6/4 /2", "epubcfi (/6/4)",
    ])
    func malformedTextDoesNotParse(text: String) {
        #expect(EPUBCFI.parse(text) == nil)
    }

    @Test(arguments: [
        "/6/4", "/0", "/6/4!/4/2/1:0", "/6/4!:3", "/6/4~23.5@5.75:97.6", "/6/4@0:100",
        "/6/4!/4/10/2/1:3[yyy;s=b;vnd.x=1,2]", "/6/4!/4,,/2/1:1", "/6/4,!/4/2/1:0,!/4/2/1:5",
    ])
    func wellFormedTextParses(text: String) throws {
        let cfi = try #require(EPUBCFI.parse(text))
        #expect(EPUBCFI.parse(cfi.description) == cfi)
    }

    /// A few hundred random strings and mutations of good CFIs, the same on every run.
    @Test func randomTextNeverCrashesAndWhatParsesReparsesFromItsDescription() throws {
        let chapter = try LocatorFixture.tree("cfi-spec-sample/chapter01.xhtml")
        let package = try LocatorFixture.tree("cfi-spec-sample/package.opf")
        let seeds = [
            "epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/3:10)",
            "epubcfi(/6/4[chap01ref]!/4[body01]/10[para05],/2/1:1,/3:4)",
            "epubcfi(/6/14[chap05ref]!/4[body01]/10/2/1:3[2^[1^]])",
            "epubcfi(/6/4!/4/10/2/1:3[yyy;s=b])",
        ]
        let alphabet = Array("/0123456789[]^,;=!:~@.()epubcfi xyz".unicodeScalars)
        var random = SplitMix64(seed: 0xC0FFEE)
        var parsed = 0
        var refused = 0
        for round in 0..<600 {
            var text: [Unicode.Scalar]
            if round % 2 == 0 {
                text = (0..<Int.random(in: 0...30, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
            } else {
                text = Array(seeds[round / 2 % seeds.count].unicodeScalars)
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    let at = Int.random(in: 0...text.count, using: &random)
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0 where at < text.count: text.remove(at: at)
                    case 1 where at < text.count: text[at] = alphabet.randomElement(using: &random)!
                    default: text.insert(alphabet.randomElement(using: &random)!, at: at)
                    }
                }
            }
            var string = ""
            string.unicodeScalars.append(contentsOf: text)
            guard let cfi = EPUBCFI.parse(string) else {
                refused += 1
                continue
            }
            parsed += 1
            #expect(EPUBCFI.parse(cfi.description) == cfi, "\(string) → \(cfi)")
            _ = cfi.spineIndex(packageTree: package)
            _ = cfi.resolve(contentTree: chapter)
        }
        // Both ways through the parser were exercised.
        #expect(parsed > 20)
        #expect(refused > 200)
    }
}
