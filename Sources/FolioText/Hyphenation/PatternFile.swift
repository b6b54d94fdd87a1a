import CLibHyphen
import Glibc

/// Reads a libhyphen pattern file (`hyph_*.dic`) into libhyphen's own `HyphenDict`, as
/// `hnj_hyphen_load` would build it, in linear time.
///
/// libhyphen's loader keeps every pattern prefix in a chained hash of a fixed 31,627 buckets
/// and then looks up every suffix of every prefix: Debian's German patterns (1 MB, 78,000
/// patterns, about 400,000 prefixes) take it 2 s, under AddressSanitizer 16 s. Here the
/// prefixes are a trie and each one's fallback (the longest proper suffix that is also a
/// prefix, which libhyphen's matcher moves to when no transition fits) is found breadth first,
/// as Aho–Corasick failure links are. libhyphen still does all the hyphenating.
///
/// The file format as libhyphen reads it (hyphen.c, `hnj_hyphen_load_file`): the first line
/// names the charset; then per line a pattern of letters and digits (`.ab1c`), or
/// `LEFTHYPHENMIN n`, `RIGHTHYPHENMIN n`, `COMPOUNDLEFTHYPHENMIN n`, `COMPOUNDRIGHTHYPHENMIN n`,
/// `NOHYPHEN a,b`, a `%` comment, or `NEXTLEVEL` (what follows is the second, compound level);
/// a non-standard pattern carries `/replacement,index,cut`. A line is read 99 bytes at a time,
/// as libhyphen 2.8.8 (Debian 12's) reads it into its 100-byte buffer: the rest of a longer
/// line is read as a line of its own. A file with one level gets libhyphen's default first
/// level (no break at hyphens and apostrophes).
///
/// Memory: everything is allocated with `malloc`, as libhyphen's own loader does, so that
/// `hnj_hyphen_free` frees it.
enum PatternFile {
    /// The dictionary in `bytes`; nil when they hold a NUL byte (libhyphen reads lines as C
    /// strings, with effects not worth copying: such a file is left to its loader) or when
    /// memory runs out.
    static func load(_ bytes: [UInt8]) -> UnsafeMutablePointer<HyphenDict>? {
        guard !bytes.contains(0) else { return nil }
        var reader = LineReader(bytes: bytes)
        // The charset: the first line, at most 19 bytes of it (the rest is read as patterns).
        var cset = [UInt8](reader.line(size: 20) ?? [])
        cset = cset.map { $0 == 0x0D || $0 == 0x0A ? 0 : $0 }
        cset = Array(cset.prefix { $0 != 0 })
        let utf8 = cset == Array("UTF-8".utf8)
        var first = Level(utf8: utf8)
        var nextLevel = false
        while let line = reader.line(size: 100) {
            if line.starts(with: "NEXTLEVEL".utf8) {
                nextLevel = true
                break
            }
            if line.first != UInt8(ascii: "%") { first.add(line: line) }
        }
        var second = Level(utf8: utf8)
        if nextLevel {
            while let line = reader.line(size: 100) {
                if line.starts(with: "NEXTLEVEL".utf8) { break }
                if line.first != UInt8(ascii: "%") { second.add(line: line) }
            }
        } else {
            // libhyphen's default first level: no break beside hyphens and apostrophes.
            let defaults = utf8 ? ["NOHYPHEN ',\u{2013},\u{2019},-\n", "1-1\n", "1'1\n", "1\u{2013}1\n", "1\u{2019}1\n"]
                                : ["NOHYPHEN ',-\n", "1-1\n", "1'1\n"]
            for line in defaults { second.add(line: Array(line.utf8)[...]) }
        }
        guard let one = first.dictionary(cset: cset) else { return nil }
        guard let two = second.dictionary(cset: cset) else {
            hnj_hyphen_free(one)
            return nil
        }
        if nextLevel {
            one.pointee.nextlevel = two
            return one
        }
        // One level in the file: it is the second, under the default first.
        two.pointee.nextlevel = one
        two.pointee.lhmin = one.pointee.lhmin
        two.pointee.rhmin = one.pointee.rhmin
        two.pointee.clhmin = one.pointee.clhmin != 0 ? one.pointee.clhmin : one.pointee.lhmin != 0 ? one.pointee.lhmin : 3
        two.pointee.crhmin = one.pointee.crhmin != 0 ? one.pointee.crhmin : one.pointee.rhmin != 0 ? one.pointee.rhmin : 3
        return two
    }

