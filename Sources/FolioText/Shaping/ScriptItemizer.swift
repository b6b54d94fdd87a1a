import CHarfBuzz

/// Splits text into runs of one script each, so that each run can be shaped with its own
/// script (and, later, font).
///
/// Script values come from HarfBuzz's Unicode functions (UAX #24 Script property). Common
/// characters (spaces, punctuation, digits) and Inherited ones (combining marks) join the run
/// before them, or the first run when they lead the text, and a closing bracket takes the
/// script of its opening one (UAX #24 §5.2: "(ATCG)" in Arabic text keeps both brackets
/// Arabic).
///
/// https://www.unicode.org/reports/tr24/#Nearby
public enum ScriptItemizer {
    /// One run: a range of Unicode-scalar offsets into the text, and its script.
    public struct Run: Hashable, Sendable {
        public var range: Range<Int>
        public var script: Script
    }

    /// The runs of `text`, in logical order; offsets count Unicode scalars.
    /// Text made only of neutral characters gives one Common run.
    public static func runs<S: StringProtocol>(in text: S) -> [Run] {
        let funcs = hb_unicode_funcs_get_default()
        var runs: [Run] = []
        var current: (start: Int, script: hb_script_t)? = nil
        let common = HB_SCRIPT_COMMON, inherited = HB_SCRIPT_INHERITED, unknown = HB_SCRIPT_UNKNOWN
        // Open brackets still unmatched: the closing character they expect, and the script
        // of the run they were in (Common until a run has a real script).
        var brackets: [(closing: UInt32, script: hb_script_t)] = []
        var offset = 0
        for scalar in text.unicodeScalars {
            var script = hb_unicode_script(funcs, scalar.value)
            var neutral = script == common || script == inherited || script == unknown
            if neutral {
                switch hb_unicode_general_category(funcs, scalar.value) {
                case HB_UNICODE_GENERAL_CATEGORY_OPEN_PUNCTUATION where brackets.count < 64:
                    brackets.append((hb_unicode_mirroring(funcs, scalar.value), current?.script ?? common))
                case HB_UNICODE_GENERAL_CATEGORY_CLOSE_PUNCTUATION:
                    if let match = brackets.lastIndex(where: { $0.closing == scalar.value }) {
                        let opening = brackets[match].script
                        brackets.removeSubrange(match...)
                        if opening != common && opening != current?.script {
                            script = opening
                            neutral = false
                        }
                    }
                default:
                    break
                }
            }
            if let run = current {
                if !neutral && run.script != script {
                    if run.script == common {
                        // Leading neutrals join the first real script.
                        current = (run.start, script)
                    } else {
                        runs.append(Run(range: run.start..<offset, script: Script(hb: run.script)))
                        current = (offset, script)
                    }
                }
            } else {
                current = (offset, neutral ? common : script)
            }
            offset += 1
        }
        if let run = current {
            runs.append(Run(range: run.start..<offset, script: Script(hb: run.script)))
        }
        return runs
    }
}
