import FolioCore
import FolioPublication
import FolioXML

/// Reads a Media Overlay document (SMIL 3.0 as EPUB profiles it) into a `MediaOverlay`.
///
/// https://www.w3.org/TR/epub-33/#sec-overlay-docs
/// `body` and nested `seq`s are flattened into their `par`s in document order. Lenient: a `par`
/// without a usable `text`, with an unparseable clock value, or with `clipEnd` before `clipBegin` is
/// skipped with a warning (`smil.*`); the rest of the document still counts.
public enum SMILParser {
    /// Parses the bytes of a SMIL file at container path `path`.
    public static func parse(_ bytes: [UInt8], path: String, diagnostics: Diagnostics) throws(MarkupError) -> MediaOverlay {
        let tree = try MarkupParser.parse(bytes, path: path, recovery: .xml, diagnostics: diagnostics)
        return parse(tree, path: path, diagnostics: diagnostics)
    }

    /// Walks a parsed SMIL tree. Never throws: a document without `body` gives no clips and a warning.
    public static func parse(_ tree: XMLTree, path: String, diagnostics: Diagnostics) -> MediaOverlay {
        guard let root = tree.root, root.localName == "smil" else {
            diagnostics.warn("smil.not-smil", "the media overlay's root element is not smil", at: path)
            return MediaOverlay(path: path, clips: [])
        }
        guard let body = root.child("body", namespace: Namespace.smil) ?? root.child("body") else {
            diagnostics.warn("smil.no-body", "the media overlay has no body", at: path)
            return MediaOverlay(path: path, clips: [])
        }
        var clips: [OverlayClip] = []
        var escapableCount = 0
        // An explicit stack (children reversed) rather than recursion: a hostile file may nest deeply.
        let bodyContext = context(for: body, in: Context(), escapableCount: &escapableCount)
        var stack: [(XMLNode, Context)] = body.elementChildren.reversed().map { ($0, bodyContext) }
        while let (node, outer) = stack.popLast() {
            switch node.localName {
            case "seq":
                let inner = context(for: node, in: outer, escapableCount: &escapableCount)
                stack.append(contentsOf: node.elementChildren.reversed().map { ($0, inner) })
            case "par":
                let inner = context(for: node, in: outer, escapableCount: &escapableCount)
                if let clip = clip(node, context: inner, path: path, diagnostics: diagnostics) { clips.append(clip) }
            default:
                continue  // SMIL allows nothing else in EPUB's profile; ignore rather than fail.
            }
        }
        return MediaOverlay(path: path, clips: clips)
    }

    /// What enclosing `seq`s say about the clips inside them.
    struct Context {
        var types: [String] = []
        var skippable = false
        var escapableGroup: Int?
    }

    private static func context(for node: XMLNode, in outer: Context, escapableCount: inout Int) -> Context {
        var inner = outer
        let types = (node.attribute("type", namespace: Namespace.epub) ?? "").split(whereSeparator: \.isWhitespace).map(String.init)
        inner.types += types
        if types.contains(where: OverlayStructures.skippable.contains) { inner.skippable = true }
        if outer.escapableGroup == nil, types.contains(where: OverlayStructures.escapable.contains) {
            escapableCount += 1
            inner.escapableGroup = escapableCount
        }
        return inner
    }

    private static func clip(_ par: XMLNode, context: Context, path: String, diagnostics: Diagnostics) -> OverlayClip? {
        let location = par.location
        guard let text = par.child("text", namespace: Namespace.smil) ?? par.child("text"),
              let src = text.attribute("src"),
              let target = ContainerPath.resolve(src, relativeTo: path) else {
            diagnostics.warn("smil.par-without-text", "a par without a usable text src was skipped", at: location)
            return nil
        }
        var audioPath: String?
        var begin = 0.0
        var end: Double?
        if let audio = par.child("audio", namespace: Namespace.smil) ?? par.child("audio") {
            guard let audioSrc = audio.attribute("src"), let resolved = ContainerPath.resolve(audioSrc, relativeTo: path) else {
                diagnostics.warn("smil.audio-without-src", "a par whose audio has no usable src was skipped", at: location)
                return nil
            }
            audioPath = resolved.path
            guard let clipBegin = clock("clipBegin", of: audio, par: par, diagnostics: diagnostics),
                  let clipEnd = clock("clipEnd", of: audio, par: par, diagnostics: diagnostics) else { return nil }
            begin = clipBegin ?? 0
            end = clipEnd
            if let end, end < begin {
                diagnostics.warn("smil.clip-backwards", "clipEnd \(end)s is before clipBegin \(begin)s; par skipped", at: location)
                return nil
            }
        }
        return OverlayClip(id: par.attribute("id"), text: TextTarget(path: target.path, fragment: target.fragment),
                           audio: audioPath, clipBegin: begin, clipEnd: end, types: context.types,
                           isSkippable: context.skippable, escapableGroup: context.escapableGroup, location: location)
    }

    /// An audio element's clock attribute: `.some(nil)` when absent, nil (with a warning; the
    /// par is skipped) when it is not a clock value or is out of range.
    private static func clock(_ name: String, of audio: XMLNode, par: XMLNode, diagnostics: Diagnostics) -> Double?? {
        guard let written = audio.attribute(name) else { return .some(nil) }
        switch ClockValue.reading(written) {
        case .success(let value):
            return .some(value.seconds)
        case .failure(let problem):
            diagnostics.warn(problem == .outOfRange ? "smil.clock-value-out-of-range" : "smil.bad-clock-value",
                             "\(name) \"\(written)\" \(problem); par skipped", at: par.location)
            return nil
        }
    }
}