    /// Lines as `fgets` with a buffer of `size` bytes gives them.
    struct LineReader {
        let bytes: [UInt8]
        var position = 0

        /// Up to `size - 1` bytes, through the first newline; nil when none are left.
        mutating func line(size: Int) -> ArraySlice<UInt8>? {
            let start = position
            while position - start < size - 1 && position < bytes.count {
                position += 1
                if bytes[position - 1] == 0x0A { break }
            }
            return position > start ? bytes[start..<position] : nil
        }
    }

    /// One level's patterns, as a trie of their prefixes.
    struct Level {
        /// What a pattern sets on the state of its letters: its digits (`matches[match]`) and,
        /// for a non-standard pattern, its replacement (`replacements[replacement]`, else -1).
        /// Plain values, so that thousands of patterns are neither retained nor freed one by one.
        struct Pattern {
            var match: Range<Int32>
            var replacement: Int32
            var index: Int8
            var cut: Int8
        }

        let utf8: Bool
        var leftMinimum: Int8 = 0, rightMinimum: Int8 = 0
        var compoundLeftMinimum: Int8 = 0, compoundRightMinimum: Int8 = 0
        /// NOHYPHEN's text as libhyphen keeps it: commas and the last byte made NULs.
        var noHyphen: [UInt8]?
        var noHyphenCount: Int32 = 0
        /// By state (0 is the root, the empty prefix): its pattern, if a pattern ends there.
        var patterns: [Pattern?] = [nil]
        /// The patterns' digits, one after the other, and the non-standard ones' replacements.
        var matches: [UInt8] = []
        var replacements: [[UInt8]] = []
        /// A pattern's letters and digits while it is read (kept to spare an allocation each).
        private var word: [UInt8] = []
        private var digits: [UInt8] = []
        /// Every transition, in the order made: from a state on a byte to a new state.
        var edges: [(from: Int32, byte: UInt8, to: Int32)] = []
        var children = Transitions()

        init(utf8: Bool) {
            self.utf8 = utf8
        }

        /// One line of the file (a C string: up to its end).
        mutating func add(line: ArraySlice<UInt8>) {
            // Patterns are lower case: only a line in capitals may be a keyword. A pattern's
            // line is read where it lies (a file holds thousands).
            guard let first = line.first, first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z") else {
                addPattern(line)
                return
            }
            let buffer = Array(line)
            func keyword(_ name: String) -> Bool { buffer.starts(with: name.utf8) }
            if keyword("LEFTHYPHENMIN") {
                leftMinimum = Int8(truncatingIfNeeded: PatternFile.atoi(buffer[13...]))
            } else if keyword("RIGHTHYPHENMIN") {
                rightMinimum = Int8(truncatingIfNeeded: PatternFile.atoi(buffer[14...]))
            } else if keyword("COMPOUNDLEFTHYPHENMIN") {
                compoundLeftMinimum = Int8(truncatingIfNeeded: PatternFile.atoi(buffer[21...]))
            } else if keyword("COMPOUNDRIGHTHYPHENMIN") {
                compoundRightMinimum = Int8(truncatingIfNeeded: PatternFile.atoi(buffer[22...]))
            } else if keyword("NOHYPHEN") {
                addNoHyphen(buffer[8...])
            } else {
                addPattern(buffer[...])
            }
        }

        /// NOHYPHEN as libhyphen keeps it: its text with the last byte (the newline) and each
        /// comma made NULs, `noHyphenCount` the number of commas. Two differences, both on
        /// purpose: an empty entry (`NOHYPHEN a,,b`, `NOHYPHEN` alone) is left out, as
        /// `hnj_hyphen_hyphenate3` searches for each entry with `strstr` and loops for ever on
        /// an empty one; and a second NOHYPHEN line replaces the first, where libhyphen 2.8.8
        /// adds the counts of both to the second's text (and reads past it).
        private mutating func addNoHyphen(_ rest: ArraySlice<UInt8>) {
            var text = Array(rest.drop { $0 == 0x20 || $0 == 0x09 })
            noHyphen = nil
            noHyphenCount = 0
            guard !text.isEmpty else { return }
            text.removeLast()
            // Commas after the first byte part entries (libhyphen looks no further back).
            var entries: [ArraySlice<UInt8>] = []
            var start = 0
            for i in text.indices where i > 0 && text[i] == UInt8(ascii: ",") {
                entries.append(text[start..<i])
                start = i + 1
            }
            entries.append(text[start...])
            entries.removeAll { $0.isEmpty }
            guard !entries.isEmpty else { return }
            noHyphen = Array(entries.joined(separator: [0]))
            noHyphenCount = Int32(entries.count - 1)
        }

