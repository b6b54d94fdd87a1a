import FolioCore
import FolioXML

extension PackageParser {
    /// The EPUB 2 `guide`: references to structural parts of the book.
    ///
    /// https://idpf.org/epub/20/spec/OPF_2.0.1_draft.htm#Section2.6
    static func parseGuide(_ element: XMLNode?, _ context: Context) -> [GuideReference] {
        children("reference", of: element).compactMap { node in
            guard let type = nonEmpty(node.attribute("type")), let href = nonEmpty(node.attribute("href")) else {
                context.warn("opf.guide-reference-invalid", "a guide reference lacks a type or an href; skipped", at: node)
                return nil
            }
            guard let link = ContainerPath.resolveLink(href, relativeTo: context.path) else {
                context.warn("opf.guide-href-outside-container", "guide reference \"\(type)\" points outside the container (\(href)); skipped", at: node)
                return nil
            }
            if ContainerPath.climbsAboveRoot(href, relativeTo: context.path) {
                context.warn("opf.guide-href-above-root", "guide reference \"\(type)\" climbs above the container root (\(href)); read as \(link)", at: node)
            }
            return GuideReference(type: type, title: node.attribute("title").map(collapsingWhitespace), href: link)
        }
    }
}
