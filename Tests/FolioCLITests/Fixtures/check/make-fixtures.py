import os, zlib, struct, shutil, sys
root = sys.argv[1]

def png(w, h, rgb=(40, 90, 160)):
    raw = b''.join(b'\x00' + bytes(rgb) * w for _ in range(h))
    def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
    return b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0)) + chunk(b'IDAT', zlib.compress(raw, 9)) + chunk(b'IEND', b'')

def write(base, rel, data):
    p = os.path.join(base, rel)
    os.makedirs(os.path.dirname(p), exist_ok=True)
    with open(p, 'wb') as f: f.write(data if isinstance(data, bytes) else data.encode())

CONTAINER = '''<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles><rootfile full-path="EPUB/package.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>
'''

def xhtml(title, body, lang=True, head=''):
    l = ' xml:lang="en" lang="en"' if lang else ''
    return f'''<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"{l}>
<head><title>{title}</title><link rel="stylesheet" href="style.css"/>{head}</head>
<body>
{body}
</body>
</html>
'''

A11Y = '''    <meta property="schema:accessMode">textual</meta>
    <meta property="schema:accessMode">visual</meta>
    <meta property="schema:accessModeSufficient">textual</meta>
    <meta property="schema:accessibilityFeature">alternativeText</meta>
    <meta property="schema:accessibilityFeature">structuralNavigation</meta>
    <meta property="schema:accessibilityFeature">printPageNumbers</meta>
    <meta property="schema:accessibilityHazard">none</meta>
    <meta property="schema:accessibilitySummary">Text with described images, structured headings and print page numbers.</meta>
    <meta property="dcterms:conformsTo">EPUB Accessibility 1.1 - WCAG 2.1 Level AA</meta>
'''

def package(title, manifest, spine, a11y):
    return f'''<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid" xml:lang="en">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="uid">urn:uuid:0b4f2c36-7e11-4d7e-9a53-{'c1ea' if a11y else 'b70c'}00000001</dc:identifier>
    <dc:title>{title}</dc:title>
    <dc:language>en</dc:language>
    <meta property="dcterms:modified">2026-11-27T00:00:00Z</meta>
{A11Y if a11y else ''}  </metadata>
  <manifest>
{manifest}
  </manifest>
  <spine>
{spine}
  </spine>
</package>
'''

def nav(toc, pages):
    return f'''<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="en" lang="en">
<head><title>Contents</title></head>
<body>
<nav epub:type="toc" id="toc"><h1>Contents</h1><ol>
{toc}
</ol></nav>
<nav epub:type="page-list" id="page-list" hidden=""><h1>Pages</h1><ol>
{pages}
</ol></nav>
</body>
</html>
'''

CLEAN_CSS = '''body { margin: 0 1em; color: #1a1a1a; }
h1 { font-size: 1.5em; }
p { text-align: justify; hyphens: auto; }
img.figure { width: 150px; }
table { border-collapse: collapse; }
th, td { border: 1px solid #555; padding: 0.2em; }
'''

CHAPTER1_BODY = '''<section epub:type="chapter">
<h1 id="c1">The Harbour</h1>
<span epub:type="pagebreak" role="doc-pagebreak" id="p1" aria-label="1"/>
<p>The morning boats went out past the breakwater while the town was still asleep, and the harbour master counted them from his window as he had every day for thirty years.</p>
<h2 id="c1s1">The boats</h2>
<p>Each boat had a name painted on its bow, and each name had a story that the old men on the quay would tell to anyone who sat still long enough to hear it.</p>
<figure><img class="figure" src="images/boat.png" alt="A blue fishing boat"/><figcaption>A boat of the harbour.</figcaption></figure>
<table>
<tr><th scope="col">Boat</th><th scope="col">Crew</th></tr>
<tr><td>Mary Ellen</td><td>Four</td></tr>
<tr><td>Northern Star</td><td>Six</td></tr>
</table>
<p>See <a href="chapter2.xhtml#c2">the second chapter</a> for the storm.</p>
</section>
'''

CHAPTER2_BODY = '''<section epub:type="chapter">
<h1 id="c2">The Storm</h1>
<span epub:type="pagebreak" role="doc-pagebreak" id="p2" aria-label="2"/>
<p>By noon the sky had turned the colour of slate, and the wind came round to the north with a sound like a door slammed in an empty house.</p>
<p>Back to <a href="chapter1.xhtml#c1s1">the boats</a>.</p>
</section>
'''

