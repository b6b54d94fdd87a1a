import FolioCore
import FolioXML

/// The `metadata` element: Dublin Core elements, EPUB 3 `meta` properties with their refinements,
/// and EPUB 2 `opf:` attributes and `name`/`content` metas, merged into one `Metadata`.
///
/// https://www.w3.org/TR/epub-33/#sec-pkg-metadata
extension PackageParser {
    static func parseMetadata(_ element: XMLNode?, uniqueIdentifierID: String?, _ context: Context) -> Metadata {
        var metadata = Metadata()
        guard let element else {
            context.warn("opf.metadata-missing", "the package has no <metadata>")
            return metadata
        }
        let entries = metadataEntries(element)
        metadata.metas = entries.compactMap { readMeta($0, context) }
        let refinements = Refinements(metadata.metas, prefixes: context.prefixes)
        readDublinCore(entries, refinements, into: &metadata, context)
        metadata.uniqueIdentifier = uniqueIdentifier(metadata.identifiers, id: uniqueIdentifierID, at: element, context)
        let primary = metadata.metas.filter { $0.refines == nil }
        metadata.modified = primary.first { context.prefixes.canonical($0.property) == "dcterms:modified" }?.value
        metadata.series = series(primary, refinements, context)
        metadata.rendition = globalRendition(primary, context)
        metadata.mediaOverlays = mediaOverlays(metadata.metas, context)
        checkRequired(metadata, at: element, context)
        return metadata
    }

    /// The metadata element's children; OEBPS 1.x wrapped them in `dc-metadata` and `x-metadata`.
    private static func metadataEntries(_ element: XMLNode) -> [XMLNode] {
        element.elementChildren.flatMap { child in
            let name = opfName(child)?.lowercased()
            return name == "dc-metadata" || name == "x-metadata" ? child.elementChildren : [child]
        }
    }

    /// One `meta`: EPUB 3 `property` with a text value, or EPUB 2 `name` with `content`.
    private static func readMeta(_ element: XMLNode, _ context: Context) -> Meta? {
        guard opfName(element) == "meta" else { return nil }
        let language = element.language
        if let property = element.attribute("property").map(collapsingWhitespace), !property.isEmpty {
            return Meta(property: property, value: collapsingWhitespace(element.textContent),
                        refines: refinedID(element.attribute("refines")), id: element.attribute("id"),
                        scheme: element.attribute("scheme").map(collapsingWhitespace), language: language)
        }
        if let name = element.attribute("name").map(collapsingWhitespace), !name.isEmpty {
            return Meta(property: name, value: collapsingWhitespace(element.attribute("content") ?? element.textContent),
                        id: element.attribute("id"), scheme: element.attribute("scheme"), language: language)
        }
        context.warn("opf.meta-without-property", "a <meta> has neither property nor name; ignored", severity: .info, at: element)
        return nil
    }

    /// The Dublin Core local name (lowercased): in a DC namespace, or with an undeclared `dc:` prefix.
    private static func dublinCoreName(_ node: XMLNode) -> String? {
        if let uri = node.namespaceURI {
            // 1.1 for OPF 2 and 3; 1.0 in OEBPS 1.x books.
            return uri.hasPrefix("http://purl.org/dc/elements/1.") ? node.localName.lowercased() : nil
        }
        let local = node.localName
        return local.lowercased().hasPrefix("dc:") ? String(local.dropFirst(3)).lowercased() : nil
    }

    private static func readDublinCore(_ entries: [XMLNode], _ refinements: Refinements, into metadata: inout Metadata, _ context: Context) {
        var titles: [Title] = []
        var creators: [Contributor] = []
        var contributors: [Contributor] = []
        for element in entries {
            guard let name = dublinCoreName(element) else { continue }
            let value = collapsingWhitespace(element.textContent)
            let id = element.attribute("id")
            guard !value.isEmpty else {
                if ["title", "creator", "identifier", "language"].contains(name) {
                    context.warn("opf.metadata-empty-value", "an empty dc:\(name) is ignored", severity: .info, at: element)
                }
                continue
            }
            switch name {
            case "title":
                titles.append(Title(value: value, type: refinements.first("title-type", of: id)?.value,
                                    displaySeq: refinements.displaySeq(of: id), language: element.language,
                                    direction: direction(element.attribute("dir")) ?? context.direction,
                                    fileAs: refinements.first("file-as", of: id)?.value))
            case "creator":
                creators.append(contributor(element, value, refinements, context))
            case "contributor":
                contributors.append(contributor(element, value, refinements, context))
            case "language":
                metadata.languages.append(value)
            case "identifier":
                let type = refinements.first("identifier-type", of: id)
                let scheme = opfAttribute(element, "scheme")
                    ?? type.map { $0.scheme.map(context.prefixes.canonical) == "onix:codelist5" ? onixIdentifierTypes[$0.value] ?? $0.value : $0.value }
                metadata.identifiers.append(Identifier(value: value, id: id, scheme: scheme))
            case "date":
                metadata.dates.append(DateEntry(value: value, event: opfAttribute(element, "event")))
            case "publisher":
                metadata.publishers.append(value)
            case "description":
                if metadata.description == nil { metadata.description = value }
            case "subject":
                metadata.subjects.append(value)
            case "rights":
                metadata.rights.append(value)
            default:
                break  // coverage, source, type, format, relation: nothing a reader shows yet
            }
        }
        metadata.titles = inDisplayOrder(titles) { $0.displaySeq }
        metadata.creators = inDisplayOrder(creators) { $0.displaySeq }
        metadata.contributors = inDisplayOrder(contributors) { $0.displaySeq }
    }

