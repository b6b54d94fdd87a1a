import CLibHyphen
import Foundation
import Glibc
import Testing
@testable import FolioText

/// `PatternFile` builds the same `HyphenDict` as libhyphen's own loader: the same trie of
/// prefixes with the same matches, replacements and fallbacks, the same minima and NOHYPHEN
/// list, the same levels. Checked state by state on every installed dictionary and on small
/// files with each feature of the format, then by hyphenating words with both.
@Suite struct PatternFileTests {
    /// Both loaders on one file: libhyphen's and ours.
    static func loadBoth(path: String) throws -> (UnsafeMutablePointer<HyphenDict>, UnsafeMutablePointer<HyphenDict>) {
        let bytes = try #require(FileManager.default.contents(atPath: path))
        let theirs = try #require(hnj_hyphen_load(path))
        let ours = try #require(PatternFile.load(Array(bytes)))
        return (theirs, ours)
    }

    static func string(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    /// The NOHYPHEN entries (libhyphen keeps them NUL-separated, `nohyphenl + 1` of them).
    static func noHyphen(_ dict: HyphenDict) -> [String] {
        guard var p = dict.nohyphen else { return [] }
        var out: [String] = []
        for _ in 0...Int(dict.nohyphenl) {
            let entry = String(cString: p)
            out.append(entry)
            p += entry.utf8.count + 1
        }
        return out
    }

    /// Differences between two dictionaries, states paired from the root by their transitions.
    static func differences(_ a: UnsafeMutablePointer<HyphenDict>, _ b: UnsafeMutablePointer<HyphenDict>, level: Int = 0) -> [String] {
        var out: [String] = []
        let x = a.pointee, y = b.pointee
        func check<T: Equatable>(_ name: String, _ p: T, _ q: T) { if p != q { out.append("level \(level) \(name): \(p) ≠ \(q)") } }
        check("lhmin", x.lhmin, y.lhmin)
        check("rhmin", x.rhmin, y.rhmin)
        check("clhmin", x.clhmin, y.clhmin)
        check("crhmin", x.crhmin, y.crhmin)
        check("utf8", x.utf8, y.utf8)
        check("num_states", x.num_states, y.num_states)
        check("nohyphen", noHyphen(x), noHyphen(y))
        let csetX = withUnsafeBytes(of: x.cset) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let csetY = withUnsafeBytes(of: y.cset) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        check("cset", csetX, csetY)
        guard let sx = x.states, let sy = y.states else {
            out.append("level \(level): states missing")
            return out
        }
        var pair: [Int32: Int32] = [0: 0]
        var queue: [Int32] = [0]
        var head = 0
        while head < queue.count, out.count < 20 {
            let i = queue[head]
            head += 1
            let p = sx[Int(i)], q = sy[Int(pair[i]!)]
            check("state \(i) match", string(p.match), string(q.match))
            check("state \(i) repl", string(p.repl), string(q.repl))
            if p.match != nil {
                check("state \(i) replindex", p.replindex, q.replindex)
                check("state \(i) replcut", p.replcut, q.replcut)
            }
            check("state \(i) num_trans", p.num_trans, q.num_trans)
            for k in 0..<Int(p.num_trans) {
                let t = p.trans[k]
                guard let u = (0..<Int(q.num_trans)).map({ q.trans[$0] }).first(where: { $0.ch == t.ch }) else {
                    out.append("level \(level) state \(i): no transition on \(t.ch)")
                    continue
                }
                pair[t.new_state] = u.new_state
                queue.append(t.new_state)
            }
        }
        for (i, j) in pair where out.count < 20 {
            let f = sx[Int(i)].fallback_state, g = sy[Int(j)].fallback_state
            let mapped = f < 0 ? -1 : pair[f] ?? -2
            check("state \(i) fallback", mapped, g)
        }
        check("states reached", pair.count, Int(x.num_states))
        switch (x.nextlevel, y.nextlevel) {
        case (nil, nil): break
        case (let p?, let q?):
            // The default first level points back at the file's: compare that once.
            if level == 0 { out += differences(p, q, level: level + 1) }
        default: out.append("level \(level): nextlevel differs")
        }
        return out
    }

    /// libhyphen's answer for a word with a dictionary: its hyphens string, and replacements.
    static func hyphenate(_ dict: UnsafeMutablePointer<HyphenDict>, _ word: String) -> String {
        var bytes = Array(word.utf8).map { CChar(bitPattern: $0) }
        let size = Int32(bytes.count)
        bytes.append(0)
        var hyphens = [CChar](repeating: 0, count: bytes.count + 5)
        var rep: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = nil
        var pos: UnsafeMutablePointer<Int32>? = nil
        var cut: UnsafeMutablePointer<Int32>? = nil
        _ = hnj_hyphen_hyphenate3(dict, bytes, size, &hyphens, nil, &rep, &pos, &cut, 2, 2, 2, 2)
        var out = String(cString: hyphens)
        if let rep {
            for i in 0..<Int(size) {
                if let r = rep[i] { out += " \(i):\(String(cString: r)),\(pos![i]),\(cut![i])" }
                free(rep[i])
            }
            free(rep)
        }
        free(pos)
        free(cut)
        return out
    }

    static let words = ["hyphenation", "extraordinarily", "Donaudampfschifffahrtsgesellschaft", "Silbentrennung",
                        "schifffahrt", "Bäckerei", "Straßenbahnhaltestelle", "anticonstitutionnellement", "rôle",
                        "l’ordinateur", "can't", "well-known", "übermäßig", "Zucker", "backen", "Rhythmus", "a", ""]

    func expectSame(path: String) throws {
        let (theirs, ours) = try Self.loadBoth(path: path)
        defer {
            hnj_hyphen_free(theirs)
            hnj_hyphen_free(ours)
        }
        let found = Self.differences(theirs, ours)
        #expect(found.isEmpty, "\(path): \(found.prefix(10))")
        for word in Self.words {
            #expect(Self.hyphenate(theirs, word.lowercased()) == Self.hyphenate(ours, word.lowercased()), "\(path): \(word)")
        }
    }

    @Test func everyInstalledDictionaryLoadsAsLibhyphenLoadsIt() throws {
        let folder = "/usr/share/hyphen"
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".dic") }
        // Symbolic links name the same files: each file once.
        var seen = Set<String>()
        for name in names.sorted() {
            let path = URL(fileURLWithPath: folder + "/" + name).resolvingSymlinksInPath().path
            guard seen.insert(path).inserted else { continue }
            try expectSame(path: path)
        }
        #expect(seen.count >= 3, "Debian's hyphen-en-us, hyphen-de and hyphen-fr are installed by scripts/setup")
    }

    /// A small file per feature of the format, as libhyphen reads it.
    static let files: [String: String] = [
        "one level, ISO 8859-1": "ISO8859-1\nLEFTHYPHENMIN 2\nRIGHTHYPHENMIN 3\n% a comment\n.ab1c\n2b1c\nx3y\n\n.ab1c4\n",
        "NEXTLEVEL, UTF-8 compound minima": "UTF-8\nCOMPOUNDLEFTHYPHENMIN 2\nCOMPOUNDRIGHTHYPHENMIN 3\n1s1\nNEXTLEVEL\nNOHYPHEN -,'\n.ab1c\nä1ö\n",
        "non-standard patterns": "UTF-8\n.schiff1fahrt/ff=f,5,2\nc1k/k=k,1,2\nzuck1/k=,3,1\nb1b/bb=b\n.ää1ö/ä=ö,2,2\n",
        "CRLF endings and a long charset line": "UTF-8 with a name longer than nineteen\r\n1ab\r\nab1c/x=y\r\n.c2d\r\n",
        // Split by libhyphen's buffer into lines of 99 bytes and the rest (of fewer than 99
        // letters: a 99-letter line makes 2.8.8 write past its pattern array).
        "a line too long for libhyphen's buffer": "ISO8859-1\n" + String(repeating: "a1", count: 60) + "b\nq1r\n" + String(repeating: "z1", count: 49) + "\n",
        "no trailing newline, NOHYPHEN last": "UTF-8\n1ab1\nNOHYPHEN ',–",
        "empty after the charset": "UTF-8\n",
        "empty": "",
        "second NEXTLEVEL ends the file": "UTF-8\na1b\nNEXTLEVEL\nc1d\nNEXTLEVEL\ne1f\n",
    ]

    @Test(arguments: files.keys.sorted())
    func eachFeatureOfTheFormatLoadsAsLibhyphenLoadsIt(name: String) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("folio-patterns-\(getpid())-\(name.hashValue).dic").path
        try Data(Self.files[name]!.utf8).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        try expectSame(path: path)
    }

    /// Where libhyphen 2.8.8 would keep an empty NOHYPHEN entry (on which its hyphenating
    /// loops for ever) or count the entries of two NOHYPHEN lines together, the entries
    /// written are kept, once.
    @Test func emptyNoHyphenEntriesAreLeftOutAndALaterLineReplaces() throws {
        let one = try #require(PatternFile.load(Array("UTF-8\nNOHYPHEN a,,b,\nNEXTLEVEL\n1b1\n".utf8)))
        defer { hnj_hyphen_free(one) }
        #expect(Self.noHyphen(one.pointee) == ["a", "b"])
        let two = try #require(PatternFile.load(Array("UTF-8\nNOHYPHEN x,y\nNOHYPHEN z\nNEXTLEVEL\n1b1\n".utf8)))
        defer { hnj_hyphen_free(two) }
        #expect(Self.noHyphen(two.pointee) == ["z"])
        let none = try #require(PatternFile.load(Array("UTF-8\nNOHYPHEN\nNEXTLEVEL\n1b1\n".utf8)))
        defer { hnj_hyphen_free(none) }
        #expect(none.pointee.nohyphen == nil)
        #expect(Self.hyphenate(none, "abba") == Self.hyphenate(none, "abba"))
    }

    @Test func numbersAreReadAsGlibcsAtoiReadsThem() {
        #expect(PatternFile.atoi(Array(" 42x".utf8)[...]) == 42)
        #expect(PatternFile.atoi(Array("-7".utf8)[...]) == -7)
        #expect(PatternFile.atoi(Array("4294967298".utf8)[...]) == 2)
        #expect(PatternFile.atoi(Array("99999999999999999999".utf8)[...]) == -1)
    }

    @Test func aFileWithANulByteIsLeftToLibhyphen() {
        #expect(PatternFile.load(Array("UTF-8\na1b\0c\n".utf8)) == nil)
    }
}
