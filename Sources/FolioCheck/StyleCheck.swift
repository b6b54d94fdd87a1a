import FolioCore
import FolioPublication
import FolioStyle
import FolioText
import FoundationEssentials
import Glibc

/// The book's CSS as Folio reads it: declarations it ignores or lays out differently (counted,
/// with their selectors), `@media` rules no profile matches, positioned content whose visual
/// order other reading systems change, and the files the sheets need (`@import`, fonts, images).
struct StyleCheck {
    let publication: Publication
    let documents: [ContentDocument]
    let environments: [(name: String, environment: MediaEnvironment)]

    /// Sheets read so far, by container path (an inline sheet: its document's path and line).
    private var read: Set<String> = []
    /// Unsupported declarations grouped by sheet and what is wrong: their selectors and first line.
    private var unsupported: [UnsupportedKey: (selectors: [String], count: Int, line: Int)] = [:]
    private var unsupportedOrder: [UnsupportedKey] = []
    private var positioned: [String: (selectors: [String], line: Int)] = [:]
    private var positionedOrder: [String] = []
    /// Fonts checked, by path.
    private var fontsChecked: Set<String> = []
    /// `@import`s are followed this deep.
    static let importDepth = 16
    /// A message names at most this many selectors, each cut to this many characters.
    static let selectorLimit = 5
    static let selectorLength = 60

    struct UnsupportedKey: Hashable {
        var file: String
        var what: String
        var severity: Severity
    }

    init(publication: Publication, documents: [ContentDocument], environments: [(name: String, environment: MediaEnvironment)]) {
        self.publication = publication
        self.documents = documents
        self.environments = environments
    }

    mutating func run(into findings: inout CheckFindings) {
        for document in documents {
            for link in document.stylesheets {
                if let media = link.media, !media.trimmingWhitespace().isEmpty {
                    checkMedia(MediaQueryList.parse(media), text: media, file: document.path, line: link.line, rules: nil, into: &findings)
                }
                readSheet(link.path, depth: 0, into: &findings)
            }
            for style in document.styleElements {
                let key = "\(document.path):\(style.line)"
                guard read.insert(key).inserted else { continue }
                let sheet = CSSParser.parseStylesheet(style.text, path: document.path, diagnostics: Diagnostics())
                walk(sheet.rules, file: document.path, lineBase: style.line - 1, depth: 0, into: &findings)
            }
            for attribute in document.styleAttributes {
                let declarations = CSSParser.parseDeclarations(attribute.text, diagnostics: Diagnostics(), location: document.path)
                check(declarations, selector: "style attribute", file: document.path, line: attribute.line, base: document.path, into: &findings)
            }
        }
        for key in unsupportedOrder {
            guard let entry = unsupported[key] else { continue }
            findings.add(CheckProblem(code: "css.unsupported", severity: key.severity,
                                      message: "\(key.what) (\(Self.counted(entry.count, entry.selectors)))", file: key.file, line: entry.line))
        }
        for file in positionedOrder {
            guard let entry = positioned[file] else { continue }
            findings.add(CheckProblem(code: "a11y.reading-order", severity: .info,
                                      message: "content positioned out of the flow (\(entry.selectors.prefix(Self.selectorLimit).joined(separator: ", "))) "
                                          + "is read in document order but shown elsewhere by reading systems that position it: check that the order still makes sense",
                                      file: file, line: entry.line, ref: BookCheck.Reference.wcagSequence))
        }
    }

    /// `3 declarations: p.x, .y` — the count and the first selectors.
    static func counted(_ count: Int, _ selectors: [String]) -> String {
        let shown = selectors.prefix(selectorLimit).joined(separator: ", ")
        let more = selectors.count > selectorLimit ? ", …" : ""
        return "\(count) declaration\(count == 1 ? "" : "s"): \(shown)\(more)"
    }

    // MARK: Sheets

    private mutating func readSheet(_ path: String, depth: Int, into findings: inout CheckFindings) {
        guard depth <= Self.importDepth, read.insert(path).inserted else { return }
        guard publication.container.contains(path), let bytes = try? publication.read(path, limit: 16 << 20) else { return }   // reported as a missing resource
        let text = String(decoding: bytes, as: UTF8.self)
        let sheet = CSSParser.parseStylesheet(text, path: path, diagnostics: Diagnostics())
        walk(sheet.rules, file: path, lineBase: 0, depth: depth, into: &findings)
    }

