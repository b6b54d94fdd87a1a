import FolioImage
import FolioRender
import FoundationEssentials
import Glibc

/// One side of a diff: a profile's manifest and where its PNGs are.
public struct SnapshotSide: Sendable {
    public var manifest: SnapshotManifest
    public var images: any PageImageSource

    public init(manifest: SnapshotManifest, images: any PageImageSource) {
        self.manifest = manifest
        self.images = images
    }
}

/// How pages are compared.
public struct DiffOptions: Sendable {
    /// The share of a page's pixels (0 to 1) that may differ before the page counts as changed.
    public var threshold: Double = 0
    public var comparator = PixelComparator()
    /// Pages compared at once.
    public var jobs = 1
    /// The part of the chapters to diff; nil for all.
    public var shard: Shard?
    /// Where page images and heat maps go, for an HTML report; nil for none.
    public var report: ReportFolder?
    /// Regions of pages whose pixels are not compared (`Triage.Mask`).
    public var masks: [PixelMask] = []

    public init(threshold: Double = 0, jobs: Int = 1, shard: Shard? = nil, report: ReportFolder? = nil) {
        self.threshold = threshold
        self.jobs = jobs
        self.shard = shard
        self.report = report
    }
}

/// Diffs two renderings of one profile of a book: chapters matched by spine href, pages within
/// them by content (`PageMatcher`), matched pages by hash and then by pixels, and what changed
/// told in words (`ChapterSummary`).
public enum SnapshotDiffer {
    /// A side missing (a profile only one snapshot has) counts as a side with no pages.
    public static func diff(profile: String, baseline: SnapshotSide?, current: SnapshotSide?, options: DiffOptions) throws -> ProfileDiff {
        let chapters = ChapterRun.combined(ChapterRun.runs(baseline?.manifest.pages ?? []), ChapterRun.runs(current?.manifest.pages ?? []))
        // Labels are chosen over the whole book, so that shards name chapters as a whole run does.
        let labels = ChapterRun.labels(chapters)
        var work: [ChapterWork] = []
        for (order, (b, c)) in chapters.enumerated() {
            let href = b?.href ?? c?.href ?? ""
            guard options.shard?.includes(profile: profile, href: href) ?? true else { continue }
            work.append(ChapterWork(order: order, label: labels[order], baseline: b?.pages ?? [], current: c?.pages ?? []))
        }
        let jobs = Self.jobs(work, options: options)
        let outcomes = try Parallel.map(jobs, jobs: options.jobs) { job in
            try run(job, profile: profile, baseline: baseline, current: current, options: options)
        }
        for (job, outcome) in zip(jobs, outcomes) {
            work[job.chapter].outcomes[job.slot] = outcome
        }
        return ProfileDiff(name: profile, chapters: work.map { $0.result(threshold: options.threshold) })
    }

    /// Pixel work: matched pages whose hashes differ, and (for a report) pages on one side only.
    struct Job {
        var chapter: Int
        /// The outcome slot: a pair's index, or pairs.count + k for the k-th unpaired page.
        var slot: Int
        var baseline: SnapshotPage?
        var current: SnapshotPage?
        var withImages: Bool
    }

    private static func jobs(_ work: [ChapterWork], options: DiffOptions) -> [Job] {
        var jobs: [Job] = []
        var imaged = 0
        let limit = options.report?.pageLimit ?? 0
        for (k, chapter) in work.enumerated() {
            for (slot, pair) in chapter.pairs.enumerated() {
                let b = chapter.baseline[pair.0], c = chapter.current[pair.1]
                guard b.sha256 != c.sha256 || b.sha256.isEmpty else { continue }
                jobs.append(Job(chapter: k, slot: slot, baseline: b, current: c, withImages: imaged < limit))
                imaged += 1
            }
            guard options.report != nil else { continue }
            for (n, page) in chapter.unpaired.enumerated() where imaged < limit {
                jobs.append(Job(chapter: k, slot: chapter.pairs.count + n, baseline: page.side == .baseline ? page.page : nil,
                                current: page.side == .current ? page.page : nil, withImages: true))
                imaged += 1
            }
        }
        return jobs
    }

    private static func run(_ job: Job, profile: String, baseline: SnapshotSide?, current: SnapshotSide?,
                            options: DiffOptions) throws -> ChapterWork.Outcome {
        let report = job.withImages ? options.report : nil
        guard let b = job.baseline, let c = job.current else {
            // A page on one side only: its image, for the report.
            let (page, side, source) = job.baseline.map { ($0, "baseline", baseline?.images) } ?? (job.current!, "current", current?.images)
            guard let report, let source else { return .init() }
            let path = try report.write(try source.png(page), profile: profile, name: "\(side)-\(page.number).png")
            return .init(images: ReportImages(baseline: side == "baseline" ? path : nil, current: side == "current" ? path : nil, heatMap: nil))
        }
        guard let baselineImages = baseline?.images, let currentImages = current?.images else { return .init() }
        let pngB = try baselineImages.png(b), pngC = try currentImages.png(c)
        let bitmapB = try decode(pngB, b), bitmapC = try decode(pngC, c)
        // The triage file's rectangles, and where either page drew text its selectors mask.
        let masks = options.masks.filter { $0.applies(profile: profile, page: c.number) }.map(\.box) + b.masked + c.masked
        let (difference, heat) = options.comparator.compare(bitmapB, bitmapC, heatMap: report != nil, masks: masks)
        var images: ReportImages?
        if let report, let heat, difference.fraction > options.threshold, difference.differing > 0 {
            let stem = "\(b.number)-\(c.number)"
            images = ReportImages(baseline: try report.write(pngB, profile: profile, name: "baseline-\(stem).png"),
                                  current: try report.write(pngC, profile: profile, name: "current-\(stem).png"),
                                  heatMap: try report.write(PNGEncoder.encode(heat, level: 1), profile: profile, name: "heat-\(stem).png"))
        }
        return .init(difference: difference, images: images)
    }

    private static func decode(_ png: [UInt8], _ page: SnapshotPage) throws -> Bitmap {
        do {
            return try ImageDecoder.decode(png)
        } catch {
            throw SnapshotError.malformed(page.file, "page \(page.number) is not a readable PNG (\(error))")
        }
    }
}

/// A rectangle of a page, in the page image's pixels, whose pixels a diff does not compare (a
/// date in a colophon, an advertisement).
public struct PixelMask: Sendable, Hashable {
    /// The profile and the current page number it applies to; nil for every one.
    public var profile: String?
    public var page: Int?
    public var box: PixelBox

    public init(profile: String?, page: Int?, box: PixelBox) {
        self.profile = profile
        self.page = page
        self.box = box
    }

    func applies(profile name: String, page number: Int) -> Bool {
        (profile == nil || profile == name) && (page == nil || page == number)
    }
}
