import FoundationEssentials
import Glibc

/// One fuzzing target: a layer of Folio driven with arbitrary bytes through its real entry point.
///
/// `run` is what libFuzzer calls (see `FuzzEntry`) and what the replay driver and the tests call
/// with saved inputs. It never throws: whatever the bytes, the layer must answer with a value or
/// a clear error, and `run` describes that answer in one line.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// Container and ZIP: an `.epub` file opened from bytes, every resource read.
    case container
    /// The package document (OPF) with its metadata refinements.
    case package
    /// A navigation document (XHTML nav) and an NCX.
    case navigation
    /// An XHTML chapter with its CSS, styled and laid out on a small page.
    case chapter
    /// A stylesheet parsed and its values resolved over a small fixed document.
    case css
    /// A SMIL media overlay document, and the bytes as a clock value.
    case smil
    /// Image headers and decoders: PNG, JPEG, GIF, WebP and SVG.
    case image

    /// Drives the layer with `bytes`, returning a one-line description of its answer.
    public func run(_ bytes: [UInt8]) -> String {
        switch self {
        case .container: return ContainerFuzzing.run(bytes)
        case .package: return PackageFuzzing.run(bytes)
        case .navigation: return NavigationFuzzing.run(bytes)
        case .chapter: return ChapterFuzzing.run(bytes)
        case .css: return CSSFuzzing.run(bytes)
        case .smil: return SMILFuzzing.run(bytes)
        case .image: return ImageFuzzing.run(bytes)
        }
    }

    /// Loads what every input of the target would otherwise load on first use, so that the
    /// first input's time is not charged against libFuzzer's timeout (a chapter's English
    /// hyphenation dictionary takes seconds to load under AddressSanitizer), and so that what
    /// lives for the process — the parsed user-agent stylesheet — is not taken by
    /// LeakSanitizer for memory the first input lost.
    public func warmUp() {
        switch self {
        case .chapter: _ = run(Array(ChapterFuzzing.warmUpDocument.utf8))
        case .css: _ = run(Array("p { color: red }".utf8))
        default: break
        }
    }

    /// The target named by `FOLIO_FUZZ_TARGET`, for libFuzzer runs.
    public static var fromEnvironment: FuzzTarget? {
        ProcessInfo.processInfo.environment["FOLIO_FUZZ_TARGET"].flatMap(FuzzTarget.init(rawValue:))
    }
}
