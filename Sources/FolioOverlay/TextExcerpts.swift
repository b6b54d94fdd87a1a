import FolioCore
import FolioPublication
import FolioXML

/// Short excerpts of the text a clip targets, for listings: the text of the element whose `id` is
/// the fragment. Each content document is parsed once and cached.
public final class TextExcerpts {
    private let publication: Publication
    private var byDocument: [String: [String: String]] = [:]
    /// Documents that could be read and parsed.
    private var parsed: Set<String> = []
    private let diagnostics = Diagnostics()

    public init(publication: Publication) {
        self.publication = publication
    }

    /// The target's text, whitespace collapsed, cut to `length` characters with an ellipsis; nil when
    /// the document or the id cannot be found.
    public func excerpt(_ target: TextTarget, length: Int = 48) -> String? {
        guard let fragment = target.fragment, let text = ids(in: target.path)[fragment] else { return nil }
        let collapsed = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return collapsed.count > length ? String(collapsed.prefix(length - 1)) + "…" : collapsed
    }

    /// Whether the target's document can be read and, when it names a fragment, has an element with that id.
    public func exists(_ target: TextTarget) -> (document: Bool, id: Bool) {
        guard readable(target.path) else { return (false, false) }
        return (true, target.fragment.map { ids(in: target.path)[$0] != nil } ?? true)
    }

    private func readable(_ path: String) -> Bool {
        _ = ids(in: path)
        return parsed.contains(path)
    }

    private func ids(in path: String) -> [String: String] {
        if let cached = byDocument[path] { return cached }
        var map: [String: String] = [:]
        if let bytes = try? publication.read(path, limit: Publication.documentLimit),
           let tree = try? MarkupParser.parse(bytes, path: path, recovery: .html, diagnostics: diagnostics),
           let root = tree.root {
            parsed.insert(path)
            for node in root.descendants() where node.isElement {
                if let id = node.attribute("id"), map[id] == nil { map[id] = node.textContent }
            }
        }
        byDocument[path] = map
        return map
    }
}
