import FolioCore
import FolioPublication

/// The `folio info --json` document. Its keys are stable: add, never rename (README.md lists them).
enum PublicationSummary {
    static func json(_ publication: Publication) -> JSONValue {
        let m = publication.metadata
        let spine: [JSONValue] = publication.spine.items.compactMap { item in
            guard let resource = publication.manifest.item(id: item.renderableID) else { return nil }
            return .object([
                ("href", .string(resource.path)),
                ("mediaType", .string(resource.mediaType)),
                ("linear", .bool(item.linear)),
                ("properties", .strings(item.properties)),
            ])
        }
        return .object([
            ("title", .string(m.title)),
            ("titles", .array(m.titles.map {
                .object([("title", .string($0.value)), ("type", .string($0.type)), ("dir", .string($0.direction ?? "auto")), ("lang", .string($0.language))])
            })),
            ("creators", .array(m.creators.map(contributor))),
            ("contributors", .array(m.contributors.map(contributor))),
            ("languages", .strings(m.languages)),
            ("identifier", .string(m.uniqueIdentifier)),
            ("identifiers", .array(m.identifiers.map { .object([("value", .string($0.value)), ("scheme", .string($0.scheme))]) })),
            ("version", .string(publication.version)),
            ("publisher", .string(m.publishers.first)),
            ("description", .string(m.description)),
            ("subjects", .strings(m.subjects)),
            ("rights", .strings(m.rights)),
            ("date", .string(m.dates.first?.value)),
            ("modified", .string(m.modified)),
            ("series", .array(m.series.map { .object([("name", .string($0.name)), ("position", .string($0.position))]) })),
            ("readingProgression", .string(publication.readingProgression.rawValue)),
            ("layout", .string(publication.layout)),
            ("rendition", .object([
                ("orientation", .string(m.rendition.orientation)),
                ("spread", .string(m.rendition.spread)),
                ("flow", .string(m.rendition.flow)),
            ])),
            ("cover", .string(publication.cover)),
            ("package", .string(publication.packagePath)),
            ("spine", .array(spine)),
            ("tocSource", .string(publication.navigation.source.rawValue)),
            ("toc", .array(publication.navigation.toc.map(navPoint))),
            ("pageList", .array(publication.navigation.pageList.map(navPoint))),
            ("landmarks", .array(publication.navigation.landmarks.map(navPoint))),
            ("mediaOverlays", .object([
                ("duration", .number(m.mediaOverlays.duration)),
                ("narrator", .string(m.mediaOverlays.narrators.isEmpty ? nil : m.mediaOverlays.narrators.joined(separator: ", "))),
                ("activeClass", .string(m.mediaOverlays.activeClass)),
                ("playbackActiveClass", .string(m.mediaOverlays.playbackActiveClass)),
                ("items", .number(Double(publication.manifest.items.filter { $0.mediaType == "application/smil+xml" }.count))),
            ])),
            ("warnings", .array(publication.diagnostics.warnings.map(warning))),
        ])
    }

    static func contributor(_ c: Contributor) -> JSONValue {
        .object([("name", .string(c.name)), ("role", .string(c.role)), ("fileAs", .string(c.fileAs)),
                 ("dir", .string(c.direction ?? "auto")), ("lang", .string(c.language))])
    }

    static func navPoint(_ p: NavPoint) -> JSONValue {
        .object([
            ("title", .string(p.title)),
            ("href", .string(p.href)),
            ("type", .string(p.type)),
            ("hidden", .bool(p.hidden)),
            ("children", .array(p.children.map(navPoint))),
        ])
    }

    static func warning(_ w: Warning) -> JSONValue {
        .object([
            ("code", .string(w.code)),
            ("severity", .string(w.severity.rawValue)),
            ("message", .string(w.message)),
            ("location", .string(w.location)),
        ])
    }
}
