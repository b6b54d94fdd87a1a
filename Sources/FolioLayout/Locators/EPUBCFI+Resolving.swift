import FolioPublication
import FolioXML

extension EPUBCFI {
    /// The spine index the package part points to: the position of its itemref among the spine's
    /// itemrefs (among those Folio kept, when `spine` is given; see `make`).
    ///
    /// An ID assertion that disagrees with its step is followed by ID (§3.5); an assertion whose
    /// ID is nowhere in the document makes the CFI invalid (nil), as §3.5 requires. A step past
    /// the spine's end clamps to the last itemref.
    public func spineIndex(packageTree: XMLTree, spine: Spine? = nil) -> Int? {
        guard let steps = parts.first, !steps.isEmpty,
              let itemrefs = SpineItemrefs(packageTree: packageTree, spine: spine),
              let target = Walk.target(of: steps, from: itemrefs.package, in: packageTree) else { return nil }
        switch target {
        case .element(let element):
            return itemrefs.spineIndex(of: element)
        case .start(let parent):
            return SpineItemrefs.isOPF(parent, "spine") && !itemrefs.itemrefs.isEmpty ? 0 : nil
        case .end(let parent):
            return SpineItemrefs.isOPF(parent, "spine") && !itemrefs.itemrefs.isEmpty ? itemrefs.itemrefs.count - 1 : nil
        case .chunk:
            return nil
        }
    }

    /// The position the content part points to in `contentTree`: a text (or CDATA) node and an
    /// offset in it in Unicode scalars, or an element and 0 when the CFI ends at an element or
    /// between elements (its content start is the position; `TextOffsets.offset(node:offsetInNode:)`
    /// takes either).
    ///
    /// A CFI without a content part resolves to the start of the document; one that steps on into
    /// an embedded document (a second `!`, §3.1.3) stops at the embedding element. A character
    /// offset past its chunk clamps to the chunk's end; an offset falling between two text nodes of
    /// one chunk belongs to the following one. An ID assertion that disagrees with its step is
    /// followed by ID (§3.5), and nil when that ID is nowhere in the document; steps past the end
    /// clamp.
    public func resolve(contentTree: XMLTree) -> (node: Int, offsetInNode: Int)? {
        guard let root = contentTree.root else { return nil }
        guard parts.count > 1, !parts[1].isEmpty else { return (Int(root.index), 0) }
        guard let target = Walk.target(of: parts[1], from: root, in: contentTree) else { return nil }
        switch target {
        case .element(let element):
            return (Int(element.index), 0)
        case .start(let parent):
            return (Int(parent.index), 0)
        case .end(let parent):
            return Self.end(of: parent)
        case .chunk(let parent, let chunk):
            return Self.position(in: chunk, of: parent, utf16Offset: characterOffset ?? 0)
        }
    }

    /// The position `utf16Offset` code units into a chunk of character data.
    private static func position(in chunk: Int, of parent: XMLNode, utf16Offset: Int) -> (node: Int, offsetInNode: Int) {
        let nodes = CFINodes.chunk(chunk, of: parent).filter { CFINodes.utf16Length($0) > 0 }
        guard let last = nodes.last else {
            // An empty chunk is the boundary between two elements: the start of the next one's
            // content, or the end of the parent's when it is the last chunk.
            if let next = parent.elementChildren.dropFirst(chunk).first { return (Int(next.index), 0) }
            return end(of: parent)
        }
        var remaining = max(utf16Offset, 0)
        for node in nodes {
            let length = CFINodes.utf16Length(node)
            if remaining < length || node == last {
                let text = node.text ?? ""
                return (Int(node.index), CFINodes.scalarOffset(ofUTF16: min(remaining, length), in: text))
            }
            remaining -= length
        }
        return (Int(last.index), last.text?.unicodeScalars.count ?? 0)
    }

    /// The end of an element's content: the end of its last text, or the element itself when it
    /// holds none (its start and end are then one position).
    private static func end(of element: XMLNode) -> (node: Int, offsetInNode: Int) {
        guard let text = CFINodes.lastText(in: element) else { return (Int(element.index), 0) }
        return (Int(text.index), text.text?.unicodeScalars.count ?? 0)
    }

    /// Walks steps down from an element (§3.1.1).
    enum Walk {
        /// Where a path of steps ends.
        enum Target {
            /// A real child element.
            case element(XMLNode)
            /// The virtual element `/0`: before the parent's first chunk.
            case start(XMLNode)
            /// The virtual element `/n+2` after the last chunk, or any step past it.
            case end(XMLNode)
            /// Chunk number `chunk` (0-based, so step `2*chunk+1`) of character data in the parent.
            case chunk(XMLNode, Int)
        }

        static func target(of steps: [Step], from root: XMLNode, in tree: XMLTree) -> Target? {
            var current = root
            for (i, step) in steps.enumerated() {
                let isLast = i == steps.count - 1
                let elements = current.elementChildren
                if step.index % 2 == 1 {
                    // A chunk has no children: any steps after it are ignored.
                    return .chunk(current, min((step.index - 1) / 2, elements.count))
                }
                if step.index == 0 && step.id == nil { return .start(current) }
                let k = step.index / 2 - 1
                var element = elements.indices.contains(k) ? elements[k] : nil
                if let id = step.id, element.flatMap(CFINodes.id(of:)) != id {
                    guard let byID = CFINodes.element(withID: id, in: tree) else { return nil }
                    element = byID
                }
                guard let next = element ?? (isLast ? nil : elements.last) else { return .end(current) }
                current = next
            }
            return .element(current)
        }
    }
}