    private mutating func walk(_ rules: [CSSRule], file: String, lineBase: Int, depth: Int, into findings: inout CheckFindings) {
        for rule in rules {
            switch rule {
            case .style(let style):
                var selector = style.selectors.map(\.text).joined(separator: ", ")
                if selector.count > Self.selectorLength { selector = String(selector.prefix(Self.selectorLength)) + "…" }
                check(style.declarations, selector: selector, file: file, line: lineBase + style.line, base: file, into: &findings)
            case .media(let media):
                checkMedia(media.queries, text: media.text, file: file, line: lineBase + media.line, rules: media.rules.count, into: &findings)
                walk(media.rules, file: file, lineBase: lineBase, depth: depth, into: &findings)
            case .supports(let supports):
                walk(supports.rules, file: file, lineBase: lineBase, depth: depth, into: &findings)
            case .importRule(let rule):
                guard let target = ContainerPath.resolve(rule.href, relativeTo: file)?.path else { continue }
                if let missing = publication.absence(of: target) {
                    findings.add(CheckProblem(code: "ref.resource-missing", severity: .error,
                                              message: "@import of \(target) leads nowhere: the file \(missing)", file: file,
                                              ref: BookCheck.Reference.links))
                } else {
                    readSheet(target, depth: depth + 1, into: &findings)
                }
            case .fontFace(let face):
                checkFontFace(face, file: file, into: &findings)
            case .page, .namespace:
                continue
            }
        }
    }

    // MARK: Declarations

    private mutating func check(_ declarations: [Declaration], selector: String, file: String, line: Int, base: String,
                                into findings: inout CheckFindings) {
        for declaration in declarations {
            let name = declaration.name
            guard !name.hasPrefix("--") else { continue }
            for url in Self.urls(in: declaration.value) where !url.hasPrefix("data:") && !url.hasPrefix("#") && !ContainerPath.hasScheme(url) {
                guard let target = ContainerPath.resolve(url, relativeTo: base)?.path, let missing = publication.absence(of: target) else { continue }
                findings.add(CheckProblem(code: "ref.resource-missing", severity: .error,
                                          message: "\(name): url(\(url)) leads nowhere: \(target) \(missing)", file: file, line: line,
                                          ref: BookCheck.Reference.links))
            }
            if let what = unsupportedValue(declaration) {
                note(what.text, severity: what.severity, selector: selector, file: file, line: line)
                if what.positioned {
                    if positioned[file] == nil { positionedOrder.append(file) }
                    let known = positioned[file]?.selectors ?? []
                    if known.count <= Self.selectorLimit, !known.contains(selector) {
                        positioned[file, default: ([], line)].selectors.append(selector)
                    }
                }
                continue
            }
            switch PropertyParser.interpret(name: name, value: declaration.value) {
            case .unknownProperty:
                note("unknown property ‘\(name)’ is ignored", severity: .info, selector: selector, file: file, line: line)
            case .invalidValue:
                note("‘\(name): \(declaration.value.cssText)’ is not a value Folio reads: ignored", severity: .warning, selector: selector, file: file, line: line)
            case .longhands(let longhands) where longhands.isEmpty && !name.hasPrefix("-"):
                note("‘\(name)’ has no effect in Folio", severity: .info, selector: selector, file: file, line: line)
            default:
                break
            }
        }
    }

    private mutating func note(_ what: String, severity: Severity, selector: String, file: String, line: Int) {
        let key = UnsupportedKey(file: file, what: what, severity: severity)
        if unsupported[key] == nil {
            unsupportedOrder.append(key)
            unsupported[key] = ([], 0, line)
        }
        unsupported[key]?.count += 1
        // One selector past those shown is enough to say there are more.
        if let known = unsupported[key]?.selectors, known.count <= Self.selectorLimit, !known.contains(selector) {
            unsupported[key]?.selectors.append(selector)
        }
    }

