import FolioPublication
import FolioXML

/// The EPUB 2 `guide`, read from the package document where the opener keeps it.
/// https://idpf.org/epub/20/spec/OPF_2.0.1_draft.htm#Section2.6
enum GuideReading {
    /// The container path (with fragment) of the guide's `text` reference: where the body of
    /// the book starts.
    static func textReference(_ publication: Publication) -> String? {
        guard let guide = publication.packageTree.root?.child("guide", namespace: Namespace.opf) else { return nil }
        for reference in guide.children("reference", namespace: Namespace.opf) where reference.attribute("type")?.lowercased() == "text" {
            guard let href = reference.attribute("href"),
                  let resolved = ContainerPath.resolve(href, relativeTo: publication.packagePath) else { continue }
            return resolved.path + (resolved.fragment.map { "#" + $0 } ?? "")
        }
        return nil
    }
}
