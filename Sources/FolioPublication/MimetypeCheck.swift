import FolioCore

/// Checks the OCF `mimetype` file: present, exactly `application/epub+zip`, and — in a zip —
/// the first entry, stored uncompressed, with no extra field in its local header.
///
/// https://www.w3.org/TR/epub-33/#sec-zip-container-mime
///
/// Reading systems do not need any of this to open a book (Folio does not), so every finding
/// is a warning, never an error: it tells the author their packaging is off.
public func checkMimetype(in container: any Container, diagnostics: Diagnostics) {
    let path = "mimetype"
    let expected = "application/epub+zip"
    guard container.contains(path) else {
        diagnostics.warn("ocf.mimetype-missing", "the container has no `mimetype` file", at: container.location)
        return
    }
    if let bytes = try? container.read(path, limit: 1024) {
        if bytes != Array(expected.utf8) {
            let shown = String(decoding: bytes.prefix(64), as: UTF8.self).debugDescription
            diagnostics.warn("ocf.mimetype-wrong", "`mimetype` holds \(shown), not exactly \"\(expected)\"", at: path)
        }
    } else {
        diagnostics.warn("ocf.mimetype-wrong", "`mimetype` cannot be read or is far too long to be \"\(expected)\"", at: path)
    }
    guard let zip = container as? ZipContainer else { return }
    if zip.firstEntryPath != path {
        diagnostics.warn("ocf.mimetype-not-first", "`mimetype` is not the first entry of the zip archive", severity: .info, at: path)
    }
    if let storage = zip.storage(of: path), storage.isCompressed {
        diagnostics.warn("ocf.mimetype-compressed", "`mimetype` is compressed (method \(storage.compressionMethod)); it must be stored", severity: .info, at: path)
    }
    if let extras = zip.localExtraFieldCount(of: path), extras > 0 {
        diagnostics.warn("ocf.mimetype-extra-field", "`mimetype` has an extra field in its ZIP header", severity: .info, at: path)
    }
}
