import Foundation

/// A small EPUB written by a test, file by file, then saved as a zip (`.epub`) or an unpacked folder.
///
/// `TestBook.epub3()` and `TestBook.epub2()` are minimal valid books; tests replace or add the
/// files their case is about:
///
///     var book = TestBook.epub3()
///     book["EPUB/package.opf"] = TestBook.package(spine: #"<itemref idref="missing"/>"#)
///     let path = try book.zip(in: dir)
struct TestBook {
    /// Files in archive order; `mimetype` first, as OCF wants it.
    private(set) var files: [(path: String, bytes: [UInt8])] = []

    subscript(path: String) -> String? {
        get { files.first { $0.path == path }.map { String(decoding: $0.bytes, as: UTF8.self) } }
        set {
            files.removeAll { $0.path == path }
            if let newValue { files.append((path, Array(newValue.utf8))) }
        }
    }

    mutating func set(_ path: String, bytes: [UInt8]) {
        files.removeAll { $0.path == path }
        files.append((path, bytes))
    }

    /// Writes the book as a zip at `dir/name`, `mimetype` stored and the rest deflated; returns its path.
    func zip(in dir: TemporaryDirectory, named name: String = "book.epub") throws -> String {
        let url = try dir.file(name)
        try ZipBuilder.write(to: url, entries: files.map { ($0.path, $0.bytes, $0.path != "mimetype") })
        return url.path
    }

    /// Writes the book as an unpacked folder `dir/name`; returns its path.
    func folder(in dir: TemporaryDirectory, named name: String = "book") throws -> String {
        for file in files { try dir.write("\(name)/\(file.path)", file.bytes) }
        return dir.url.appendingPathComponent(name).path
    }

    // MARK: Minimal books

    /// A valid EPUB 3: two chapters and a navigation document listing both.
    static func epub3() -> TestBook {
        var book = TestBook()
        book["mimetype"] = "application/epub+zip"
        book["META-INF/container.xml"] = container()
        book["EPUB/package.opf"] = package()
        book["EPUB/nav.xhtml"] = nav(#"<li><a href="text/one.xhtml">Chapter One</a></li><li><a href="text/two.xhtml#s2">Chapter Two</a></li>"#)
        book["EPUB/text/one.xhtml"] = xhtml("One", body: "<h1>Chapter One</h1><p>The first chapter.</p>")
        book["EPUB/text/two.xhtml"] = xhtml("Two", body: #"<h1 id="s2">Chapter Two</h1><p>The second chapter.</p>"#)
        return book
    }

    /// A valid EPUB 2: two chapters, an NCX and no navigation document.
    static func epub2() -> TestBook {
        var book = TestBook()
        book["mimetype"] = "application/epub+zip"
        book["META-INF/container.xml"] = container(rootfile: "OEBPS/content.opf")
        book["OEBPS/content.opf"] = """
            <?xml version="1.0" encoding="UTF-8"?>
            <package xmlns="http://www.idpf.org/2007/opf" version="2.0" unique-identifier="BookId">
              <metadata xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:opf="http://www.idpf.org/2007/opf">
                <dc:title>An Old Book</dc:title>
                <dc:creator opf:role="aut" opf:file-as="Writer, Wilma">Wilma Writer</dc:creator>
                <dc:language>fr</dc:language>
                <dc:identifier id="BookId" opf:scheme="ISBN">9780000000002</dc:identifier>
              </metadata>
              <manifest>
                <item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>
                <item id="ch1" href="ch1.html" media-type="application/xhtml+xml"/>
                <item id="ch2" href="ch2.html" media-type="application/xhtml+xml"/>
              </manifest>
              <spine toc="ncx"><itemref idref="ch1"/><itemref idref="ch2" linear="no"/></spine>
            </package>
            """
        book["OEBPS/toc.ncx"] = """
            <?xml version="1.0" encoding="UTF-8"?>
            <ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1">
              <head><meta name="dtb:uid" content="9780000000002"/></head>
              <docTitle><text>An Old Book</text></docTitle>
              <navMap>
                <navPoint id="p1" playOrder="1"><navLabel><text>Première partie</text></navLabel><content src="ch1.html"/>
                  <navPoint id="p2" playOrder="2"><navLabel><text>Annexe</text></navLabel><content src="ch2.html#a"/></navPoint>
                </navPoint>
              </navMap>
            </ncx>
            """
        book["OEBPS/ch1.html"] = xhtml("Un", body: "<p>Un.</p>")
        book["OEBPS/ch2.html"] = xhtml("Deux", body: #"<p id="a">Deux.</p>"#)
        return book
    }

    // MARK: Parts

    static func container(rootfile: String = "EPUB/package.opf") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
          <rootfiles><rootfile full-path="\(rootfile)" media-type="application/oebps-package+xml"/></rootfiles>
        </container>
        """
    }

    static let defaultMetadata = """
        <dc:identifier id="uid">urn:uuid:9b3a8f4e-0d6c-4a57-9d6e-2f6c1b0a7e11</dc:identifier>
        <dc:title>A Small Book</dc:title>
        <dc:creator>Ann Author</dc:creator>
        <dc:language>en</dc:language>
        <meta property="dcterms:modified">2024-01-01T00:00:00Z</meta>
        """
    static let defaultManifest = """
        <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
        <item id="one" href="text/one.xhtml" media-type="application/xhtml+xml"/>
        <item id="two" href="text/two.xhtml" media-type="application/xhtml+xml"/>
        """
    static let defaultSpine = #"<itemref idref="one"/><itemref idref="two"/>"#

    /// An EPUB 3 package document; `doctype` goes before the root element.
    static func package(doctype: String = "", metadata: String = defaultMetadata, manifest: String = defaultManifest,
                        spine: String = defaultSpine) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        \(doctype)
        <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid" xml:lang="en">
          <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">\(metadata)</metadata>
          <manifest>\(manifest)</manifest>
          <spine>\(spine)</spine>
        </package>
        """
    }

    /// A navigation document whose `toc` nav holds `items` (the `li`s of its `ol`).
    static func nav(_ items: String, doctype: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        \(doctype)
        <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">
          <head><title>Contents</title></head>
          <body><nav epub:type="toc"><h1>Contents</h1><ol>\(items)</ol></nav></body>
        </html>
        """
    }

    static func xhtml(_ title: String, body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <html xmlns="http://www.w3.org/1999/xhtml"><head><title>\(title)</title></head><body>\(body)</body></html>
        """
    }
}
