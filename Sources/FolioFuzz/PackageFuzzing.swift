import FolioCore
import FolioPublication
import FolioXML

/// Parses bytes as a package document (OPF): metadata with its refinements, manifest, spine, guide.
enum PackageFuzzing {
    static func run(_ bytes: [UInt8]) -> String {
        let diagnostics = Diagnostics()
        let tree: XMLTree
        do {
            tree = try MarkupParser.parse(bytes, path: "OEBPS/content.opf", recovery: .xml, diagnostics: diagnostics)
        } catch {
            return "not XML: \(error.reason)"
        }
        let package = PackageParser.parse(tree, path: "OEBPS/content.opf", diagnostics: diagnostics)
        return "package \(package.version): \(package.manifest.items.count) manifest items, \(package.spine.items.count) spine items, "
            + "title \(package.metadata.title ?? "none"), \(diagnostics.warnings.count) warnings"
    }
}
