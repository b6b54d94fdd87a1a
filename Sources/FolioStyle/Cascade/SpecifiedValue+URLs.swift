import FolioPublication

extension SpecifiedValue {
    /// The value with its `url()`s turned into container paths, resolved against the sheet
    /// they were written in; a URL that leaves the book becomes no image.
    func resolvingURLs(against base: String) -> SpecifiedValue {
        switch self {
        case .backgroundImages(let images): .backgroundImages(images.map { $0.resolved(against: base) })
        case .image(let image): .image(image.resolved(against: base))
        case .content(let items):
            .content(items.map { item in
                guard case .url(let url) = item else { return item }
                return resolveHref(url, from: base).map(ContentItem.url) ?? .string("")
            })
        default: self
        }
    }
}

extension CSSImage {
    func resolved(against base: String) -> CSSImage {
        guard case .url(let url) = self else { return self }
        return resolveHref(url, from: base).map(CSSImage.url) ?? .none
    }
}
