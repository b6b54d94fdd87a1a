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

    /// The scan jumps from '&' to '&' and looks for sections only in between: references next
    /// to sections, a "<!" that opens none, sections one after another.
    @Test func referencesBesideSectionsAndDeclarations() {
        #expect(rewritten("<!DOCTYPE html>&nbsp;") == "<!DOCTYPE html>&#160;")
        #expect(rewritten("&nbsp;<!--&nbsp;-->&nbsp;") == "&#160;<!--&nbsp;-->&#160;")
        #expect(rewritten("<!-- a --><!-- &nbsp; -->&nbsp;<![CDATA[ & &nbsp; ]]>&amp;&nbsp;")
            == "<!-- a --><!-- &nbsp; -->&#160;<![CDATA[ & &nbsp; ]]>&amp;&#160;")
        #expect(rewritten("<a><b c=\"<\">&nbsp;</b><</a>&ndash;") == "<a><b c=\"<\">&#160;</b><</a>&#8211;")
        #expect(rewritten("<!-- & --><!") == nil)
        #expect(rewritten("&nbsp;<!") == "&#160;<!")
    }
}