def clean(base):
    shutil.rmtree(base, ignore_errors=True)
    write(base, 'mimetype', 'application/epub+zip')
    write(base, 'META-INF/container.xml', CONTAINER)
    write(base, 'EPUB/style.css', CLEAN_CSS)
    write(base, 'EPUB/images/boat.png', png(600, 400))
    write(base, 'EPUB/chapter1.xhtml', xhtml('The Harbour', CHAPTER1_BODY))
    write(base, 'EPUB/chapter2.xhtml', xhtml('The Storm', CHAPTER2_BODY))
    write(base, 'EPUB/nav.xhtml', nav('<li><a href="chapter1.xhtml">The Harbour</a></li>\n<li><a href="chapter2.xhtml">The Storm</a></li>',
                                      '<li><a href="chapter1.xhtml#p1">1</a></li>\n<li><a href="chapter2.xhtml#p2">2</a></li>'))
    manifest = '''    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
    <item id="css" href="style.css" media-type="text/css"/>
    <item id="c1" href="chapter1.xhtml" media-type="application/xhtml+xml"/>
    <item id="c2" href="chapter2.xhtml" media-type="application/xhtml+xml"/>
    <item id="boat" href="images/boat.png" media-type="image/png"/>'''
    spine = '''    <itemref idref="c1"/>
    <itemref idref="c2"/>'''
    write(base, 'EPUB/package.opf', package('Check: a clean book', manifest, spine, True))

BROKEN_CSS = '''@font-face { font-family: "Gone"; src: url(fonts/gone.woff2); }
@font-face { font-family: "Broken"; src: url(fonts/broken.ttf); }
body { margin: 0 1em; color: #1a1a1a; }
p.faint { color: #bbbbbb; }
p.url { overflow-wrap: break-word; }
.broken-font { font-family: "Broken", serif; }
div.cards { display: grid; }
div.twocol { column-count: 2; }
div.badge { position: absolute; top: 0; right: 0; }
img.stretched { width: 300px; }
img.wide { width: 2400px; max-width: none; }
@media (min-width: 3000px) { body { margin: 0 4em; } }
'''

BROKEN1 = '''<section epub:type="chapter">
<h1 id="c1">The Harbour</h1>
<span epub:type="pagebreak" role="doc-pagebreak" id="p1" aria-label="1"/>
<h3 id="dup">A heading two levels down</h3>
<p id="dup">The morning boats went out past the breakwater while the town was still asleep.</p>
<p class="faint">This sentence is printed in a grey too light to read comfortably on white.</p>
<p class="url">Catalogue number HARBOURREGISTEROFBOATSANDCREWSSINCEEIGHTEENNINETY.</p>
<pre>registerOfBoatsAndCrewsSinceEighteenNinetyWithTheirHomePorts = load()</pre>
<table style="width: 100%"><tr><td>Incomprehensibilities</td><td>Counterrevolutionaries</td><td>Uncharacteristically</td><td>Internationalisation</td></tr></table>
<p>A private sign: \ue000 stands where no font has a glyph.</p>
<p class="broken-font">This paragraph asks for a font file that is not a font.</p>
<div class="cards"><p>A card laid out on a grid.</p></div>
<div class="twocol"><p>Text its author set in two columns.</p></div>
<div class="badge"><p>A badge positioned in the corner.</p></div>
<p><img src="images/dot.png" alt="A small dot" class="stretched"/></p>
<p><img src="images/banner.svg" alt="A wide banner" class="wide"/></p>
<p><img src="images/boat.png"/></p>
<p><img src="images/gone2.png" alt="A boat that is not in the book"/></p>
<p><img src="images/corrupt.png" alt="A picture whose file is damaged"/></p>
<audio src="audio/gone.mp3" controls="controls">The harbour bell.</audio>
<p>See <a href="missing.xhtml">a chapter that is not there</a> and <a href="chapter2.xhtml#nowhere">a place that is not there</a>.</p>
<p>An <a href="appendix.xhtml">appendix left out of the spine</a>, and a photograph from the web: <img src="https://harbour.example.org/photo.jpg" alt="The harbour from the air"/></p>
<video src="video/launch.mp4" controls="controls"/>
</section>
'''

