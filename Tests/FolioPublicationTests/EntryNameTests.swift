import Testing
@testable import FolioPublication

@Suite struct EntryNameTests {
    @Test func namesInsideTheRootAreFoldedToContainerPaths() {
        #expect(EntryName.normalize("EPUB/text/c1.xhtml") == .file("EPUB/text/c1.xhtml", hadBackslashes: false))
        #expect(EntryName.normalize("./EPUB//a/../b.xhtml") == .file("EPUB/b.xhtml", hadBackslashes: false))
        #expect(EntryName.normalize("OEBPS\\c.xhtml") == .file("OEBPS/c.xhtml", hadBackslashes: true))
    }

    @Test func directoryEntriesAreRecognised() {
        #expect(EntryName.normalize("META-INF/") == .directory)
        #expect(EntryName.normalize("./") == .directory)
    }

    @Test func namesThatLeaveTheRootOrCannotBePathsAreRefused() {
        for name in ["../x", "a/../../x", "/etc/passwd", "..\\..\\x", "\\abs", "C:/x", "c:", "a\u{0}b"] {
            guard case .refused = EntryName.normalize(name) else {
                Issue.record("\(name.debugDescription) was not refused")
                continue
            }
        }
    }
}
