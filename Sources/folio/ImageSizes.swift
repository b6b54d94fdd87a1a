import FolioPublication

/// Intrinsic image sizes for layout, read from the book's files.
enum ImageSizes {
    static func reader(_ publication: Publication) -> (String) -> (width: Double, height: Double)? {
        { _ in nil }
    }
}
