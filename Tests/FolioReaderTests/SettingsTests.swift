import Foundation
import Testing
@testable import FolioReader

@Suite struct SettingsTests {
    typealias F = ReaderFixtures

    @Test func globalSettingsRoundTripAsAFlatFile() throws {
        let root = try F.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let store = F.store(in: root)
        let settings = GlobalSettings(reading: ReadingSettings(theme: "sepia", textSizeStep: 1, displayMode: "image"))
        try store.saveSettings(settings)
        #expect(F.store(in: root).loadSettings() == settings)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: store.directories.settingsFile)) as? [String: Any])
        #expect(json["theme"] as? String == "sepia")
        #expect(json["displayMode"] as? String == "image")
        #expect(store.directories.settingsFile.path == root.path + "/config/folio/settings.json")
    }

    @Test func aSettingOfTheWrongTypeIsDroppedAndTheOthersKept() throws {
        let root = try F.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let store = F.store(in: root)
        try FileManager.default.createDirectory(at: store.directories.config, withIntermediateDirectories: true)
        try F.bytes("wrong-type-settings/settings.json").write(to: store.directories.settingsFile)
        let settings = store.loadSettings().reading
        #expect(settings == ReadingSettings(displayMode: "image", scrollMode: true))
        #expect(store.diagnostics.contains(code: "state.field-invalid"))
    }

    @Test func noSettingsFileGivesTheDefaults() throws {
        let root = try F.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let store = F.store(in: root)
        #expect(store.loadSettings() == GlobalSettings())
        #expect(store.diagnostics.warnings.isEmpty)
    }

    @Test func hyphenationIsASettingLikeTheOthers() throws {
        let data = Data(#"{"theme": "sepia", "hyphens": "off"}"#.utf8)
        let settings = try JSONDecoder().decode(ReadingSettings.self, from: data)
        #expect(settings == ReadingSettings(theme: "sepia", hyphens: "off"))
        #expect(ReadingSettings(hyphens: "book").merged(over: settings).hyphens == "book")
        #expect(ReadingSettings().merged(over: settings).hyphens == "off")
        let written = try JSONEncoder().encode(settings)
        #expect(try JSONDecoder().decode(ReadingSettings.self, from: written) == settings)
    }

    @Test func aBooksOwnSettingsOverrideTheGlobalOnes() {
        let global = ReadingSettings(theme: "day", textSizeStep: 0, fontFamily: "serif", displayMode: "cells", scrollMode: false)
        let book = ReadingSettings(theme: "night", scrollMode: true)
        #expect(book.merged(over: global) == ReadingSettings(theme: "night", textSizeStep: 0, fontFamily: "serif", displayMode: "cells", scrollMode: true))
        #expect(ReadingSettings().merged(over: global) == global)
    }

    @Test func changesAreOnlyTheSettingsThatDiffer() throws {
        let before = ReadingSettings(theme: "day", textSizeStep: 3, fontFamily: "publisher", displayMode: "cells", scrollMode: false,
                                     hyphens: "auto", justify: "book")
        var after = before
        after.theme = "night"
        after.justify = "ragged"
        #expect(after.changes(from: before) == ReadingSettings(theme: "night", justify: "ragged"))
        #expect(before.changes(from: before).isEmpty)
        // Justification is written and read back like the others.
        let written = try JSONEncoder().encode(after)
        #expect(try JSONDecoder().decode(ReadingSettings.self, from: written).justify == "ragged")
    }
}
