@testable import FolioXML
import Testing

/// HTML's named references become numeric ones before libxml2 reads a document; XML's own,
/// and anything inside comments and CDATA sections, stay as written.
struct HTMLEntitiesTests {
    func rewritten(_ text: String) -> String? {
        HTMLEntities.rewriteNamedReferences(Array(text.utf8)).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func namedReferencesBecomeNumericOnesAndTheRestIsKept() {
        #expect(rewritten("<p>a&hellip;b &amp; c&nbsp;</p><!-- &mdash; --><![CDATA[&eacute;]]>&eacute;nd")
            == "<p>a&#8230;b &amp; c&#160;</p><!-- &mdash; --><![CDATA[&eacute;]]>&#233;nd")
    }

    @Test func aDocumentWithOnlyXMLsOwnReferencesIsLeftAlone() {
        #expect(rewritten("<p>&amp;&lt;&gt;&quot;&apos;&#160;</p>") == nil)
        #expect(rewritten("<p>no references</p>") == nil)
        #expect(rewritten("<p>&unknownname; &toolongnametoolongnametoolongnametoolong; &</p>") == nil)
    }

    @Test func anUnclosedCommentHidesTheRest() {
        #expect(rewritten("&copy;<!-- &copy;") == "&#169;<!-- &copy;")
    }
}