    /// A valid declaration Folio lays out differently from a browser: what happens instead,
    /// and whether it positions content out of the flow.
    private func unsupportedValue(_ declaration: Declaration) -> (text: String, severity: Severity, positioned: Bool)? {
        let words = declaration.value.compactMap { value -> String? in
            if case .token(.ident(let word)) = value { return word.lowercased() }
            return nil
        }
        let name = declaration.name.hasPrefix("-webkit-") ? String(declaration.name.dropFirst(8)) : declaration.name
        switch name {
        case "display":
            guard let word = words.first else { return nil }
            if ["grid", "inline-grid"].contains(word) { return ("display: \(word) is laid out as a \(word == "grid" ? "block" : "inline block"): Folio has no grid layout", .warning, false) }
            if ["flex", "inline-flex", "-webkit-box", "-webkit-flex", "-ms-flexbox", "-webkit-inline-box", "-webkit-inline-flex"].contains(word) {
                return ("display: \(word) is laid out as a \(word.contains("inline") ? "inline block" : "block"): Folio has no flexible box layout", .warning, false)
            }
        case "position":
            guard let word = words.first, ["absolute", "fixed", "sticky"].contains(word) else { return nil }
            return ("position: \(word) is laid out in the flow, where the element is in the document", .warning, word != "sticky")
        case "column-count", "columns", "column-width":
            if words.allSatisfy({ $0 == "auto" }), !declaration.value.contains(where: Self.isNumberAbove1) { return nil }
            return ("\(declaration.name): \(declaration.value.cssText) is set in one column: Folio has no multi-column layout", .warning, false)
        case "order", "flex-direction":
            guard name == "order" || words.contains(where: { $0.hasSuffix("-reverse") }) else { return nil }
            return ("\(declaration.name): \(declaration.value.cssText) has no effect: Folio has no flexible box layout", .info, true)
        default:
            break
        }
        return nil
    }

    private static func isNumberAbove1(_ value: ComponentValue) -> Bool {
        if case .token(let token) = value, case .number(let number, _, _) = token { return number > 1 }
        if case .token(let token) = value, case .dimension = token { return true }
        return false
    }

    /// Every `url(…)` in a value.
    static func urls(in values: [ComponentValue]) -> [String] {
        var out: [String] = []
        for value in values {
            switch value {
            case .token(.url(let url)): out.append(url)
            case .function(let name, let arguments):
                if name.lowercased() == "url" {
                    for case .token(.string(let url)) in arguments { out.append(url) }
                } else {
                    out += urls(in: arguments)
                }
            case .block(_, let content): out += urls(in: content)
            default: break
            }
        }
        return out
    }

    // MARK: Fonts, media

    private mutating func checkFontFace(_ face: FontFaceRule, file: String, into findings: inout CheckFindings) {
        for source in face.sources {
            guard case .url(let url, _) = source, !url.hasPrefix("data:"), !ContainerPath.hasScheme(url),
                  let path = ContainerPath.resolve(url, relativeTo: file)?.path else { continue }
            if let missing = publication.absence(of: path) {
                findings.add(CheckProblem(code: "ref.resource-missing", severity: .error,
                                          message: "@font-face \(face.family.map { "“\($0)” " } ?? "")needs \(path), which \(missing)",
                                          file: file, ref: BookCheck.Reference.links))
                continue
            }
            guard fontsChecked.insert(path).inserted else { continue }
            let bytes = try? publication.read(path, limit: 64 << 20)
            if bytes.flatMap({ FontFace(data: $0, source: path) }) == nil {
                findings.add(CheckProblem(code: "ref.resource-undecodable", severity: .error,
                                          message: "font \(path) cannot be read as a font (or is obfuscated with a key Folio does not have): "
                                              + "its text falls back to another face", file: path))
            }
        }
    }

    /// A media query list that none of the profiles matches.
    private func checkMedia(_ queries: MediaQueryList, text: String, file: String, line: Int, rules: Int?, into findings: inout CheckFindings) {
        guard !environments.isEmpty, !environments.contains(where: { queries.matches($0.environment) }) else { return }
        let what = rules.map { "@media \(text) (\($0) rule\($0 == 1 ? "" : "s"))" } ?? "media=\"\(text)\""
        findings.add(CheckProblem(code: "css.media-unmatched", severity: .info,
                                  message: "\(what) matches none of the profiles checked (\(environments.map(\.name).joined(separator: ", "))): its styles never apply",
                                  file: file, line: line > 0 ? line : nil))
    }
}
