import FolioStyle

/// A float's place in the column: the lines beside it are shortened until its bottom.
struct FloatArea {
    var side: FloatMode
    var left: Double
    var right: Double
    var top: Double
    var bottom: Double
}

/// The floats beside the content of a column: the area lines and blocks must avoid.
/// https://www.w3.org/TR/CSS2/visuren.html#floats
struct ExclusionArea {
    var floats: [FloatArea] = []

    var isEmpty: Bool { floats.isEmpty }
}
