import ArgumentParser
import CCairo
import CFreeType
import CHarfBuzz
import CLibXML2
import CLibZip

struct Version: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "version",
        _superCommandName: "folio",
        abstract: "Print Folio's version and the versions of the C libraries it runs on."
    )

    func run() throws {
        var major: Int32 = 0, minor: Int32 = 0, patch: Int32 = 0
        var library: FT_Library?
        if FT_Init_FreeType(&library) == 0, let library {
            FT_Library_Version(library, &major, &minor, &patch)
            FT_Done_FreeType(library)
        }
        Terminal.write("""
            folio \(folioVersion)
            libxml2 \(LIBXML_DOTTED_VERSION)
            libzip \(String(cString: zip_libzip_version()))
            FreeType \(major).\(minor).\(patch)
            HarfBuzz \(String(cString: hb_version_string()))
            Cairo \(String(cString: cairo_version_string()))

            """)
    }
}