        private mutating func addPattern(_ line: ArraySlice<UInt8>) {
            // The pattern's text; a non-standard pattern's is copied and cut at its slash.
            var body = line
            var replacement: [UInt8]?
            var index: Int8 = 0, cut: Int8 = 0
            if line.contains(UInt8(ascii: "/")) {
                var buffer = Array(line)
                let slash = buffer.firstIndex(of: UInt8(ascii: "/"))!
                let after = buffer[(slash + 1)...]
                var text: ArraySlice<UInt8>
                if let comma = after.firstIndex(of: UInt8(ascii: ",")) {
                    text = buffer[(slash + 1)..<comma]
                    let rest = buffer[(comma + 1)...]
                    if let comma2 = rest.firstIndex(of: UInt8(ascii: ",")) {
                        index = Int8(truncatingIfNeeded: Int(Int8(truncatingIfNeeded: PatternFile.atoi(buffer[(comma + 1)..<comma2]))) - 1)
                        cut = Int8(truncatingIfNeeded: PatternFile.atoi(buffer[(comma2 + 1)...]))
                    }
                } else {
                    // Without an index, the whole pattern is replaced.
                    // libhyphen's chomp: the last byte goes when it is CR or LF, the one
                    // before it when it is CR.
                    var chomped = Array(after)
                    let k = chomped.count
                    if k > 0 && (chomped[k - 1] == 0x0D || chomped[k - 1] == 0x0A) { chomped[k - 1] = 0 }
                    if k > 1 && chomped[k - 2] == 0x0D { chomped[k - 2] = 0 }
                    text = chomped.prefix { $0 != 0 }
                    cut = Int8(truncatingIfNeeded: slash)
                }
                replacement = Array(text)
                buffer.removeSubrange(slash...)
                body = buffer[...]
            }
            // Letters, and the digits between them (a missing digit is 0).
            word.removeAll(keepingCapacity: true)
            digits.removeAll(keepingCapacity: true)
            digits.append(UInt8(ascii: "0"))
            for byte in body {
                guard byte > 0x20 else { break }
                if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                    digits[digits.count - 1] = byte
                } else {
                    word.append(byte)
                    digits.append(UInt8(ascii: "0"))
                }
            }
            var start = 0
            if replacement == nil {
                // Leading zeros count for nothing.
                while start < digits.count && digits[start] == UInt8(ascii: "0") { start += 1 }
            } else {
                if word.first == UInt8(ascii: ".") { start = 1 }
                if utf8 { (index, cut) = Self.byteOffsets(word, index: index, cut: cut) }
            }
            let state = self.state(for: word)
            let first = Int32(matches.count)
            matches.append(contentsOf: digits[start...])
            var replaced: Int32 = -1
            if let replacement {
                replaced = Int32(replacements.count)
                replacements.append(replacement)
            }
            patterns[state] = Pattern(match: first..<Int32(matches.count), replacement: replaced, index: index,
                                      cut: cut == 0 ? Int8(truncatingIfNeeded: word.count) : cut)
        }

        /// A non-standard pattern's index and cut, counted in characters, made byte counts.
        static func byteOffsets(_ word: [UInt8], index: Int8, cut: Int8) -> (Int8, Int8) {
            var index = index, cut = cut
            var character = -1, startCharacter = -1
            let dotted = word.first == UInt8(ascii: ".")
            var byte = dotted ? 1 : 0
            while byte < word.count + 1 {
                let value = byte < word.count ? word[byte] : 0
                // A character starts at any byte but a continuation byte (10xxxxxx).
                if value >> 6 != 2 { character += 1 }
                if startCharacter < 0 && Int(index) == character {
                    startCharacter = Int(index)
                    index = Int8(truncatingIfNeeded: byte)
                }
                if startCharacter >= 0 && character - startCharacter == Int(cut) {
                    cut = Int8(truncatingIfNeeded: byte - Int(index))
                    break
                }
                byte += 1
            }
            if dotted { index = Int8(truncatingIfNeeded: Int(index) - 1) }
            return (index, cut)
        }

        /// The state of a prefix, made with the states of its own prefixes as needed.
        private mutating func state(for word: [UInt8]) -> Int {
            var state: Int32 = 0
            for byte in word {
                if let next = children.find(state, byte) {
                    state = next
                    continue
                }
                let next = Int32(patterns.count)
                patterns.append(nil)
                edges.append((state, byte, next))
                children.insert(state, byte, next)
                state = next
            }
            return Int(state)
        }

        /// Each state's transitions: `edges` grouped by the state they leave, in the order made
        /// (state `s` has `order[start[s]..<start[s + 1]]`).
        func grouped() -> (start: [Int32], order: [Int32]) {
            var start = [Int32](filled: 0, count: patterns.count + 1)
            for edge in edges { start[Int(edge.from) + 1] += 1 }
            for s in 0..<patterns.count { start[s + 1] += start[s] }
            var next = start
            var order = [Int32](filled: 0, count: edges.count)
            for (e, edge) in edges.enumerated() {
                order[Int(next[Int(edge.from)])] = Int32(e)
                next[Int(edge.from)] += 1
            }
            return (start, order)
        }

        /// Each state's fallback: the state of its longest proper suffix that is a prefix of
        /// some pattern (the root's is -1, as libhyphen leaves it). Breadth first, so that a
        /// state's parent and every shorter state have theirs.
        func fallbacks(start: [Int32], order: [Int32]) -> [Int32] {
            var fallback = [Int32](filled: 0, count: patterns.count)
            fallback[0] = -1
            var queue: [Int32] = [0]
            queue.reserveCapacity(patterns.count)
            var head = 0
            while head < queue.count {
                let parent = queue[head]
                head += 1
                for k in Int(start[Int(parent)])..<Int(start[Int(parent) + 1]) {
                    let edge = edges[Int(order[k])]
                    queue.append(edge.to)
                    guard parent != 0 else { continue }
                    var candidate = fallback[Int(parent)]
                    while true {
                        if let next = children.find(candidate, edge.byte) {
                            fallback[Int(edge.to)] = next
                            break
                        }
                        if candidate == 0 { break }
                        candidate = fallback[Int(candidate)]
                    }
                }
            }
            return fallback
        }

        /// This level as libhyphen's structure, or nil when memory runs out.
        func dictionary(cset: [UInt8]) -> UnsafeMutablePointer<HyphenDict>? {
            guard let raw = calloc(1, MemoryLayout<HyphenDict>.stride) else { return nil }
            let dict = raw.bindMemory(to: HyphenDict.self, capacity: 1)
            dict.pointee.lhmin = CChar(truncatingIfNeeded: leftMinimum)
            dict.pointee.rhmin = CChar(truncatingIfNeeded: rightMinimum)
            dict.pointee.clhmin = CChar(truncatingIfNeeded: compoundLeftMinimum)
            dict.pointee.crhmin = CChar(truncatingIfNeeded: compoundRightMinimum)
            dict.pointee.utf8 = utf8 ? 1 : 0
            withUnsafeMutableBytes(of: &dict.pointee.cset) { field in
                for (i, byte) in cset.prefix(field.count - 1).enumerated() { field[i] = byte }
            }
            var complete = true
            if let noHyphen {
                dict.pointee.nohyphen = PatternFile.cString(noHyphen[...])
                dict.pointee.nohyphenl = noHyphenCount
                complete = dict.pointee.nohyphen != nil
            }
            let count = patterns.count
            guard let statesRaw = calloc(count, MemoryLayout<HyphenState>.stride) else {
                hnj_hyphen_free(dict)
                return nil
            }
            let out = statesRaw.bindMemory(to: HyphenState.self, capacity: count)
            dict.pointee.states = out
            // Every state is zeroed first, so that a partly filled structure frees cleanly.
            dict.pointee.num_states = Int32(count)
            let (start, order) = grouped()
            let fallback = fallbacks(start: start, order: order)
            for i in 0..<count {
                out[i].fallback_state = fallback[i]
                if let pattern = patterns[i] {
                    out[i].replindex = pattern.index
                    out[i].replcut = pattern.cut
                    out[i].match = PatternFile.cString(matches[Int(pattern.match.lowerBound)..<Int(pattern.match.upperBound)])
                    complete = complete && out[i].match != nil
                    if pattern.replacement >= 0 {
                        out[i].repl = PatternFile.cString(replacements[Int(pattern.replacement)][...])
                        complete = complete && out[i].repl != nil
                    }
                }
                let transitions = Int(start[i + 1] - start[i])
                guard transitions > 0 else { continue }
                guard let transRaw = malloc(transitions * MemoryLayout<HyphenTrans>.stride) else {
                    complete = false
                    continue
                }
                let trans = transRaw.bindMemory(to: HyphenTrans.self, capacity: transitions)
                for k in 0..<transitions {
                    let edge = edges[Int(order[Int(start[i]) + k])]
                    trans[k] = HyphenTrans(ch: CChar(bitPattern: edge.byte), new_state: edge.to)
                }
                out[i].trans = trans
                out[i].num_trans = Int32(transitions)
            }
            guard complete else {
                hnj_hyphen_free(dict)
                return nil
            }
            return dict
        }
    }

    /// The trie's transitions, by state and byte: open addressing with linear probing (the
    /// standard dictionary's hashing costs more than the rest of loading).
    struct Transitions {
        /// `state << 8 | byte`, plus 1 (0 marks a free slot).
        private var keys = [UInt64](filled: 0, count: 1024)
        private var values = [Int32](filled: 0, count: 1024)
        private var count = 0

        private static func slot(_ key: UInt64, mask: Int) -> Int {
            Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
        }

        func find(_ state: Int32, _ byte: UInt8) -> Int32? {
            let key = (UInt64(UInt32(bitPattern: state)) << 8 | UInt64(byte)) + 1
            let mask = keys.count - 1
            var i = Self.slot(key, mask: mask)
            while keys[i] != 0 {
                if keys[i] == key { return values[i] }
                i = (i + 1) & mask
            }
            return nil
        }

        /// Adds a transition not yet there.
        mutating func insert(_ state: Int32, _ byte: UInt8, _ to: Int32) {
            if (count + 1) * 2 > keys.count { grow() }
            let key = (UInt64(UInt32(bitPattern: state)) << 8 | UInt64(byte)) + 1
            let mask = keys.count - 1
            var i = Self.slot(key, mask: mask)
            while keys[i] != 0 { i = (i + 1) & mask }
            keys[i] = key
            values[i] = to
            count += 1
        }

        private mutating func grow() {
            let (oldKeys, oldValues) = (keys, values)
            keys = [UInt64](filled: 0, count: oldKeys.count * 2)
            values = [Int32](filled: 0, count: oldKeys.count * 2)
            let mask = keys.count - 1
            for (key, value) in zip(oldKeys, oldValues) where key != 0 {
                var i = Self.slot(key, mask: mask)
                while keys[i] != 0 { i = (i + 1) & mask }
                keys[i] = key
                values[i] = value
            }
        }
    }

    /// A `malloc`ed copy of `bytes` with a NUL after them.
    static func cString(_ bytes: ArraySlice<UInt8>) -> UnsafeMutablePointer<CChar>? {
        guard let raw = malloc(bytes.count + 1) else { return nil }
        let out = raw.bindMemory(to: CChar.self, capacity: bytes.count + 1)
        for (i, byte) in bytes.enumerated() { out[i] = CChar(bitPattern: byte) }
        out[bytes.count] = 0
        return out
    }

    /// glibc's `atoi` on a C string's bytes: spaces, a sign, digits, read as a `long` (which
    /// saturates) and cut to an `int` (which wraps).
    static func atoi(_ bytes: ArraySlice<UInt8>) -> Int32 {
        var rest = bytes.drop { $0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D) }
        var negative = false
        if let sign = rest.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            rest = rest.dropFirst()
        }
        // The magnitude, saturated past what a long holds.
        var value: UInt64 = 0
        for byte in rest {
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { break }
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
            value = o1 || o2 ? UInt64.max : sum
        }
        let long: Int64 = negative ? (value > UInt64(Int64.max) ? Int64.min : -Int64(value))
                                   : Int64(min(value, UInt64(Int64.max)))
        return Int32(truncatingIfNeeded: long)
    }
}
