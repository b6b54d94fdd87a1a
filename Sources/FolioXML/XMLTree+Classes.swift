extension XMLTree {
    /// A copy of the tree with class names added to elements (`class="a"` becomes `class="a b"`),
    /// every node keeping its index, so that offsets and node indices made for this tree hold for
    /// the copy. Used to restyle a document as a reading system sets a class on it, such as the
    /// Media Overlays active class. https://www.w3.org/TR/epub-33/#sec-docs-assoc-style
    /// Indices that are not elements are ignored.
    public func addingClasses(_ additions: [(node: Int, className: String)]) -> XMLTree {
        var records = self.records
        var attributes = self.attributes
        var names = self.names
        var texts = self.texts
        let className = QualifiedName(namespaceURI: nil, prefix: nil, localName: "class")
        let classIndex: Int32
        if let known = names.firstIndex(of: className) {
            classIndex = Int32(known)
        } else {
            classIndex = Int32(names.count)
            names.append(className)
        }
        for (node, added) in additions where records.indices.contains(node) && records[node].kind == .element {
            // The element's attributes move to the end of the table with the class changed or added.
            let record = records[node]
            var own = Array(attributes[Int(record.attributeStart)..<Int(record.attributeStart + record.attributeCount)])
            if let k = own.firstIndex(where: { $0.name == classIndex }) {
                texts.append(texts[Int(own[k].value)] + " " + added)
                own[k].value = Int32(texts.count - 1)
            } else {
                texts.append(added)
                own.append(Attribute(name: classIndex, value: Int32(texts.count - 1)))
            }
            records[node].attributeStart = Int32(attributes.count)
            records[node].attributeCount = Int32(own.count)
            attributes.append(contentsOf: own)
        }
        let blank = blankTexts + texts[blankTexts.count...].map(Self.isBlank)
        return XMLTree(path: path, wasRecovered: wasRecovered, records: records, attributes: attributes, names: names, texts: texts,
                       blankTexts: blank)
    }
}
