/// How players show times and speeds: `4:05`, `1:02:09`, `1.25×`.
public enum PlaybackText {
    /// `m:ss`, or `h:mm:ss` from an hour on.
    public static func clock(_ seconds: Double) -> String {
        let s = Int(min(max(0, seconds.isFinite ? seconds : 0), 1e12).rounded(.down))
        let two = { (n: Int) in n < 10 ? "0\(n)" : "\(n)" }
        return s >= 3600 ? "\(s / 3600):\(two(s / 60 % 60)):\(two(s % 60))" : "\(s / 60):\(two(s % 60))"
    }

    /// `1`, `1.25`: the speed factor without a needless `.0`.
    public static func speed(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }
}