    /// A creator or contributor: EPUB 3 `role`/`file-as`/`display-seq` refinements, EPUB 2
    /// `opf:role`/`opf:file-as` attributes.
    private static func contributor(_ element: XMLNode, _ name: String, _ refinements: Refinements, _ context: Context) -> Contributor {
        let id = element.attribute("id")
        var person = Contributor(name: name, fileAs: refinements.first("file-as", of: id)?.value ?? opfAttribute(element, "file-as"),
                                 displaySeq: refinements.displaySeq(of: id))
        var roles = refinements.all("role", of: id).map(\.value)
        if let role = opfAttribute(element, "role") { roles.append(role) }
        var seen: Set<String> = []
        for role in roles where seen.insert(role).inserted { person.roles.append(role) }
        person.language = element.language
        person.direction = direction(element.attribute("dir")) ?? context.direction
        return person
    }

    /// The identifier `unique-identifier` names. When the attribute is missing or names nothing,
    /// the first identifier stands in (with a warning), so a reader still has a key for the book.
    private static func uniqueIdentifier(_ identifiers: [Identifier], id: String?, at element: XMLNode, _ context: Context) -> String? {
        guard let id, !id.isEmpty else {
            context.warn("opf.unique-identifier-missing", "the package has no unique-identifier attribute; using the first dc:identifier", at: element)
            return identifiers.first?.value
        }
        if let match = identifiers.first(where: { $0.id == id }) { return match.value }
        context.warn("opf.unique-identifier-dangling", "unique-identifier \"\(id)\" names no dc:identifier; using the first one", at: element)
        return identifiers.first?.value
    }

    /// Series from EPUB 3 `belongs-to-collection` (with `group-position` and `collection-type`) and
    /// calibre's `calibre:series`/`calibre:series_index`; one series named both ways is kept once.
    private static func series(_ primary: [Meta], _ refinements: Refinements, _ context: Context) -> [Series] {
        var series: [Series] = primary.filter { context.prefixes.canonical($0.property) == "belongs-to-collection" && !$0.value.isEmpty }
            .map { Series(name: $0.value, position: refinements.first("group-position", of: $0.id)?.value,
                          type: refinements.first("collection-type", of: $0.id)?.value) }
        if let name = primary.first(where: { $0.property == "calibre:series" && !$0.value.isEmpty })?.value {
            let index = primary.first { $0.property == "calibre:series_index" && !$0.value.isEmpty }?.value
            if let i = series.firstIndex(where: { $0.name == name }) {
                series[i].position = series[i].position ?? index
            } else {
                series.append(Series(name: name, position: index, type: "series"))
            }
        }
        return series
    }

    /// Media Overlays metadata: `media:duration` (total, or per overlay with `refines`),
    /// `media:narrator`, `media:active-class`, `media:playback-active-class`.
    ///
    /// https://www.w3.org/TR/epub-33/#sec-mo-package-metadata
    private static func mediaOverlays(_ metas: [Meta], _ context: Context) -> MediaOverlayMetadata {
        var overlays = MediaOverlayMetadata()
        for meta in metas {
            switch context.prefixes.canonical(meta.property) {
            case "media:duration":
                let clock: ClockValue
                switch ClockValue.reading(meta.value) {
                case .success(let value):
                    clock = value
                case .failure(let problem):
                    context.warn("opf.media-duration-invalid", "media:duration \"\(meta.value)\" \(problem); ignored")
                    continue
                }
                if let target = meta.refines {
                    overlays.itemDurations[target] = clock.seconds
                } else if overlays.duration == nil {
                    overlays.duration = clock.seconds
                }
            case "media:narrator" where meta.refines == nil && !meta.value.isEmpty:
                overlays.narrators.append(meta.value)
            case "media:active-class" where meta.refines == nil && !meta.value.isEmpty:
                overlays.activeClass = overlays.activeClass ?? meta.value
            case "media:playback-active-class" where meta.refines == nil && !meta.value.isEmpty:
                overlays.playbackActiveClass = overlays.playbackActiveClass ?? meta.value
            default:
                continue
            }
        }
        return overlays
    }

    /// The metadata every book must have; a reader can do without, so these only warn.
    private static func checkRequired(_ metadata: Metadata, at element: XMLNode, _ context: Context) {
        if metadata.titles.isEmpty { context.warn("opf.title-missing", "the package has no dc:title", at: element) }
        if metadata.identifiers.isEmpty { context.warn("opf.identifier-missing", "the package has no dc:identifier", at: element) }
        if metadata.languages.isEmpty { context.warn("opf.language-missing", "the package has no dc:language", severity: .info, at: element) }
    }
}
