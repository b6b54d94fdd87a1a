import Foundation
import Testing
@testable import FolioReader

@Suite struct StateDirectoriesTests {
    @Test func xdgVariablesNameTheFolders() {
        let dirs = StateDirectories.from(environment: ["HOME": "/home/r", "XDG_STATE_HOME": "/s", "XDG_CONFIG_HOME": "/c"])
        #expect(dirs.state.path == "/s/folio")
        #expect(dirs.config.path == "/c/folio")
    }

    @Test func relativeOrMissingXDGVariablesFallBackToHome() {
        let dirs = StateDirectories.from(environment: ["HOME": "/home/r", "XDG_STATE_HOME": "relative"])
        #expect(dirs.state.path == "/home/r/.local/state/folio")
        #expect(dirs.config.path == "/home/r/.config/folio")
    }
}
