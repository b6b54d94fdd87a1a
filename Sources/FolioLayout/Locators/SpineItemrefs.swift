import FolioPublication
import FolioXML

/// The package document's spine `itemref` elements that stand for spine positions: the bridge
/// between a spine index and the itemref a CFI steps through.
///
/// https://www.w3.org/TR/epub-33/#sec-pkg-spine
///
/// With Folio's `Spine` given, only the itemrefs it kept count (it skips those naming no manifest
/// item or nothing renderable), matched in order by `idref`: a skipped itemref never shares an
/// idref with a kept one, since the same idref would have been kept or skipped alike. Without it,
/// every itemref counts.
public struct SpineItemrefs: Sendable {
    let package: XMLNode
    /// Spine position → itemref element.
    let itemrefs: [XMLNode]

    public init?(packageTree: XMLTree, spine: Spine?) {
        guard let package = packageTree.root else { return nil }
        // A not-well-formed OPF may leave the spine nested deeper, as PackageParser reads it.
        guard let element = package.elementChildren.first(where: { Self.isOPF($0, "spine") })
            ?? package.descendants().first(where: { Self.isOPF($0, "spine") }) else { return nil }
        let all = element.elementChildren.filter { Self.isOPF($0, "itemref") }
        self.package = package
        guard let spine else {
            itemrefs = all
            return
        }
        var kept: [XMLNode] = []
        var next = spine.items.startIndex
        for itemref in all where next < spine.items.endIndex {
            if Self.trimmed(itemref.attribute("idref")) == spine.items[next].idref {
                kept.append(itemref)
                next += 1
            }
        }
        itemrefs = kept
    }

    /// The spine position of an itemref element, or nil when it is not one that counts.
    func spineIndex(of itemref: XMLNode) -> Int? {
        itemrefs.firstIndex(of: itemref)
    }

    /// An OPF element by local name: in the OPF namespace, in none (old books), or with an
    /// undeclared `opf:` prefix kept in the name.
    static func isOPF(_ node: XMLNode, _ name: String) -> Bool {
        guard node.isElement, node.namespaceURI == Namespace.opf || node.namespaceURI == nil else { return false }
        return node.localName == name || node.localName == "opf:" + name
    }

    private static func trimmed(_ value: String?) -> String? {
        guard let value else { return nil }
        var s = Substring(value)
        while let c = s.first, c.isWhitespace { s.removeFirst() }
        while let c = s.last, c.isWhitespace { s.removeLast() }
        return s.isEmpty ? nil : String(s)
    }
}
