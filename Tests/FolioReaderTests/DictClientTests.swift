import FolioTestSupport
import Foundation
import Testing
@testable import FolioReader

/// The DICT client against a real dictd on loopback.
@Suite(.serialized) struct DictClientTests {
    static let entries = [("keeper", "One who keeps; a custodian; esp. the keeper of a lighthouse."),
                          ("lamp", "A vessel with a wick for burning oil, to give light.\n.A line starting with a dot.")]

    @Test(.enabled(if: DictServer.available, "dictd or dictfmt is not installed (scripts/setup installs them)"))
    func aWordsDefinitionsComeFromTheServer() throws {
        let server = try DictServer(entries: Self.entries)
        let client = DictClient(host: "127.0.0.1", port: server.port)
        let found = try client.define("keeper")
        #expect(found.count == 1)
        #expect(found.first?.database == "folio-test")
        #expect(found.first?.databaseName == "Folio test dictionary")
        #expect(found.first?.text.contains("a custodian; esp. the keeper of a lighthouse.") == true)
        // Dot-stuffed lines come back as the dictionary has them.
        #expect(try client.define("lamp").first?.text.contains("\n.A line starting with a dot.") == true)
        #expect(try client.define("lighthouse").isEmpty)
        // Quotes and newlines cannot smuggle a second command in.
        #expect(try client.define("keeper\"\r\nSHOW DB").isEmpty)
    }

    @Test func noServerIsAnErrorThatSaysWhere() throws {
        let port = DictServer.freePort()
        let client = DictClient(host: "127.0.0.1", port: port, timeout: 1)
        #expect(throws: DictClient.LookUpError.unreachable("no dictionary server answers at 127.0.0.1:\(port)")) { try client.define("keeper") }
    }

    @Test func serversAreNamedAsHostOrHostAndPort() {
        #expect(DictClient(server: "localhost").map { [$0.host, String($0.port)] } == ["localhost", "2628"])
        #expect(DictClient(server: "dict://127.0.0.1:2629/").map { [$0.host, String($0.port)] } == ["127.0.0.1", "2629"])
        #expect(DictClient(server: "host:0") == nil)
        #expect(DictClient(server: "a b") == nil)
        #expect(DictClient(server: "") == nil)
    }
}
