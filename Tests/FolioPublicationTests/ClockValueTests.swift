import Testing
@testable import FolioPublication

@Suite struct ClockValueTests {
    @Test func fullAndPartialClockValuesAreRead() {
        #expect(ClockValue("0:23:48.123")?.seconds == 1428.123)
        #expect(ClockValue("02:30:03")?.seconds == 9003)
        #expect(ClockValue("50:00:10.25")?.seconds == 180_010.25)
        #expect(ClockValue("23:48")?.seconds == 1428)
        #expect(ClockValue("00:10.5")?.seconds == 10.5)
        #expect(ClockValue("00:00.005")?.seconds == 0.005)
        #expect(ClockValue("0:5:3")?.seconds == 303)  // one-digit fields, leniently
    }

    @Test func timecountValuesUseTheirMetricAndDefaultToSeconds() {
        #expect(ClockValue("12.5s")?.seconds == 12.5)
        #expect(ClockValue("500ms")?.seconds == 0.5)
        #expect(ClockValue("1.5h")?.seconds == 5400)
        #expect(ClockValue("3min")?.seconds == 180)
        #expect(ClockValue("12.467")?.seconds == 12.467)
        #expect(ClockValue("0")?.seconds == 0)
        #expect(ClockValue("  7s\n")?.seconds == 7)
    }

    @Test func malformedClockValuesAreRejected() {
        for text in ["", "s", "ms", ".5s", "5.s", "1:2:3:4", "0:60:00", "0:00:60", "100:00", "1: 30", "-5s",
                     "1e3", "12 s", "3 min", "5sec", "1:30.", "1::30", "inf", "nan", "0x10", "１２"] {
            #expect(ClockValue(text) == nil, "\(text)")
        }
    }

    @Test func clockValuesPastTheLimitAreOutOfRangeNotInvalid() {
        #expect(ClockValue("100000h")?.seconds == ClockValue.maximumSeconds)
        for text in ["100000000000000h", "100001h", "99999999999999999999999", "99999999999999999999:00:00.000000000000000000001",
                     "9223372036854775808ms"] {
            #expect(ClockValue.reading(text) == .failure(.outOfRange), "\(text)")
            #expect(ClockValue(text) == nil, "\(text)")
        }
        #expect(ClockValue.reading("soon") == .failure(.notAClockValue))
        #expect(ClockValue("npt=12.5s")?.seconds == 12.5)
        #expect(ClockValue.reading("npt=99999999999999999999999999s") == .failure(.outOfRange))
        #expect("\(ClockValue.Problem.outOfRange)" == "is over the 100,000-hour limit")
    }

    @Test func clockValuesCompareBySeconds() {
        let a = ClockValue("1:00"), b = ClockValue("61s")
        #expect(a != nil && b != nil && a! < b!)
    }
}