BROKEN2 = '''<section epub:type="chapter">
<h1 id="c2">The Storm</h1>
<p>By noon the sky had turned the colour of slate.</p>
</section>
'''

def broken(base):
    shutil.rmtree(base, ignore_errors=True)
    write(base, 'mimetype', 'application/epub+zip')
    write(base, 'META-INF/container.xml', CONTAINER)
    write(base, 'EPUB/style.css', BROKEN_CSS)
    write(base, 'EPUB/images/boat.png', png(600, 400))
    write(base, 'EPUB/images/dot.png', png(40, 40, (200, 30, 30)))
    write(base, 'EPUB/images/corrupt.png', png(64, 64)[:60])
    write(base, 'EPUB/images/banner.svg', '<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="200" viewBox="0 0 2400 200"><rect width="2400" height="200" fill="#3a78c2"/></svg>\n')
    write(base, 'EPUB/fonts/broken.ttf', b'this is not a font file, only text pretending to be one\n' * 4)
    write(base, 'EPUB/extra.txt', 'A file nobody listed.\n')
    write(base, 'EPUB/chapter1.xhtml', xhtml('The Harbour', BROKEN1))
    write(base, 'EPUB/chapter2.xhtml', xhtml('The Storm', BROKEN2, lang=False))
    write(base, 'EPUB/appendix.xhtml', xhtml('Appendix', '<section><h1>Appendix</h1><p>Tide tables.</p></section>'))
    write(base, 'EPUB/blank.xhtml', xhtml('Blank', '<div style="height: 150vh"></div>\n<p>After a spacer taller than the page.</p>'))
    write(base, 'EPUB/nav.xhtml', nav('<li><a href="chapter1.xhtml">The Harbour</a></li>\n<li><a href="chapter2.xhtml#gone">The Storm</a></li>',
                                      '<li><a href="chapter1.xhtml#p1">1</a></li>\n<li><a href="chapter2.xhtml#p99">2</a></li>'))
    manifest = '''    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
    <item id="css" href="style.css" media-type="text/css"/>
    <item id="c1" href="chapter1.xhtml" media-type="application/xhtml+xml"/>
    <item id="c2" href="chapter2.xhtml" media-type="application/xhtml+xml"/>
    <item id="blank" href="blank.xhtml" media-type="application/xhtml+xml"/>
    <item id="appendix" href="appendix.xhtml" media-type="application/xhtml+xml"/>
    <item id="boat" href="images/boat.png" media-type="image/png"/>
    <item id="dot" href="images/dot.png" media-type="image/png"/>
    <item id="banner" href="images/banner.svg" media-type="image/svg+xml"/>
    <item id="corrupt" href="images/corrupt.png" media-type="image/png"/>
    <item id="gone" href="images/gone.png" media-type="image/png"/>
    <item id="font" href="fonts/broken.ttf" media-type="font/ttf"/>
    <item id="data" href="data.bin" media-type="application/x-unknown" fallback="nothing"/>
    <item id="loop-a" href="loop-a.bin" media-type="application/x-unknown" fallback="loop-b"/>
    <item id="loop-b" href="loop-b.bin" media-type="application/x-unknown" fallback="loop-a"/>'''
    spine = '''    <itemref idref="c1"/>
    <itemref idref="c2"/>
    <itemref idref="blank"/>
    <itemref idref="data"/>'''
    write(base, 'EPUB/package.opf', package('Check: a broken book', manifest, spine, False))
    write(base, 'EPUB/data.bin', b'\x00\x01')
    write(base, 'EPUB/loop-a.bin', b'\x00')
    write(base, 'EPUB/loop-b.bin', b'\x00')

def no_page_list(base):
    clean(base)
    p = os.path.join(base, 'EPUB/nav.xhtml')
    s = open(p).read()
    s = s[:s.index('<nav epub:type="page-list"')] + '</body>\n</html>\n'
    open(p, 'w').write(s)
    p = os.path.join(base, 'EPUB/package.opf')
    s = open(p).read().replace('Check: a clean book', 'Check: print pages without a page list')
    open(p, 'w').write(s)

clean(os.path.join(root, 'clean'))
broken(os.path.join(root, 'broken'))
no_page_list(os.path.join(root, 'no-page-list'))
