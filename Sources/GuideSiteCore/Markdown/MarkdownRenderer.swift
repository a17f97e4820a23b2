import Foundation

/// Renders Markdown to a page body: cmark-gfm parses it (`MarkdownDocument`), `MarkdownTree`
/// edits the tree (platform sections, links, annotations, title, code, tables, headings), and
/// the HTML is finished here (column headers, task labels, demo frames).
public struct MarkdownRenderer: Sendable {
    /// Keep raw HTML written in Markdown (`markdown: {unsafe-html: true}` in site.yml).
    public var unsafeHTML: Bool
    /// Highlight code blocks whose language KSyntaxHighlighting knows.
    public var highlight: Bool
    /// The platform and framework names whose code blocks and sections become tabs; none: no tabs.
    public var tabs: TabNames?
    /// The words it writes into bodies, in the site's language.
    public var labels: MarkdownLabels
    /// Whose rules make the headings' ids (the library's generator's).
    var headingIDs = HeadingIDGenerator.Style.guidesite

    /// Creates a renderer.
    public init(unsafeHTML: Bool = false, highlight: Bool = true, tabs: TabNames? = nil, labels: MarkdownLabels = MarkdownLabels()) {
        self.unsafeHTML = unsafeHTML
        self.highlight = highlight
        self.tabs = tabs
        self.labels = labels
    }

    /// Renders `markdown`, whose first line is line `firstLine` of `path`. `rewriteLink` maps each
    /// link or image destination to the URL to write (internal links, base path).
    public func render(
        _ markdown: String, firstLine: Int, path: String, title: TitleRule,
        reservedIDs: Set<String> = [], rewriteLink: (String) -> LinkTarget = { _ in .keep },
        annotate: TextAnnotator? = nil, platforms: PlatformFilter? = nil, lint: Bool = false,
        demoStylesheet: String = "/assets/site.css"
    ) -> Diagnosed<RenderedBody> {
        guard let document = MarkdownDocument(DemoBlocks.fencing(markdown), tagFilter: !unsafeHTML) else {
            return Diagnosed(RenderedBody(html: "", headings: []), [
                Diagnostic(.error, path, category: "markdown", "out of memory while parsing Markdown")
            ])
        }
        var tree = MarkdownTree(document: document, firstLine: firstLine, path: path, unsafeHTML: unsafeHTML)
        tree.labels = labels
        if let platforms { tree.dropPlatformSections(platforms) }
        tree.collect()
        tree.groupContentTabs()
        if lint { tree.lintLinksAndTables() }
        tree.handleRawHTML()
        tree.rewriteMedia(rewriteLink, lint: lint)
        tree.rewriteLinks(rewriteLink)
        if let annotate { tree.annotateText(annotate) }
        let foundTitle = tree.takeTitle(title)
        if let tabs { tree.groupTabs(tabs, filter: platforms) }
        tree.replaceCodeBlocks(demoStylesheet: demoStylesheet, highlight: highlight)
        tree.wrapTables()
        tree.replaceCallouts()
        let headings = tree.replaceHeadings(reservedIDs: reservedIDs, style: headingIDs)
        let taskLabels = tree.taskItems.map { tree.plainText($0) }

        guard var html = document.withHTML({ Self.scopingColumnHeaders($0) }) else {
            return Diagnosed(RenderedBody(html: "", headings: headings, title: foundTitle), tree.diagnostics)
        }
        // cmark-gfm percent-encodes the site root's marker at the start of the addresses it writes.
        if html.containsBytes("=\"%01") {
            html = html.replacingBytes("href=\"%01", with: "href=\"" + SiteRoot.marker).replacingBytes("src=\"%01", with: "src=\"" + SiteRoot.marker)
        }
        if !taskLabels.isEmpty { html = Self.labelTaskCheckboxes(html, labels: taskLabels) }
        let contents = "<p>" + ForeignMarkup.contentsPlaceholder + "</p>"
        if html.containsBytes(contents) { html = html.replacingBytes(contents, with: Self.contents(headings, label: labels.contents)) }
        for (index, frame) in tree.demoFrames.enumerated() { html = html.replacingBytes(DemoBlocks.placeholder(index), with: frame) }
        html = KramdownAttributes.apply(html)
        var diagnostics = tree.diagnostics
        if unsafeHTML {
            let balanced = HTMLBalancer.balance(html)
            html = balanced.html
            diagnostics += Set(balanced.repairs).sorted { $0.tag < $1.tag }.map { repair in
                // Where the tag was written, when the text has it as written.
                let line = markdown.range(of: repair.tag).map { markdown[..<$0.lowerBound].reduce(0) { $1 == "\n" ? $0 + 1 : $0 } } ?? 0
                return Diagnostic(.warning, path, line: firstLine + line, column: 1, category: "html",
                                  repair.closed ? "`\(repair.tag)` is never closed; it is closed where the element around it ends (add its closing tag)"
                                                : "`\(repair.tag)` closes no open element and is removed (remove it, or open the element it closes)")
            }
        }
        return Diagnosed(
            RenderedBody(html: html, headings: headings, title: foundTitle, links: tree.sourceLinks, annotations: tree.annotationUses,
                         rewritten: tree.rewritten),
            diagnostics
        )
    }
}
