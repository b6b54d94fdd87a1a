import FolioPublication
import FolioXML

/// An EPUB Canonical Fragment Identifier: a path of steps from the package document, through a
/// spine itemref, into its content document, ending at an element or a character position.
///
/// https://idpf.org/epub/linking/cfi/ (EPUB CFI 1.1; the W3C copy is
/// https://w3c.github.io/epub-specs/epub33/epubcfi/)
///
/// `epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/3:10)`: `/6` is the package's third child
/// element (the spine), `/4[chap01ref]` its second (an itemref, with its id asserted), `!` steps
/// into the content document the itemref names, and from its root element `/4/10` reach a
/// paragraph whose second chunk of character data (`/3`) holds the position 10 UTF-16 code units
/// in (§3.1.1, §3.1.4). Reading positions are made with `make(…)` and found again with
/// `spineIndex(packageTree:)` and `resolve(contentTree:)`; `TextOffsets` converts between their
/// (node, offset) positions and a `Locator`'s chapter offset.
///
/// Equality is structural, assertions included; the sorting rules of §3.2 are not implemented.
public struct EPUBCFI: Sendable, Hashable, CustomStringConvertible {
    /// One step, `/N[id]`: an even `index` names the (N/2)th child element, an odd one the chunk
    /// of character data before the ((N+1)/2)th child element (§3.1.1); `id` is the XML ID
    /// assertion, kept unescaped (§3.1.2).
    public struct Step: Sendable, Hashable {
        public var index: Int
        public var id: String?

        public init(index: Int, id: String? = nil) {
            self.index = index
            self.id = id
        }
    }

    /// The steps, split at each step indirection `!` (§3.1.3): the first part walks the package
    /// document to an itemref, the second the content document that itemref names.
    public var parts: [[Step]]
    /// The terminating character offset `:N`, in UTF-16 code units into the chunk the last step
    /// names (§3.1.4); nil when the CFI ends at an element or gives no offset (read as 0).
    public var characterOffset: Int?

    public init(parts: [[Step]], characterOffset: Int? = nil) {
        self.parts = parts
        self.characterOffset = characterOffset
    }

    /// The CFI as text, `epubcfi(…)`, with assertions escaped (§2.3).
    public var description: String {
        // Gathered as bytes: a search writes a CFI for every hit.
        var out = Array("epubcfi(".utf8)
        for (i, part) in parts.enumerated() {
            if i > 0 { out.append(UInt8(ascii: "!")) }
            for step in part {
                out.append(UInt8(ascii: "/"))
                out += String(step.index).utf8
                if let id = step.id, !id.isEmpty {
                    out.append(UInt8(ascii: "["))
                    Self.escape(id, into: &out)
                    out.append(UInt8(ascii: "]"))
                }
            }
        }
        if let characterOffset {
            out.append(UInt8(ascii: ":"))
            out += String(characterOffset).utf8
        }
        out.append(UInt8(ascii: ")"))
        return String(decoding: out, as: UTF8.self)
    }

    /// The characters the grammar gives a meaning (§2.2 special-chars), which a value must escape
    /// with a circumflex.
    static func isSpecial(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "^"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "("), UInt8(ascii: ")"),
             UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="): true
        default: false
        }
    }

    /// Escapes an assertion value: `aa[bb]^` becomes `aa^[bb^]^^` (§2.3).
    public static func escape(_ value: String) -> String {
        var out: [UInt8] = []
        escape(value, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The special characters are ASCII: escaped on the UTF-8 bytes.
    static func escape(_ value: String, into out: inout [UInt8]) {
        for byte in value.utf8 {
            if isSpecial(byte) { out.append(UInt8(ascii: "^")) }
            out.append(byte)
        }
    }
}

extension EPUBCFI {
    /// A CFI for a position in spine item `spineIndex`: `offsetInNode` Unicode scalars into text
    /// node `node` (an `XMLNode.index` of `contentTree`, as `TextOffsets` gives them).
    ///
    /// The package part steps from the `package` element to the spine and the itemref, as they
    /// really sit in `packageTree` (the spine is not assumed to be `/6`), asserting their IDs. The
    /// content part steps from the root element to the text's parent, asserting element IDs
    /// (§3.1.2), then names the chunk of character data holding the text with an odd step and the
    /// position with `:offset` in UTF-16 code units from the chunk's start (§3.1.1, §3.1.4), so
    /// text split by a comment or a CDATA section is still counted as one run.
    ///
    /// Pass `spine` (the publication's `Spine`) so that spine indices skip the itemrefs Folio
    /// skipped; without it, every itemref counts. `node` may also be an element (the CFI then
    /// ends at that element; the root element gives the start of the document, `/1:0`) or a
    /// comment (the position where it sits). Nil when the spine index or the node is not there.
    public static func make(packageTree: XMLTree, spineIndex: Int, contentTree: XMLTree, node: Int, offsetInNode: Int,
                            spine: Spine? = nil) -> EPUBCFI? {
        guard let itemrefs = SpineItemrefs(packageTree: packageTree, spine: spine) else { return nil }
        return make(itemrefs: itemrefs, spineIndex: spineIndex, contentTree: contentTree, node: node, offsetInNode: offsetInNode)
    }

    /// `make` with the spine's itemrefs found once (for the CFIs of many pages).
    static func make(itemrefs: SpineItemrefs, spineIndex: Int, contentTree: XMLTree, node: Int, offsetInNode: Int) -> EPUBCFI? {
        CFIMaker(itemrefs: itemrefs, spineIndex: spineIndex, contentTree: contentTree)?.cfi(node: node, offsetInNode: offsetInNode)
    }

    /// A CFI for a whole spine item (an image or SVG page): its itemref step and an empty
    /// content path.
    public static func itemref(packageTree: XMLTree, spineIndex: Int, spine: Spine? = nil) -> EPUBCFI? {
        guard let itemrefs = SpineItemrefs(packageTree: packageTree, spine: spine),
              itemrefs.itemrefs.indices.contains(spineIndex),
              let packageSteps = CFINodes.steps(to: itemrefs.itemrefs[spineIndex], from: itemrefs.package) else { return nil }
        return EPUBCFI(parts: [packageSteps, []])
    }

}
