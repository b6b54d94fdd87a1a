import FolioCore

/// EPUB 3 refining `meta` elements (`<meta refines="#creator" property="role">aut</meta>`), by the
/// id they refine.
///
/// https://www.w3.org/TR/epub-33/#sec-meta-elem and https://www.w3.org/TR/epub-33/#app-meta-property-vocab
struct Refinements {
    /// Non-empty refinements by refined id, then by canonical property, in document order. Built
    /// once so that each lookup costs the same however many metas a book has (a package with
    /// thousands of refinements of one title or creator stays linear).
    private var byID: [String: [String: [Meta]]] = [:]

    init(_ metas: [Meta], prefixes: PackagePrefixes) {
        for meta in metas where !meta.value.isEmpty {
            guard let target = meta.refines else { continue }
            byID[target, default: [:]][prefixes.canonical(meta.property), default: []].append(meta)
        }
    }

    /// Every refinement of `id` with this property (compared by vocabulary, see `PackagePrefixes`).
    func all(_ property: String, of id: String?) -> [Meta] {
        guard let id else { return [] }
        return byID[id]?[property] ?? []
    }

    /// The first refinement of `id` with this property.
    func first(_ property: String, of id: String?) -> Meta? {
        all(property, of: id).first
    }

    /// `display-seq`: a positive integer, else nil.
    func displaySeq(of id: String?) -> Int? {
        guard let value = first("display-seq", of: id)?.value, let n = Int(value), n > 0 else { return nil }
        return n
    }
}

extension PackageParser {
    /// The `refines` target without its `#`: `#creator01` → `creator01`. EPUB 3.0 allowed other
    /// relative IRIs here too; those are kept as written.
    static func refinedID(_ refines: String?) -> String? {
        guard let refines = refines?.trimmingSpaces(), !refines.isEmpty else { return nil }
        return refines.hasPrefix("#") ? String(refines.dropFirst()) : refines
    }

    /// Items with a `display-seq` first, in that order, then the others in document order.
    static func inDisplayOrder<T>(_ items: [T], _ seq: (T) -> Int?) -> [T] {
        let numbered = items.enumerated().compactMap { i, item in seq(item).map { (seq: $0, index: i, item: item) } }
            .sorted { ($0.seq, $0.index) < ($1.seq, $1.index) }
        return numbered.map(\.item) + items.filter { seq($0) == nil }
    }

    /// ONIX code list 5 identifier types that name a familiar scheme.
    /// https://www.editeur.org/14/Code-Lists/ (list 5)
    static let onixIdentifierTypes: [String: String] = [
        "01": "proprietary", "02": "ISBN", "03": "GTIN-13", "04": "UPC", "06": "DOI", "13": "LCCN",
        "15": "ISBN", "22": "URN", "23": "OCLC", "26": "ISMN",
    ]
}
