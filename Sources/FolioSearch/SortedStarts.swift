extension Array where Element == Int32 {
    /// For ascending starts of runs (the first one at or below `value`): the index of the last
    /// start at or below `value`, by bisection. The run that holds `value`.
    func lastIndex(atOrBelow value: Int) -> Int {
        var low = 0
        var high = count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if Int(self[mid]) <= value { low = mid } else { high = mid - 1 }
        }
        return low
    }
}
