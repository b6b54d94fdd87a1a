/// Folio's user-agent stylesheet: the default rendering of XHTML elements, after the HTML
/// standard's rendering section (https://html.spec.whatwg.org/multipage/rendering.html),
/// trimmed to what a reading system shows (no forms, no scripting UI).
enum UserAgentStyleSheet {
    static let text = """
    @namespace url(http://www.w3.org/1999/xhtml);
    @namespace epub url(http://www.idpf.org/2007/ops);
    @namespace svg url(http://www.w3.org/2000/svg);
    @namespace m url(http://www.w3.org/1998/Math/MathML);

    html, address, blockquote, body, center, dialog, div, figure, figcaption, footer, form,
    header, hr, legend, listing, main, p, plaintext, pre, search, xmp,
    article, aside, h1, h2, h3, h4, h5, h6, hgroup, nav, section,
    dir, dd, dl, dt, menu, ol, ul, details, summary, fieldset, optgroup { display: block; }
    head, link, meta, script, style, title, template, area, base, basefont, datalist, noembed,
    noframes, param, rp, [hidden], input[type=hidden i] { display: none; }

    html { color: black; background-color: transparent; }
    body { margin: 8px; }
    address, blockquote, center, dialog, div, figure, figcaption, footer, form, header, hr,
    legend, listing, main, p, plaintext, pre, search, xmp { unicode-bidi: isolate; }
    blockquote, figure, listing, p, plaintext, pre, xmp, dl, ol, ul, dir, menu { margin-top: 1em; margin-bottom: 1em; }
    blockquote, figure { margin-left: 40px; margin-right: 40px; }
    dd { margin-left: 40px; }
    ol ol, ol ul, ul ol, ul ul, ol menu, ul menu, menu ol, menu ul { margin-top: 0; margin-bottom: 0; }
    address { font-style: italic; }
    listing, plaintext, pre, xmp { font-family: monospace; white-space: pre; }
    center { text-align: center; }

    h1 { font-size: 2em; margin-top: 0.67em; margin-bottom: 0.67em; }
    h2 { font-size: 1.5em; margin-top: 0.83em; margin-bottom: 0.83em; }
    h3 { font-size: 1.17em; margin-top: 1em; margin-bottom: 1em; }
    h4 { margin-top: 1.33em; margin-bottom: 1.33em; }
    h5 { font-size: 0.83em; margin-top: 1.67em; margin-bottom: 1.67em; }
    h6 { font-size: 0.67em; margin-top: 2.33em; margin-bottom: 2.33em; }
    h1, h2, h3, h4, h5, h6 { font-weight: bold; break-after: avoid; }
    hgroup > h1, hgroup > h2, hgroup > h3 { margin-top: 0; margin-bottom: 0; }
    article h1, aside h1, nav h1, section h1 { font-size: 1.5em; margin-top: 0.83em; margin-bottom: 0.83em; }
    article article h1, article aside h1, article nav h1, article section h1,
    section section h1 { font-size: 1.17em; margin-top: 1em; margin-bottom: 1em; }

    dir, menu, ol, ul { padding-left: 40px; }
    /* Each list numbers its items afresh, nested ones too (css-lists-3 §4.4). */
    dir, menu, ol, ul { counter-reset: list-item; }
    ol { list-style-type: decimal; }
    ul, menu, dir { list-style-type: disc; }
    ul ul, ul ol ul, ol ul ul { list-style-type: circle; }
    ul ul ul, ul ul ol ul { list-style-type: square; }
    li { display: list-item; text-align: match-parent; }
    ol[type="1"], li[type="1"] { list-style-type: decimal; }
    ol[type=a s], li[type=a s] { list-style-type: lower-alpha; }
    ol[type=A s], li[type=A s] { list-style-type: upper-alpha; }
    ol[type=i s], li[type=i s] { list-style-type: lower-roman; }
    ol[type=I s], li[type=I s] { list-style-type: upper-roman; }
    ul[type=none i], li[type=none i] { list-style-type: none; }
    ul[type=disc i], li[type=disc i] { list-style-type: disc; }
    ul[type=circle i], li[type=circle i] { list-style-type: circle; }
    ul[type=square i], li[type=square i] { list-style-type: square; }

    table { display: table; box-sizing: border-box; border-spacing: 2px; border-collapse: separate; text-indent: initial; }
    caption { display: table-caption; text-align: center; }
    colgroup { display: table-column-group; }
    col { display: table-column; }
    thead { display: table-header-group; vertical-align: middle; }
    tbody { display: table-row-group; vertical-align: middle; }
    tfoot { display: table-footer-group; vertical-align: middle; }
    tr { display: table-row; vertical-align: inherit; }
    td, th { display: table-cell; vertical-align: inherit; padding: 1px; }
    th { font-weight: bold; text-align: center; }
    table, td, th { border-color: gray; }

    b, strong { font-weight: bolder; }
    i, cite, em, var, dfn { font-style: italic; }
    code, kbd, samp, tt { font-family: monospace; }
    big { font-size: larger; }
    small { font-size: smaller; }
    sub { vertical-align: sub; font-size: smaller; }
    sup { vertical-align: super; font-size: smaller; }
    sub, sup { line-height: normal; }
    u, ins { text-decoration: underline; }
    s, strike, del { text-decoration: line-through; }
    mark { background-color: yellow; color: black; }
    abbr[title], acronym[title] { text-decoration: dotted underline; }
    q::before { content: open-quote; }
    q::after { content: close-quote; }
    br::before { content: "\\A"; white-space: pre; }
    nobr { white-space: nowrap; }
    wbr::before { content: "\\200B"; }
    a:link { color: #0000EE; text-decoration: underline; }
    ruby { display: ruby; }
    rt { display: ruby-text; font-size: 50%; }

    hr { color: gray; border-style: inset; border-width: 1px; margin: 0.5em auto; }
    img, svg, video, canvas, object, embed, iframe { display: inline-block; }
    /* Inline SVG and MathML are in their own namespaces; each is one box (see ForeignContent). */
    svg|svg { display: inline-block; }
    /* Display formulas centred (MathML Core), with some space above and below as print sets them. */
    m|math[display="block" i] { display: block; text-align: center; margin: 0.5em 0; }
    figcaption { text-align: center; }
    fieldset { margin-left: 2px; margin-right: 2px; border: 2px groove gray; padding: 0.35em 0.75em 0.625em; }

    /* EPUB semantics: footnotes and endnotes are shown where they stand; pop-ups are a reader feature. */
    aside[epub|type~="footnote"], aside[epub|type~="rearnote"] { display: block; }

    :root { quotes: "\\201C" "\\201D" "\\2018" "\\2019"; }
    [dir=rtl i] { direction: rtl; }
    [dir=ltr i] { direction: ltr; }
    bdi, bdo, [dir] { unicode-bidi: isolate; }
    bdo[dir] { unicode-bidi: isolate-override; }
    """
}
