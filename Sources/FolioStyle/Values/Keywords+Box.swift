// Keyword values of the box, positioning and fragmentation properties.

/// `display`, reduced to the boxes Folio lays out.
///
/// `flex`/`grid` become `block` (and `inline-flex`/`inline-grid` `inline-block`): Folio has
/// no flex or grid layout, and block flow keeps their content readable. `run-in` becomes
/// `block` (CSS Display 3 allows it), `flow-root` `block`, `-webkit-box` `block`.
/// https://www.w3.org/TR/CSS2/visuren.html#display-prop, https://www.w3.org/TR/css-display-3/
public enum Display: String, CSSKeyword {
    case block, inline
    case inlineBlock = "inline-block"
    case listItem = "list-item"
    case none
    case table
    case inlineTable = "inline-table"
    case tableRowGroup = "table-row-group"
    case tableHeaderGroup = "table-header-group"
    case tableFooterGroup = "table-footer-group"
    case tableRow = "table-row"
    case tableCell = "table-cell"
    case tableColumn = "table-column"
    case tableColumnGroup = "table-column-group"
    case tableCaption = "table-caption"
    case ruby
    case rubyText = "ruby-text"
    case contents

    /// Accepted spellings that are not our cases, mapped to the box Folio uses.
    static let fallbacks: [String: Display] = [
        "flex": .block, "grid": .block, "-webkit-box": .block, "-webkit-flex": .block, "-ms-flexbox": .block,
        "inline-flex": .inlineBlock, "inline-grid": .inlineBlock, "-webkit-inline-box": .inlineBlock,
        "-webkit-inline-flex": .inlineBlock, "run-in": .block, "flow-root": .block, "flow": .block,
        "ruby-base": .inline, "ruby-base-container": .inline, "ruby-text-container": .inline,
    ]

    /// Two-keyword forms (`block flow`, `inline flow-root`, `block list-item`).
    ///
    /// https://www.w3.org/TR/css-display-3/#the-display-properties
    static func parse(pair first: String, _ second: String) -> Display? {
        let words = Set([first, second])
        switch words {
        case ["block", "flow"], ["block", "flow-root"], ["block", "flex"], ["block", "grid"]: return .block
        case ["inline", "flow"]: return .inline
        case ["inline", "flow-root"], ["inline", "flex"], ["inline", "grid"]: return .inlineBlock
        case ["block", "list-item"], ["list-item", "flow"]: return .listItem
        case ["block", "table"]: return .table
        case ["inline", "table"]: return .inlineTable
        case ["block", "ruby"]: return .block
        case ["inline", "ruby"]: return .ruby
        default: return nil
        }
    }

    /// The block-level equivalent a floated, absolutely positioned or root box gets.
    ///
    /// https://www.w3.org/TR/CSS2/visuren.html#dis-pos-flo
    var blockified: Display {
        switch self {
        case .inline, .inlineBlock, .tableRowGroup, .tableHeaderGroup, .tableFooterGroup, .tableRow,
             .tableCell, .tableColumn, .tableColumnGroup, .tableCaption, .ruby, .rubyText: .block
        case .inlineTable: .table
        case .block, .listItem, .none, .table, .contents: self
        }
    }
}

/// https://www.w3.org/TR/CSS2/visuren.html#choose-position
public enum Position: String, CSSKeyword {
    case `static`, relative, absolute, fixed, sticky
}

/// `float`. https://www.w3.org/TR/CSS2/visuren.html#float-position
public enum FloatMode: String, CSSKeyword {
    case none, left, right
}

/// https://www.w3.org/TR/CSS2/visuren.html#flow-control
public enum Clear: String, CSSKeyword {
    case none, left, right, both
}

/// https://www.w3.org/TR/css-sizing-3/#box-sizing
public enum BoxSizing: String, CSSKeyword {
    case contentBox = "content-box"
    case borderBox = "border-box"
}

/// `overflow-x`/`overflow-y`. https://www.w3.org/TR/css-overflow-3/#overflow-properties
public enum Overflow: String, CSSKeyword {
    case visible, hidden, clip, scroll, auto
}

/// https://www.w3.org/TR/CSS2/visufx.html#visibility
public enum Visibility: String, CSSKeyword {
    case visible, hidden, collapse
}

/// https://www.w3.org/TR/css-backgrounds-3/#border-style
public enum BorderStyle: String, CSSKeyword {
    case none, hidden, dotted, dashed, solid, double, groove, ridge, inset, outset

    /// Styles that draw nothing, making the computed width 0.
    var hidesBorder: Bool { self == .none || self == .hidden }
}

/// `break-before` / `break-after`.
///
/// https://www.w3.org/TR/css-break-3/#break-between
public enum BreakBetween: String, CSSKeyword {
    case auto, avoid, always, all
    case avoidPage = "avoid-page"
    case page, left, right, recto, verso
    case avoidColumn = "avoid-column"
    case column
    case avoidRegion = "avoid-region"
    case region
}

/// `break-inside`. https://www.w3.org/TR/css-break-3/#break-within
public enum BreakInside: String, CSSKeyword {
    case auto, avoid
    case avoidPage = "avoid-page"
    case avoidColumn = "avoid-column"
    case avoidRegion = "avoid-region"
}

/// https://www.w3.org/TR/CSS2/tables.html#borders
public enum BorderCollapse: String, CSSKeyword {
    case separate, collapse
}

/// https://www.w3.org/TR/CSS2/tables.html#caption-position
public enum CaptionSide: String, CSSKeyword {
    case top, bottom
}

/// https://www.w3.org/TR/CSS2/tables.html#width-layout
public enum TableLayout: String, CSSKeyword {
    case auto, fixed
}

/// https://www.w3.org/TR/CSS2/tables.html#empty-cells
public enum EmptyCells: String, CSSKeyword {
    case show, hide
}

/// https://www.w3.org/TR/css-writing-modes-3/#unicode-bidi
public enum UnicodeBidi: String, CSSKeyword {
    case normal, embed, isolate
    case bidiOverride = "bidi-override"
    case isolateOverride = "isolate-override"
    case plaintext
}
