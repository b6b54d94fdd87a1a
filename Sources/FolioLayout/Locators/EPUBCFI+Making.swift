import FolioPublication
import FolioXML

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
        guard itemrefs.itemrefs.indices.contains(spineIndex),
              let packageSteps = CFINodes.steps(to: itemrefs.itemrefs[spineIndex], from: itemrefs.package),
              let root = contentTree.root,
              let target = contentTree.node(at: node),
              let content = contentPath(to: target, offsetInNode: offsetInNode, root: root) else { return nil }
        return EPUBCFI(parts: [packageSteps, content.steps], characterOffset: content.offset)
    }

    /// A CFI for a whole spine item (an image or SVG page): its itemref step and an empty
    /// content path.
    public static func itemref(packageTree: XMLTree, spineIndex: Int, spine: Spine? = nil) -> EPUBCFI? {
        guard let itemrefs = SpineItemrefs(packageTree: packageTree, spine: spine),
              itemrefs.itemrefs.indices.contains(spineIndex),
              let packageSteps = CFINodes.steps(to: itemrefs.itemrefs[spineIndex], from: itemrefs.package) else { return nil }
        return EPUBCFI(parts: [packageSteps, []])
    }

    private static func contentPath(to target: XMLNode, offsetInNode: Int, root: XMLNode) -> (steps: [Step], offset: Int?)? {
        if target == root {
            return ([Step(index: 1)], 0)
        }
        if target.isElement {
            guard let steps = CFINodes.steps(to: target, from: root) else { return nil }
            return (steps, nil)
        }
        guard let parent = target.parentElement, var steps = CFINodes.steps(to: parent, from: root) else { return nil }
        steps.append(Step(index: CFINodes.elementsBefore(target) * 2 + 1))
        var offset = CFINodes.chunkBefore(target).reduce(0) { $0 + CFINodes.utf16Length($1) }
        if CFINodes.isCharacterData(target), let text = target.text {
            offset += CFINodes.utf16Offset(ofScalars: max(offsetInNode, 0), in: text)
        }
        return (steps, offset)
    }
}
