import Testing
@testable import FolioStyle

@Suite struct MediaQueryTests {
    func matches(_ query: String, _ env: MediaEnvironment) -> Bool { MediaQueryList.parse(query).matches(env) }

    @Test func mediaTypesMatchScreenAndAllOnly() {
        #expect(matches("", .phone))
        #expect(matches("all", .phone))
        #expect(matches("screen", .phone))
        #expect(matches("only screen", .phone))
        #expect(!matches("print", .phone))
        #expect(!matches("tv", .phone))
        #expect(!matches("handheld", .phone))
        #expect(matches("not print", .phone))
        #expect(matches("print, screen", .phone))
        #expect(!matches("SCREEN and (color) and (monochrome)", .phone))
    }

    @Test func widthFeaturesSelectPhoneOrTablet() {
        let phoneOnly = "screen and (max-width: 600px)"
        #expect(matches(phoneOnly, .phone))
        #expect(!matches(phoneOnly, .tablet))
        #expect(matches("(min-width: 768px)", .tablet))
        #expect(!matches("(min-width: 768px)", .phone))
        #expect(matches("(min-device-width: 20em) and (max-device-width: 25em)", .phone))
        #expect(matches("(width: 390px)", .phone))
        #expect(matches("(max-height: 10in)", .phone))
    }

    @Test func orientationAndAspectRatioFollowTheLandscapeSwap() {
        #expect(matches("(orientation: portrait)", .phone))
        #expect(!matches("(orientation: landscape)", .phone))
        #expect(matches("(orientation: landscape)", MediaEnvironment.phone.landscape))
        #expect(MediaEnvironment.phone.landscape.widthPx == 844)
        #expect(matches("(min-aspect-ratio: 16/9)", MediaEnvironment.phone.landscape))
        #expect(!matches("(min-aspect-ratio: 16 / 9)", .tablet))
        #expect(matches("(max-device-aspect-ratio: 1)", .tablet))
    }

    @Test func rangeSyntaxComparesInBothDirections() {
        #expect(matches("(width >= 600px)", .tablet))
        #expect(!matches("(width >= 600px)", .phone))
        #expect(matches("(400px <= width <= 900px)", .tablet))
        #expect(!matches("(400px <= width <= 700px)", .tablet))
        #expect(matches("(600px > width)", .phone))
        #expect(matches("(1000px > height > 800px)", .phone))
        #expect(!matches("(400px <= width >= 700px)", .tablet))
        #expect(!matches("(width < = 900px)", .tablet))
    }

    @Test func resolutionColorAndGridFeatures() {
        #expect(matches("(min-resolution: 2dppx)", .phone))
        #expect(matches("(-webkit-min-device-pixel-ratio: 2), (min-resolution: 192dpi)", .tablet))
        #expect(!matches("(min-resolution: 300dpi)", .tablet))
        #expect(matches("(resolution: 3x)", .phone))
        #expect(matches("(color)", .phone))
        #expect(matches("(min-color: 8)", .phone))
        #expect(!matches("(monochrome)", .phone))
        #expect(!matches("(color-index)", .phone))
        #expect(!matches("(grid)", .phone))
        #expect(matches("(grid)", .terminal(columns: 80, rows: 24)))
    }

    @Test func notAndOrUseThreeValuedLogic() {
        #expect(matches("not (color)", MediaEnvironment(width: 100, height: 100, colorBits: 0)))
        #expect(matches("(unknown-feature) or (color)", .phone))
        #expect(!matches("not (unknown-feature)", .phone))
        #expect(matches("(not (max-width: 100px)) and (color)", .phone))
        #expect(matches("not screen and (max-width: 100px)", .phone))
    }

    @Test func unparseableQueriesBecomeNotAllWithoutSpoilingTheList() {
        #expect(!matches("screen and", .phone))
        #expect(!matches("(min-width)", .phone))
        #expect(!matches("screen and (color) or (grid)", .phone))
        #expect(matches("@@@, screen", .phone))
        #expect(MediaQueryList.parse("screen and").queries == [.notAll])
    }

    @Test func lengthsConvertFromEveryUnit() {
        let env = MediaEnvironment(width: 480, height: 800)
        for query in ["(width: 30em)", "(width: 30rem)", "(width: 5in)", "(width: 360pt)", "(width: 100vw)", "(width: 127mm)"] {
            #expect(matches(query, env), "\(query)")
        }
    }
}
