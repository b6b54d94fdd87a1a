import Testing
@testable import FolioPublication

@Suite struct ContainerPathTests {
    @Test func relativeHrefsResolveAgainstTheReferringFile() {
        #expect(ContainerPath.resolve("chapter.xhtml", relativeTo: "EPUB/package.opf")?.path == "EPUB/chapter.xhtml")
        #expect(ContainerPath.resolve("../images/a.png", relativeTo: "EPUB/text/c1.xhtml")?.path == "EPUB/images/a.png")
        #expect(ContainerPath.resolve("./a/./b.xhtml", relativeTo: "EPUB/p.opf")?.path == "EPUB/a/b.xhtml")
    }

    @Test func percentEscapesAreDecodedAndFragmentsKept() {
        let r = ContainerPath.resolve("my%20chapter.xhtml#note%201", relativeTo: "OPS/content.opf")
        #expect(r?.path == "OPS/my chapter.xhtml")
        #expect(r?.fragment == "note 1")
        #expect(ContainerPath.resolveLink("#n2", relativeTo: "OPS/c.xhtml") == "OPS/c.xhtml#n2")
    }

    @Test func absolutePathsStartAtTheContainerRoot() {
        #expect(ContainerPath.resolve("/EPUB/a.xhtml", relativeTo: "OPS/deep/p.opf")?.path == "EPUB/a.xhtml")
    }

    @Test func dotDotPastTheRootStaysAtTheRootAsURLParsingDoes() {
        #expect(ContainerPath.resolve("../../x", relativeTo: "EPUB/package.opf")?.path == "x")
        #expect(ContainerPath.resolve("../secret", relativeTo: "package.opf")?.path == "secret")
        #expect(ContainerPath.resolve("%2E%2E/%2E%2E/etc/passwd", relativeTo: "EPUB/p.opf")?.path == "etc/passwd")
        #expect(ContainerPath.climbsAboveRoot("../../x", relativeTo: "EPUB/package.opf"))
        #expect(!ContainerPath.climbsAboveRoot("../x", relativeTo: "EPUB/package.opf"))
        #expect(!ContainerPath.climbsAboveRoot("a/../b", relativeTo: "package.opf"))
    }

    @Test func pathsInMetaInfFilesThatClimbAreRefused() {
        #expect(ContainerPath.resolve("../../x", relativeTo: "", refusingAboveRoot: true) == nil)
        #expect(ContainerPath.resolve("EPUB/../x", relativeTo: "", refusingAboveRoot: true)?.path == "x")
    }

    @Test func hrefsThatLeaveTheContainerAreRefused() {
        #expect(ContainerPath.resolve("http://example.com/a.css", relativeTo: "EPUB/p.opf") == nil)
        #expect(ContainerPath.resolve("file:///etc/passwd", relativeTo: "EPUB/p.opf") == nil)
        #expect(ContainerPath.resolve("//host/share", relativeTo: "EPUB/p.opf") == nil)
        #expect(ContainerPath.resolve("a%00b", relativeTo: "EPUB/p.opf") == nil)
    }

    /// A scheme is letters, digits, '+', '-' and '.' before the first ':', from a letter; the
    /// bytes of an ASCII href are read as its characters would be.
    @Test func aSchemeIsALetterThenLettersDigitsAndSignsBeforeAColon() {
        for href in ["http://a.org", "mailto:x@y", "data:image/png;base64,AAAA", "x:y", "svn+ssh://h", "a-b.c:d", "Z9:q"] {
            #expect(ContainerPath.hasScheme(href), "\(href)")
        }
        for href in ["chapter.xhtml", ":no", "9p:x", "+a:b", "a b:c", "text/c:d", "#f:g", "", "a\r\n:b", "é:x", "x\u{301}:y"] {
            #expect(!ContainerPath.hasScheme(href), "\(href)")
        }
        // A colon that a combining mark joins is no colon, as before.
        #expect(!ContainerPath.hasScheme("ab:\u{301}cd"))
        #expect(ContainerPath.hasScheme(Substring("http://a.org/b")))
    }

    /// '#', '?' and '%' are found among an href's bytes, as URL parsing finds them, even where
    /// a combining mark follows one (a character of its own to Swift's string comparison).
    @Test func delimitersAreFoundAmongTheBytes() throws {
        let resolved = try #require(ContainerPath.resolve("ch%C3%A9.xhtml#\u{301}note?x", relativeTo: "EPUB/text/a.xhtml"))
        #expect(resolved.path == "EPUB/text/ch\u{E9}.xhtml" && resolved.fragment == "\u{301}note?x")
        #expect(ContainerPath.resolve("b.xhtml?\u{301}q#f", relativeTo: "EPUB/a.xhtml")! == ("EPUB/b.xhtml", "f"))
        #expect(ContainerPath.percentDecoded("%41\u{301}%42") == "A\u{301}B")
        #expect(ContainerPath.climbsAboveRoot("../../x.xhtml#\u{301}../..", relativeTo: "EPUB/a.xhtml"))
        #expect(!ContainerPath.climbsAboveRoot("../x.xhtml?\u{301}/../../..", relativeTo: "EPUB/a.xhtml"))
        #expect(ContainerPath.resolve("a/./b/../c.xhtml", relativeTo: "EPUB/nav.xhtml")?.path == "EPUB/a/c.xhtml")
    }
}
