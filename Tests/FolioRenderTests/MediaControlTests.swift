import FolioImage
import FolioLayout
import FolioTestSupport
import Testing
@testable import FolioRender

/// `<audio>` and `<video>` with a source the book holds: a play control (a link to the file,
/// which the pager plays) and a video's poster, not their fallback content; the fallback only
/// where no source can be played. Fixture `media-controls`.
@Suite struct MediaControlTests {
    @Test func playableMediaShowControlsAndPostersAndTheRestTheirFallback() throws {
        let (page, _, _) = try RenderSupport.firstPage(ofFixture: "media-controls")
        #expect(page.text.contains("▶ Play audio: sound.mp3"), "\(page.text)")
        #expect(page.text.contains("▶ Play video: clip.mp4"))
        #expect(page.text.contains("The recording is missing."))
        #expect(!page.text.contains("Your reader cannot play"))
        let links = page.frame.items.compactMap { item -> String? in
            if case .link(_, let href) = item { return href }
            return nil
        }
        // A link item per run of the label (the ▶ comes from a symbol face).
        #expect(links.reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } } == ["EPUB/sound.mp3", "EPUB/clip.mp4"])
        let images = page.frame.items.compactMap { item -> ImageItem? in
            if case .image(let image) = item { return image }
            return nil
        }
        #expect(images.map(\.path) == ["EPUB/poster.png"] && images.first?.rect.width == 60)
    }
}
