import FolioCore
import FolioImage
import FolioLayout
import FolioPublication
import FolioStyle
import FolioText
import FoundationEssentials
import Glibc

/// The book's images for layout (intrinsic sizes) and rendering (pixels), read once each.
///
/// Only files the manifest lists are read: a book cannot show a file it did not declare.
/// https://www.w3.org/TR/epub-33/#sec-manifest-elem
public final class BookImages: @unchecked Sendable {
    public let publication: Publication
    private let lock = Lock()
    private var sizes: [String: (width: Double, height: Double)?] = [:]
    /// Whether each image sized so far is vector (SVG), by path.
    private var vector: [String: Bool] = [:]
    /// Images are at most this many bytes (a larger file is shown as its alt text).
    public static let fileLimit = 64 << 20
    /// How much of a raster image is read for its size: its header is there (a JPEG's EXIF and
    /// colour profile come before its frame header); a file whose size is not found in it is
    /// read whole. **Why:** reading every image of a picture book whole to learn its size was
    /// a twentieth of laying it out.
    static let headerBytes = 16 << 10

    public init(_ publication: Publication) {
        self.publication = publication
    }

    /// Images carried in the book's documents (inline SVG drawings, `data:` URLs), by the path
    /// layout gave them.
    private var inline: [String: [UInt8]] = [:]

    /// Keeps an image carried in a document (an inline SVG drawing, a `data:` URL's bytes)
    /// under `path` (the document's path and a fragment of its own), to be drawn like an image
    /// file; its intrinsic size, nil when it cannot be read.
    public func registerInline(_ path: String, data: [UInt8]) -> (width: Double, height: Double)? {
        guard data.count <= Self.fileLimit else { return nil }
        lock.lock()
        inline[path] = data
        sizes[path] = nil
        lock.unlock()
        return size(path)
    }

    /// Where the image at `path` comes from: bytes a document carried, or a file of the book
    /// (the first drawable item of its fallback chain), nil when it is not in the manifest.
    private enum Source {
        case carried([UInt8])
        case file(String, isSVG: Bool)
    }

    private func source(_ path: String) -> Source? {
        lock.lock()
        let drawing = inline[path]
        lock.unlock()
        if let drawing { return .carried(drawing) }
        guard let item = publication.manifest.item(path: path) else {
            // A file that is not in the book at all is missing, which layout reports.
            if publication.container.contains(path) {
                publication.diagnostics.warn("resource.unlisted", "\(path) is not in the manifest; it is not shown", at: path)
            }
            return nil
        }
        // An image in a format Folio does not draw (a PSD, a TIFF) is drawn by the first item of
        // its manifest fallback chain that is one it does (W3C pub-foreign_image).
        let path = Self.drawable(item, in: publication.manifest)?.path ?? path
        let isSVG = path.lowercased().hasSuffix(".svg") || publication.manifest.item(path: path)?.contentType == "image/svg+xml"
        return .file(path, isSVG: isSVG)
    }

    private func bytes(_ path: String) -> [UInt8]? {
        switch source(path) {
        case nil: return nil
        case .carried(let data): return data
        case .file(let path, let isSVG): return fileBytes(path, isSVG: isSVG)
        }
    }

    private func fileBytes(_ path: String, isSVG: Bool) -> [UInt8]? {
        guard let data = try? publication.read(path, limit: Self.fileLimit) else { return nil }
        guard isSVG else { return data }
        return SVGStyleImports.inlined(data, path: path) { href, base in
            guard let sheet = ContainerPath.resolve(href, relativeTo: base)?.path,
                  let bytes = try? publication.read(sheet, limit: 1 << 20) else { return nil }
            return (sheet, String(decoding: bytes, as: UTF8.self))
        }
    }

    /// The image's format and size: a raster file's from its first `headerBytes`, read whole
    /// only when its size is not found there; an SVG's from the whole document.
    private func probe(_ path: String) -> ImageInfo? {
        switch source(path) {
        case nil: return nil
        case .carried(let data): return ImageProbe.probe(data)
        case .file(let path, let isSVG):
            if !isSVG, let header = try? publication.readPrefix(path, count: Self.headerBytes) {
                // Fewer bytes than asked for are the whole file.
                let complete = header.count < Self.headerBytes
                if let info = ImageProbe.probe(header, complete: complete) { return info }
                if complete { return nil }
            }
            return fileBytes(path, isSVG: isSVG).flatMap { ImageProbe.probe($0) }
        }
    }

    /// The image types Folio decodes.
    static let drawableTypes: Set<String> = ["image/png", "image/jpeg", "image/gif", "image/webp", "image/svg+xml", "image/avif", "image/jxl"]

    /// The item itself when it is of a type Folio draws, else the first such item along its
    /// `fallback` chain (at most 16 steps, never round a loop); nil when there is none, or for
    /// an item that is no image at all.
    static func drawable(_ item: ManifestItem, in manifest: Manifest) -> ManifestItem? {
        var current = item
        var seen: Set<String> = []
        for _ in 0..<16 {
            if drawableTypes.contains(current.contentType) { return current }
            guard let next = current.fallback, seen.insert(current.id).inserted, let found = manifest.item(id: next) else { return nil }
            current = found
        }
        return nil
    }

    /// The intrinsic size in CSS px, or nil when the file is missing or not an image.
    public func size(_ path: String) -> (width: Double, height: Double)? {
        lock.lock()
        if let known = sizes[path] {
            lock.unlock()
            return known
        }
        lock.unlock()
        let info = probe(path)
        let size = info.map { (width: $0.width, height: $0.height) }
        lock.lock()
        sizes[path] = size
        vector[path] = info?.format == .svg
        lock.unlock()
        return size
    }

    /// A raster image's size in pixels; nil for a vector image (drawn sharp at any size) and
    /// for one that cannot be read.
    public func pixels(_ path: String) -> (width: Int, height: Int)? {
        guard let size = size(path) else { return nil }
        lock.lock()
        let isVector = vector[path] ?? true
        lock.unlock()
        return isVector ? nil : (Int(size.width.rounded()), Int(size.height.rounded()))
    }

    /// The image decoded for a `width`×`height` device-pixel box (SVG is drawn at that size).
    public func bitmap(_ path: String, width: Int, height: Int) -> Bitmap? {
        guard let data = bytes(path) else { return nil }
        do {
            return try ImageDecoder.decode(data, size: (width, height))
        } catch {
            publication.diagnostics.warn("image.undecodable", "\(error); drawn as a placeholder", at: path)
            return nil
        }
    }
}

extension BookLayout {
    /// A layout whose images are `images`': their sizes from the files' headers, and the images
    /// documents carry (inline SVG drawings, `data:` URLs) kept to be drawn like files.
    public convenience init(publication: Publication, environment: MediaEnvironment, settings: ReaderSettings,
                            metric: TextMetric = .fonts, images: BookImages) {
        self.init(publication: publication, environment: environment, settings: settings, metric: metric,
                  imageSize: { images.size($0) }, inlineImage: { images.registerInline($0, data: $1) })
    }
}
