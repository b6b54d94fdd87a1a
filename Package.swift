// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Folio",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "folio", targets: ["folio"]),
        .library(name: "FolioPublication", targets: ["FolioPublication"]),
        .library(name: "FolioStyle", targets: ["FolioStyle"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // C libraries, through pkg-config (see ../shared/C-LIBRARIES.md).
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CLibZip", pkgConfig: "libzip", providers: [.apt(["libzip-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        // Cairo's headers only: its functions are reached through CCairoLoader, which opens
        // libcairo on the first call, so that commands that do not draw never load it.
        .systemLibrary(name: "CCairo", providers: [.apt(["libcairo2-dev"])]),
        .target(name: "CCairoLoader", dependencies: ["CFreeType"], linkerSettings: [.linkedLibrary("dl")]),
        .systemLibrary(name: "CLibUnibreak", pkgConfig: "libunibreak", providers: [.apt(["libunibreak-dev"])]),
        .systemLibrary(name: "CLibHyphen", providers: [.apt(["libhyphen-dev"])]),
        .systemLibrary(name: "CFriBidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
        .systemLibrary(name: "CLibCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CLibJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
        .systemLibrary(name: "CLibPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CGIF", providers: [.apt(["libgif-dev"])]),
        .systemLibrary(name: "CLibWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
        // librsvg is loaded at run time (see Sources/CRsvg): only commands that meet an SVG load it.
        .target(name: "CRsvg", linkerSettings: [.linkedLibrary("dl")]),
        // libavif and libjxl likewise (see Sources/CModernImage): libavif alone needs some thirty libraries.
        .target(name: "CModernImage", linkerSettings: [.linkedLibrary("dl")]),
        // espeak-ng (read-aloud) likewise (see Sources/CSpeech): only reading aloud loads it and its voices.
        .target(name: "CSpeech", linkerSettings: [.linkedLibrary("dl"), .linkedLibrary("pthread")]),
        // libjpeg reports errors by longjmp, which Swift cannot catch: a tiny C wrapper turns them into codes.
        .target(name: "CFolioJPEG", dependencies: ["CLibJPEG"]),
        // libmpv is loaded at run time by a small C loader (its headers come from libmpv-dev):
        // linking it would load FFmpeg and ~200 libraries into every command.
        .target(name: "CMPV", linkerSettings: [.linkedLibrary("dl")]),

        .systemLibrary(name: "CPCRE2", providers: [.apt(["libpcre2-dev"])]),
        .systemLibrary(name: "CLibYAML", providers: [.apt(["libyaml-dev"])]),
        // Unicode normalization forms the standard library lacks (NFKC), from the system's ICU.
        .target(name: "CFolioICU", linkerSettings: [.linkedLibrary("icuuc")]),
        .target(name: "FolioCore", dependencies: ["CLibCrypto", "CPCRE2", "CFolioICU"]),
        .target(name: "FolioXML", dependencies: ["FolioCore", "CLibXML2"]),
        .target(
            name: "FolioPublication",
            dependencies: ["FolioCore", "FolioXML", "CLibZip", "CLibCrypto"]
        ),
        .target(name: "FolioStyle", dependencies: ["FolioCore", "FolioXML", "FolioPublication"]),
        .target(
            name: "FolioText",
            dependencies: ["FolioCore", "FolioPublication", "FolioStyle", "CFreeType", "CHarfBuzz", "CLibUnibreak", "CLibHyphen", "CFriBidi"]
        ),
        .target(name: "FolioLayout", dependencies: ["FolioCore", "FolioXML", "FolioPublication", "FolioStyle", "FolioText"]),
        .target(
            name: "FolioRender",
            dependencies: ["FolioCore", "FolioPublication", "FolioStyle", "FolioText", "FolioLayout", "FolioImage", "CCairo", "CCairoLoader", "CFreeType", "CLibPNG"]
        ),
        .target(name: "FolioImage", dependencies: ["CFolioJPEG", "CLibPNG", "CGIF", "CLibWebP", "CRsvg", "CModernImage", "CCairo", "CCairoLoader", "CFreeType", "CLibXML2"]),
        .target(name: "FolioOverlay", dependencies: ["FolioCore", "FolioXML", "FolioPublication", "CMPV", "CSpeech"]),
        .target(name: "FolioSearch", dependencies: ["FolioCore", "FolioXML", "FolioPublication", "FolioLayout"]),
        .target(name: "FolioReader", dependencies: ["FolioCore", "FolioXML", "FolioPublication", "FolioStyle", "FolioLayout"]),
        .target(
            name: "FolioPager",
            dependencies: ["FolioCore", "FolioPublication", "FolioStyle", "FolioText", "FolioLayout", "FolioImage", "FolioRender", "FolioOverlay", "FolioReader",
                           "FolioSearch"]
        ),
        .target(name: "FolioCheck", dependencies: ["FolioCore", "FolioXML", "FolioPublication", "FolioStyle", "FolioText", "FolioLayout", "FolioImage", "FolioRender"]),
        .target(name: "FolioDiff", dependencies: ["CLibYAML", "FolioCore", "FolioXML", "FolioPublication", "FolioStyle", "FolioText", "FolioLayout", "FolioImage", "FolioRender"]),
        .executableTarget(
            name: "folio",
            dependencies: [
                "FolioCore", "FolioPublication", "FolioStyle", "FolioText", "FolioLayout", "FolioImage", "FolioRender", "FolioOverlay",
                "FolioReader", "FolioPager", "FolioDiff", "FolioSearch", "FolioCheck",
                "CLibXML2", "CLibZip", "CFreeType", "CHarfBuzz", "CCairo", "CCairoLoader", "CLibCrypto",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // Fuzzing (scripts/fuzz): the targets, with libFuzzer's entry point, and a driver that is
        // libFuzzer itself when built with -DFUZZING -sanitize=fuzzer, else replays saved inputs.
        .target(name: "FolioFuzz", dependencies: ["FolioCore", "FolioXML", "FolioPublication", "FolioStyle", "FolioText", "FolioLayout", "FolioImage", "FolioOverlay"]),
        .systemLibrary(name: "CLibFuzzer"),
        .executableTarget(name: "folio-fuzz", dependencies: ["FolioFuzz", "CLibFuzzer"]),

        .target(name: "FolioTestSupport", path: "Tests/FolioTestSupport"),
        .testTarget(name: "FolioXMLTests", dependencies: ["FolioXML"]),
        .testTarget(name: "FolioPublicationTests", dependencies: ["FolioPublication", "CLibZip", "FolioTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "FolioStyleTests", dependencies: ["FolioStyle", "FolioTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "FolioTextTests", dependencies: ["FolioText", "FolioStyle", "FolioCore", "FolioXML", "FolioTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "FolioLayoutTests", dependencies: ["FolioLayout", "FolioText", "FolioStyle", "FolioPublication", "FolioXML", "FolioCore", "FolioTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "FolioOverlayTests", dependencies: ["FolioOverlay", "FolioTestSupport"], exclude: ["Fixtures"]),
        .testTarget(
            name: "FolioRenderTests",
            dependencies: ["FolioRender", "FolioLayout", "FolioText", "FolioStyle", "FolioCore", "FolioPublication", "FolioImage", "FolioTestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(name: "FolioImageTests", dependencies: ["FolioImage", "FolioPublication", "FolioCore", "FolioTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "FolioReaderTests", dependencies: ["FolioReader", "FolioLayout", "FolioPublication", "FolioCore", "FolioTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "FolioPagerTests", dependencies: ["FolioPager", "FolioReader", "FolioOverlay", "FolioRender", "FolioImage", "FolioLayout", "FolioPublication", "FolioStyle", "FolioCore", "FolioTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "FolioDiffTests", dependencies: ["FolioDiff", "FolioImage", "FolioRender", "FolioLayout", "FolioPublication", "FolioStyle", "FolioCore", "FolioXML", "FolioTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "FolioFuzzTests", dependencies: ["FolioFuzz", "FolioTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "FolioSearchTests", dependencies: ["FolioSearch", "FolioCore", "FolioLayout", "FolioPublication", "FolioTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "FolioCLITests", dependencies: ["folio", "FolioReader", "FolioPublication", "FolioLayout", "FolioOverlay", "FolioCore", "FolioXML", "FolioTestSupport"], exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
