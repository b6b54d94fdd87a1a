import FolioXML

/// The CFIs of positions in one content document (`EPUBCFI.make` is a maker used once): kept
/// for many positions (every hit of a search, every page of a chapter), it works out each
/// element's steps once and counts each parent's element children once. Without it, each CFI
/// counts the element siblings before every ancestor again, which for a chapter of a thousand
/// paragraphs costs a thousand steps a CFI.
public final class CFIMaker {
    let packageSteps: [EPUBCFI.Step]
    let tree: XMLTree
    let root: XMLNode
    /// The steps from the root to each element met so far, by node index.
    private var elementSteps: [Int32: [EPUBCFI.Step]] = [:]
    /// The element position among its siblings of each child element of the parents met.
    private var ordinals: [Int32: Int] = [:]
    private var countedParents: Set<Int32> = []

    /// Nil when the spine index has no itemref or the document no root element.
    public init?(itemrefs: SpineItemrefs, spineIndex: Int, contentTree: XMLTree) {
        guard itemrefs.itemrefs.indices.contains(spineIndex),
              let steps = CFINodes.steps(to: itemrefs.itemrefs[spineIndex], from: itemrefs.package),
              let root = contentTree.root else { return nil }
        packageSteps = steps
        tree = contentTree
        self.root = root
    }

    /// The CFI of `offsetInNode` scalars into node `node` (as `EPUBCFI.make`).
    public func cfi(node: Int, offsetInNode: Int) -> EPUBCFI? {
        guard let target = tree.node(at: node) else { return nil }
        if target == root { return EPUBCFI(parts: [packageSteps, [EPUBCFI.Step(index: 1)]], characterOffset: 0) }
        if target.isElement {
            return steps(to: target).map { EPUBCFI(parts: [packageSteps, $0]) }
        }
        guard let parent = target.parentElement, var steps = steps(to: parent) else { return nil }
        steps.append(EPUBCFI.Step(index: elementsBefore(target, in: parent) * 2 + 1))
        var offset = CFINodes.chunkBefore(target).reduce(0) { $0 + CFINodes.utf16Length($1) }
        if CFINodes.isCharacterData(target), let text = target.text {
            offset += CFINodes.utf16Offset(ofScalars: max(offsetInNode, 0), in: text)
        }
        return EPUBCFI(parts: [packageSteps, steps], characterOffset: offset)
    }

    /// The steps from the root to an element; nil when it is not inside the root.
    private func steps(to element: XMLNode) -> [EPUBCFI.Step]? {
        if element == root { return [] }
        if let known = elementSteps[element.index] { return known }
        guard element.isElement, let parent = element.parent, var steps = steps(to: parent) else { return nil }
        steps.append(EPUBCFI.Step(index: (ordinal(of: element, in: parent) + 1) * 2, id: CFINodes.id(of: element)))
        elementSteps[element.index] = steps
        return steps
    }

    /// The element siblings before a node that is not an element: the last element before it
    /// (the text since it is one chunk, not long) and that element's ordinal.
    private func elementsBefore(_ node: XMLNode, in parent: XMLNode) -> Int {
        var sibling = node.previousSibling
        while let s = sibling, !s.isElement { sibling = s.previousSibling }
        guard let element = sibling else { return 0 }
        return ordinal(of: element, in: parent) + 1
    }

    /// The element siblings before an element, counted for all of its parent's children at once.
    private func ordinal(of element: XMLNode, in parent: XMLNode) -> Int {
        if !countedParents.contains(parent.index) {
            countedParents.insert(parent.index)
            var count = 0
            for child in parent.children where child.isElement {
                ordinals[child.index] = count
                count += 1
            }
        }
        return ordinals[element.index] ?? CFINodes.elementsBefore(element)
    }
}
