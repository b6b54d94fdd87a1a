/// Folio's pinned default fonts, so that pages look the same on every machine.
///
/// Mirrors `Fonts/manifest.tsv` (see `Fonts/README.md` for why these faces).
public enum FontManifest {
    private static let liberation = "/usr/share/fonts/truetype/liberation2/"
    private static let carlito = "/usr/share/fonts/truetype/crosextra/"
    private static let amiri = "/usr/share/fonts/opentype/fonts-hosny-amiri/"
    private static let dejavu = "/usr/share/fonts/truetype/dejavu/"

    /// The hand-picked faces, then the generated Noto fallbacks (`fallbacks`).
    public static let pinned: [PinnedFont] = chosen + fallbacks

    static let chosen: [PinnedFont] = [
        PinnedFont(role: .serif, family: "Liberation Serif", weight: 400, isItalic: false, package: "fonts-liberation2", path: liberation + "LiberationSerif-Regular.ttf"),
        PinnedFont(role: .serif, family: "Liberation Serif", weight: 700, isItalic: false, package: "fonts-liberation2", path: liberation + "LiberationSerif-Bold.ttf"),
        PinnedFont(role: .serif, family: "Liberation Serif", weight: 400, isItalic: true, package: "fonts-liberation2", path: liberation + "LiberationSerif-Italic.ttf"),
        PinnedFont(role: .serif, family: "Liberation Serif", weight: 700, isItalic: true, package: "fonts-liberation2", path: liberation + "LiberationSerif-BoldItalic.ttf"),
        PinnedFont(role: .sans, family: "Carlito", weight: 400, isItalic: false, package: "fonts-crosextra-carlito", path: carlito + "Carlito-Regular.ttf"),
        PinnedFont(role: .sans, family: "Carlito", weight: 700, isItalic: false, package: "fonts-crosextra-carlito", path: carlito + "Carlito-Bold.ttf"),
        PinnedFont(role: .sans, family: "Carlito", weight: 400, isItalic: true, package: "fonts-crosextra-carlito", path: carlito + "Carlito-Italic.ttf"),
        PinnedFont(role: .sans, family: "Carlito", weight: 700, isItalic: true, package: "fonts-crosextra-carlito", path: carlito + "Carlito-BoldItalic.ttf"),
        PinnedFont(role: .monospace, family: "Liberation Mono", weight: 400, isItalic: false, package: "fonts-liberation2", path: liberation + "LiberationMono-Regular.ttf"),
        PinnedFont(role: .monospace, family: "Liberation Mono", weight: 700, isItalic: false, package: "fonts-liberation2", path: liberation + "LiberationMono-Bold.ttf"),
        PinnedFont(role: .monospace, family: "Liberation Mono", weight: 400, isItalic: true, package: "fonts-liberation2", path: liberation + "LiberationMono-Italic.ttf"),
        PinnedFont(role: .monospace, family: "Liberation Mono", weight: 700, isItalic: true, package: "fonts-liberation2", path: liberation + "LiberationMono-BoldItalic.ttf"),
        PinnedFont(role: .fallbackArabic, family: "Amiri", weight: 400, isItalic: false, package: "fonts-hosny-amiri", path: amiri + "Amiri-Regular.ttf"),
        PinnedFont(role: .fallbackArabic, family: "Amiri", weight: 700, isItalic: false, package: "fonts-hosny-amiri", path: amiri + "Amiri-Bold.ttf"),
        PinnedFont(role: .fallbackCJK, family: "Droid Sans Fallback", weight: 400, isItalic: false, package: "fonts-droid-fallback", path: "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"),
        PinnedFont(role: .fallbackOther, family: "DejaVu Sans", weight: 400, isItalic: false, package: "fonts-dejavu-core", path: dejavu + "DejaVuSans.ttf"),
        PinnedFont(role: .fallbackOther, family: "DejaVu Sans", weight: 700, isItalic: false, package: "fonts-dejavu-core", path: dejavu + "DejaVuSans-Bold.ttf"),
        PinnedFont(role: .math, family: "TeX Gyre Termes Math", weight: 400, isItalic: false, package: "fonts-texgyre-math",
                   path: "/usr/share/texmf/fonts/opentype/public/tex-gyre-math/texgyretermes-math.otf"),
    ]

    /// Reads the rows of `manifest.tsv` (role, family, weight, style, package, path, sha256);
    /// `#` lines are comments. Rows that do not parse are left out.
    public static func parse(tsv: String) -> [(font: PinnedFont, sha256: String)] {
        tsv.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#") else { return nil }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 7, let role = FontRole(rawValue: fields[0]), let weight = Int(fields[2]) else { return nil }
            let font = PinnedFont(role: role, family: fields[1], weight: weight, isItalic: fields[3] == "italic",
                                  package: fields[4], path: fields[5])
            return (font, fields[6])
        }
    }
}
