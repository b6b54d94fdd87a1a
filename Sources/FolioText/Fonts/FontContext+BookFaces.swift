import FolioCore
import FolioPublication
import FolioStyle
import FoundationEssentials
import Glibc

/// Loading the book's `@font-face` faces.
extension FontContext {
    /// `format()` hints of files FreeType reads; others (`embedded-opentype`, `svg`) are skipped.
    /// https://www.w3.org/TR/css-fonts-4/#font-face-src-parsing
    static let readableFormats: Set<String> = [
        "woff", "woff2", "truetype", "opentype", "collection",
        "woff-variations", "woff2-variations", "truetype-variations", "opentype-variations",
    ]

    /// The face of the book's `@font-face` rule at `index`: its `src` entries tried in order,
    /// each one that fails warned (`font.unreadable`) and passed over.
    func loadBookFace(_ index: Int) -> FontFace? {
        if let loaded = bookFacesLoaded[index] { return loaded }
        let (rule, sheet) = bookRules[index]
        var face: FontFace?
        for source in rule.sources {
            face = loadSource(source, family: rule.family, sheet: sheet)
            if face != nil { break }
        }
        bookFacesLoaded[index] = face
        return face
    }

    private func loadSource(_ source: FontFaceSource, family: String?, sheet: String) -> FontFace? {
        switch source {
        case .local(let name):
            return localFont(named: name).flatMap { loadFile($0.path) }
        case .url(let href, let format):
            if let format, !Self.readableFormats.contains(format) { return nil }
            let path: String
            let bytes: [UInt8]?
            if href.lowercased().hasPrefix("data:") {
                path = "data: URL in \(sheet)"
                bytes = DataURL.decode(href)?.bytes
            } else if let resolved = ContainerPath.resolve(href, relativeTo: sheet)?.path {
                path = resolved
                bytes = loadResource(resolved)
            } else {
                diagnostics.warn("font.unreadable", "font URL \(href) is not in the book; trying the next source", at: sheet)
                return nil
            }
            guard let bytes else {
                diagnostics.warn("font.unreadable", "font file \(path) is missing; trying the next source", at: sheet)
                return nil
            }
            guard let face = FontFace(data: bytes, source: path, familyOverride: family) else {
                diagnostics.warn("font.unreadable", "font file \(path) is not a font FreeType can read; trying the next source", at: sheet)
                return nil
            }
            return face
        }
    }

    /// `local()` names a face by its full or PostScript name; only the pinned fonts answer,
    /// so that pages do not depend on what else is installed.
    func localFont(named name: String) -> PinnedFont? {
        let wanted = Self.nameKey(name)
        return pinned.first { font in
            let style = font.weight >= 600 ? (font.isItalic ? "bolditalic" : "bold") : (font.isItalic ? "italic" : "")
            let base = Self.nameKey(font.family)
            return wanted == base + style || (style.isEmpty && wanted == base + "regular")
        }
    }

    /// Case, spaces and hyphens ignored: "Liberation Serif Bold" = "LiberationSerif-Bold".
    static func nameKey(_ name: String) -> String {
        String(name.lowercased().filter { $0 != " " && $0 != "-" })
    }
}
