/// A longest common subsequence of two sequences: the pairs of positions a diff keeps.
///
/// Myers' O(ND) algorithm ("An O(ND) Difference Algorithm and Its Variations", 1986), after
/// trimming the common prefix and suffix, as `diff` and git do. Memory grows with the square
/// of the number of differences, so past `maxEdits` the untrimmed middle is left unmatched:
/// two texts that different are a rewrite, and are reported as one.
enum SequenceAlignment {
    /// The matched index pairs `(i, j)` with `a[i] == b[j]`, increasing in both.
    static func matches<T: Hashable>(_ a: [T], _ b: [T], maxEdits: Int = 2000) -> [(Int, Int)] {
        // Comparing small integers is cheaper than comparing strings in the inner loop.
        var ids: [T: Int] = [:]
        let x = a.map { element in ids[element] ?? { ids[element] = ids.count; return ids.count - 1 }() }
        let y = b.map { element in ids[element] ?? { ids[element] = ids.count; return ids.count - 1 }() }
        return matchIDs(x, y, maxEdits: maxEdits)
    }

    private static func matchIDs(_ a: [Int], _ b: [Int], maxEdits: Int) -> [(Int, Int)] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        var out = (0..<prefix).map { ($0, $0) }
        let middleA = Array(a[prefix..<a.count - suffix]), middleB = Array(b[prefix..<b.count - suffix])
        if !middleA.isEmpty && !middleB.isEmpty {
            out += myers(middleA, middleB, maxEdits: maxEdits).map { ($0.0 + prefix, $0.1 + prefix) }
        }
        out += (0..<suffix).map { (a.count - suffix + $0, b.count - suffix + $0) }
        return out
    }

    /// Myers' greedy forward search, keeping each round's furthest-reaching diagonals to walk back.
    private static func myers(_ a: [Int], _ b: [Int], maxEdits: Int) -> [(Int, Int)] {
        let n = a.count, m = b.count
        let limit = min(n + m, maxEdits)
        let offset = limit + 1
        var v = [Int](repeating: 0, count: 2 * limit + 3)
        // trace[d] holds v[-d-1 ... d+1] as it was before round d.
        var trace: [[Int]] = []
        var found: Int?
        search: for d in 0...limit {
            trace.append(Array(v[(offset - d - 1)...(offset + d + 1)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x = k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[x] == b[y] {
                    x += 1
                    y += 1
                }
                v[offset + k] = x
                if x >= n && y >= m {
                    found = d
                    break search
                }
            }
        }
        guard let edits = found else { return [] }
        var pairs: [(Int, Int)] = []
        var x = n, y = m
        for d in stride(from: edits, through: 0, by: -1) {
            let saved = trace[d]
            func at(_ k: Int) -> Int { saved[k + d + 1] }
            let k = x - y
            let previousK = k == -d || (k != d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1
            let previousX = at(previousK)
            let previousY = previousX - previousK
            while x > previousX, y > previousY {
                x -= 1
                y -= 1
                pairs.append((x, y))
            }
            x = previousX
            y = previousY
        }
        return pairs.reversed()
    }
}
