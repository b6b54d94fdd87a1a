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
        var runs: [Run] = []
        forEachRun(text.unicodeScalars) { range, script in runs.append(Run(range: range, script: Script(hb: script))) }
        return runs
    }

    /// The runs of a scalar sequence, handed to `body` in order (no array of runs is built).
    static func forEachRun<C: Sequence<Unicode.Scalar>>(_ scalars: C, _ body: (Range<Int>, hb_script_t) -> Void) {
        let funcs = hb_unicode_funcs_get_default()
        var current: (start: Int, script: hb_script_t)? = nil
        let common = HB_SCRIPT_COMMON, inherited = HB_SCRIPT_INHERITED, unknown = HB_SCRIPT_UNKNOWN
        // Open brackets still unmatched: the closing character they expect, and the script
        // of the run they were in (Common until a run has a real script).
        var brackets: [(closing: UInt32, script: hb_script_t)] = []
        var offset = 0
        for scalar in scalars {
            let value = scalar.value
            // ASCII inside a run changes nothing: a letter in a Latin run, or a neutral that
            // is not a bracket (the common case, decided without looking further).
            if value < 0x80, let run = current {
                let letter = (value | 0x20) >= 0x61 && (value | 0x20) <= 0x7A
                if letter ? run.script == HB_SCRIPT_LATIN : !(value == 0x28 || value == 0x29 || value == 0x5B || value == 0x5D || value == 0x7B || value == 0x7D) {
                    offset += 1
                    continue
                }
            }
            var script: hb_script_t
            var neutral: Bool
            var category: hb_unicode_general_category_t?
            if value < 0x80 {
                // ASCII without a call into HarfBuzz: letters are Latin, the rest Common.
                let letter = (value | 0x20) >= 0x61 && (value | 0x20) <= 0x7A
                script = letter ? HB_SCRIPT_LATIN : common
                neutral = !letter
                switch value {
                case 0x28, 0x5B, 0x7B: category = HB_UNICODE_GENERAL_CATEGORY_OPEN_PUNCTUATION
                case 0x29, 0x5D, 0x7D: category = HB_UNICODE_GENERAL_CATEGORY_CLOSE_PUNCTUATION
                default: category = nil
                }
            } else {
                script = hb_unicode_script(funcs, value)
                neutral = script == common || script == inherited || script == unknown
                category = neutral ? hb_unicode_general_category(funcs, value) : nil
            }
            if neutral, let category {
                switch category {
                case HB_UNICODE_GENERAL_CATEGORY_OPEN_PUNCTUATION where brackets.count < 64:
                    brackets.append((hb_unicode_mirroring(funcs, value), current?.script ?? common))
                case HB_UNICODE_GENERAL_CATEGORY_CLOSE_PUNCTUATION:
                    if let match = brackets.lastIndex(where: { $0.closing == value }) {
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
                        body(run.start..<offset, run.script)
                        current = (offset, script)
                    }
                }
            } else {
                current = (offset, neutral ? common : script)
            }
            offset += 1
        }
        if let run = current {
            body(run.start..<offset, run.script)
        }
    }
}
