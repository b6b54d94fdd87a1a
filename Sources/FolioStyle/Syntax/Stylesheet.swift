/// A parsed stylesheet: its rules in source order.
///
/// https://www.w3.org/TR/css-syntax-3/#parse-stylesheet
public struct Stylesheet: Sendable {
    /// The sheet's path in its container (or the document's, for a `<style>` element).
    public var path: String
    public var rules: [CSSRule]

    public init(path: String, rules: [CSSRule]) {
        self.path = path
        self.rules = rules
    }
}

/// One rule of a stylesheet, or of a conditional group rule's block.
public enum CSSRule: Sendable {
    case style(StyleRule)
    case media(MediaRule)
    case supports(SupportsRule)
    case importRule(ImportRule)
    case fontFace(FontFaceRule)
    case page(PageRule)
    case namespace(NamespaceRule)
}

/// A style rule: a selector list and its declarations.
///
/// https://www.w3.org/TR/css-syntax-3/#style-rules
public struct StyleRule: Sendable {
    public var selectors: [Selector]
    public var declarations: [Declaration]
    /// The line the rule's selector starts on, for warnings and inspection.
    public var line: Int

    public init(selectors: [Selector], declarations: [Declaration], line: Int) {
        self.selectors = selectors
        self.declarations = declarations
        self.line = line
    }
}

/// A declaration: `name: value [!important]`.
///
/// https://www.w3.org/TR/css-syntax-3/#declaration
public struct Declaration: Sendable, Hashable {
    /// ASCII-lowercased, except custom properties (`--x`), which are case-sensitive.
    public var name: String
    /// The value's component values, whitespace-trimmed, `!important` removed.
    public var value: [ComponentValue]
    public var important: Bool

    public init(name: String, value: [ComponentValue], important: Bool = false) {
        self.name = name
        self.value = value
        self.important = important
    }
}

/// `@media <query-list> { rules }`.
///
/// https://www.w3.org/TR/css-conditional-3/#at-media
public struct MediaRule: Sendable {
    public var queries: MediaQueryList
    public var rules: [CSSRule]
    /// The query list as written, and the line the rule starts on, for reports.
    public var text: String
    public var line: Int

    public init(queries: MediaQueryList, rules: [CSSRule], text: String = "", line: Int = 0) {
        self.queries = queries
        self.rules = rules
        self.text = text
        self.line = line
    }
}

/// `@supports <condition> { rules }`.
///
/// https://www.w3.org/TR/css-conditional-3/#at-supports
public struct SupportsRule: Sendable {
    public var condition: SupportsCondition
    public var rules: [CSSRule]

    public init(condition: SupportsCondition, rules: [CSSRule]) {
        self.condition = condition
        self.rules = rules
    }
}

/// `@import url [layer] [supports(...)] [media-query-list];`.
///
/// https://www.w3.org/TR/css-cascade-5/#at-import
public struct ImportRule: Sendable {
    /// The URL as written; the cascade resolves it against the sheet's path.
    public var href: String
    public var media: MediaQueryList
    public var supports: SupportsCondition?

    public init(href: String, media: MediaQueryList = .all, supports: SupportsCondition? = nil) {
        self.href = href
        self.media = media
        self.supports = supports
    }
}

/// `@page [selector] { declarations }`. Margin at-rules inside are skipped.
///
/// https://www.w3.org/TR/css-page-3/#at-page-rule
public struct PageRule: Sendable {
    /// The page selector as written (`:first`, `chapter:left`), or "" for none.
    public var selectorText: String
    public var declarations: [Declaration]

    public init(selectorText: String, declarations: [Declaration]) {
        self.selectorText = selectorText
        self.declarations = declarations
    }
}

/// `@namespace [prefix] url;`. A nil prefix declares the default namespace.
///
/// https://www.w3.org/TR/css-namespaces-3/#declaration
public struct NamespaceRule: Sendable, Hashable {
    public var prefix: String?
    public var uri: String

    public init(prefix: String?, uri: String) {
        self.prefix = prefix
        self.uri = uri
    }
}
