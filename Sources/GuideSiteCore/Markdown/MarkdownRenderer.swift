import Foundation
import CCmarkGFM

/// Renders Markdown with Debian's libcmark-gfm: GFM tables, strikethrough, autolinks, tag filter,
/// task lists and footnotes. The only file that talks to the C library; every allocation it
/// makes is freed before it returns.
public struct MarkdownRenderer: Sendable {
    /// Keep raw HTML written in Markdown (`markdown: {unsafe-html: true}` in site.yml).
    public var unsafeHTML: Bool

    /// Creates a renderer.
    public init(unsafeHTML: Bool = false) {
        self.unsafeHTML = unsafeHTML
    }

    /// Registers cmark-gfm's extensions exactly once per process, whatever the thread.
    private static let extensionsRegistered: Bool = {
        cmark_gfm_core_extensions_ensure_registered()
        return true
    }()

    /// Renders `markdown`, whose first line is line `firstLine` of `path`. `rewriteLink` maps each
    /// link or image destination to the URL to write (internal links, base path).
    public func render(
        _ markdown: String, firstLine: Int, path: String, title: TitleRule,
        reservedIDs: Set<String> = [], rewriteLink: (String) -> LinkTarget = { _ in .keep },
        annotate: TextAnnotator? = nil, platforms: PlatformFilter? = nil, lint: Bool = false,
        demoStylesheet: String = "/assets/site.css"
    ) -> Diagnosed<RenderedBody> {
        _ = Self.extensionsRegistered
        let options = CMARK_OPT_FOOTNOTES | CMARK_OPT_UNSAFE | CMARK_OPT_TABLE_PREFER_STYLE_ATTRIBUTES
        guard let parser = cmark_parser_new(options) else {
            return Diagnosed(RenderedBody(html: "", headings: []), [
                Diagnostic(.error, path, category: "markdown", "out of memory while parsing Markdown")
            ])
        }
        defer { cmark_parser_free(parser) }
        for name in ["table", "strikethrough", "autolink", "tagfilter", "tasklist"] {
            if let syntax = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, syntax)
            }
        }
        DemoBlocks.fencing(markdown).utf8CString.withUnsafeBufferPointer { buffer in
            cmark_parser_feed(parser, buffer.baseAddress, buffer.count - 1)
        }
        guard let document = cmark_parser_finish(parser) else {
            return Diagnosed(RenderedBody(html: "", headings: []), [
                Diagnostic(.error, path, category: "markdown", "out of memory while parsing Markdown")
            ])
        }
        defer { cmark_node_free(document) }
        let extensions = cmark_parser_get_syntax_extensions(parser)

        var tree = TreeEditor(
            document: document, options: options, extensions: extensions, firstLine: firstLine, path: path,
            unsafeHTML: unsafeHTML
        )
        if let platforms { tree.dropPlatformSections(platforms) }
        tree.collect()
        if lint { tree.lintLinksAndTables() }
        tree.handleRawHTML()
        tree.rewriteMedia(rewriteLink, lint: lint)
        tree.rewriteLinks(rewriteLink)
        if let annotate { tree.annotateText(annotate) }
        let foundTitle = tree.takeTitle(title)
        tree.replaceCodeBlocks(demoStylesheet: demoStylesheet)
        tree.wrapTables()
        let headings = tree.replaceHeadings(reservedIDs: reservedIDs)
        let taskLabels = tree.taskItems.map { tree.plainText($0) }

        guard let rendered = cmark_render_html(document, options, extensions) else {
            return Diagnosed(RenderedBody(html: "", headings: headings, title: foundTitle), tree.diagnostics)
        }
        let links = tree.sourceLinks, annotations = tree.annotationUses, rewritten = tree.rewritten
        defer { free(rendered) }
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(rendered).assumingMemoryBound(to: UInt8.self), count: strlen(rendered))
        var html = Self.scopingColumnHeaders(bytes)
        if !taskLabels.isEmpty { html = Self.labelTaskCheckboxes(html, labels: taskLabels) }
        for (index, frame) in tree.demoFrames.enumerated() { html = html.replacingBytes(DemoBlocks.placeholder(index), with: frame) }
        return Diagnosed(
            RenderedBody(html: html, headings: headings, title: foundTitle, links: links, annotations: annotations,
                         rewritten: rewritten),
            tree.diagnostics
        )
    }
}

/// Edits one parsed document in place. Nodes are collected first and edited afterwards, since
/// cmark's iterator must not see a tree that changes under it.
private struct TreeEditor {
    let document: OpaquePointer
    let options: Int32
    let extensions: UnsafeMutablePointer<cmark_llist>?
    let firstLine: Int
    let path: String
    let unsafeHTML: Bool
    var diagnostics: [Diagnostic] = []

    var headings: [OpaquePointer] = []
    var rawHTML: [OpaquePointer] = []
    var links: [OpaquePointer] = []
    var codeBlocks: [OpaquePointer] = []
    var tables: [OpaquePointer] = []
    var taskItems: [OpaquePointer] = []
    var texts: [OpaquePointer] = []
    var sourceLinks: [SourceLink] = []
    var annotationUses: [SourceLink] = []
    var rewritten: [SourceLink] = []
    /// Live demos' frames, put in place of their placeholders after rendering.
    var demoFrames: [String] = []

    init(document: OpaquePointer, options: Int32, extensions: UnsafeMutablePointer<cmark_llist>?,
         firstLine: Int, path: String, unsafeHTML: Bool) {
        self.document = document
        self.options = options
        self.extensions = extensions
        self.firstLine = firstLine
        self.path = path
        self.unsafeHTML = unsafeHTML
    }

    /// Removes the platform sections the filter drops, with everything under their heading up
    /// to the next heading of the same or a higher level.
    func dropPlatformSections(_ filter: PlatformFilter) {
        var dropping: Int32?
        var node = cmark_node_first_child(document)
        while let current = node {
            node = cmark_node_next(current)
            if cmark_node_get_type(current) == CMARK_NODE_HEADING {
                let level = cmark_node_get_heading_level(current)
                if let open = dropping, level <= open { dropping = nil }
                if dropping == nil, filter.drops(plainText(current)) { dropping = level }
            }
            if dropping != nil {
                cmark_node_unlink(current)
                cmark_node_free(current)
            }
        }
    }

    mutating func collect() {
        guard let iterator = cmark_iter_new(document) else { return }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_HEADING: headings.append(node)
            case CMARK_NODE_HTML_BLOCK, CMARK_NODE_HTML_INLINE: rawHTML.append(node)
            case CMARK_NODE_TEXT: texts.append(node)
            case CMARK_NODE_LINK: links.append(node)
            case CMARK_NODE_IMAGE:
                links.append(node)
                if plainText(node).isEmpty {
                    let url = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
                    diagnostics.append(Diagnostic(
                        .warning, path, line: line(of: node), column: column(of: node), category: "image-alt",
                        "image `\(url)` has no alt text; describe what it shows between the brackets: ![Wheel picker set to 9:00](\(url))"
                    ))
                }
            case CMARK_NODE_ITEM:
                if let name = cmark_node_get_type_string(node), strcmp(name, "tasklist") == 0 { taskItems.append(node) }
            case CMARK_NODE_CODE_BLOCK: codeBlocks.append(node)
            default:
                if let name = cmark_node_get_type_string(node), strcmp(name, "table") == 0 {
                    tables.append(node)
                }
            }
        }
    }

    func line(of node: OpaquePointer) -> Int {
        firstLine + Int(cmark_node_get_start_line(node)) - 1
    }

    func column(of node: OpaquePointer) -> Int {
        max(1, Int(cmark_node_get_start_column(node)))
    }

    /// Links a screen reader user cannot tell apart ("click here") or hear at all (no text), and
    /// tables whose header row is empty.
    mutating func lintLinksAndTables() {
        let vague: Set<String> = ["click here", "here", "read more", "more", "link", "this link", "click", "learn more"]
        for node in links where cmark_node_get_type(node) == CMARK_NODE_LINK {
            var text = plainText(node)
            var child = cmark_node_first_child(node)
            while let current = child, text.isEmpty {
                if cmark_node_get_type(current) == CMARK_NODE_IMAGE { text = plainText(current) }
                child = cmark_node_next(current)
            }
            if text.isEmpty {
                diagnostics.append(Diagnostic(.warning, path, line: line(of: node), column: column(of: node), category: "empty-link",
                                              "link has no text, so screen readers announce only its address; put words between the brackets"))
            } else if vague.contains(text.lowercased().trimmingCharacters(in: .punctuationCharacters)) {
                diagnostics.append(Diagnostic(.warning, path, line: line(of: node), column: column(of: node), category: "link-text",
                                              "link text \"\(text)\" does not say where it goes; name the destination, e.g. [Focus Visible guidance](...)"))
            }
        }
        for table in tables {
            guard let header = cmark_node_first_child(table) else { continue }
            if plainText(header).isEmpty {
                diagnostics.append(Diagnostic(.warning, path, line: line(of: table), column: column(of: table), category: "table-header",
                                              "table has no header row text; name each column in the first row"))
            }
        }
    }

    /// Raw HTML is the author's to allow: without `unsafe-html` it is dropped, with one warning
    /// per file so nothing disappears silently.
    mutating func handleRawHTML() {
        guard !unsafeHTML, let first = rawHTML.first else { return }
        let count = rawHTML.count
        diagnostics.append(Diagnostic(
            .warning, path, line: line(of: first), column: column(of: first), category: "raw-html",
            "raw HTML is dropped (\(count) place\(count == 1 ? "" : "s") in this file); write it as Markdown,"
                + " put it in backticks to show it as code, or set `markdown: {unsafe-html: true}` in site.yml"
        ))
        for node in rawHTML {
            cmark_node_unlink(node)
            cmark_node_free(node)
        }
        rawHTML = []
    }

    /// Rewrites destinations and removes links whose scheme can run code.
    mutating func rewriteLinks(_ rewrite: (String) -> LinkTarget) {
        for node in links {
            let url = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
            let isLink = cmark_node_get_type(node) == CMARK_NODE_LINK
            if URLSafety.isDangerous(url) {
                diagnostics.append(Diagnostic(
                    .warning, path, line: line(of: node), column: column(of: node), category: "unsafe-link",
                    "link to `\(url.prefix(40))` removed: `javascript:`, `vbscript:`, `file:` and `data:` links are not allowed"
                ))
                if isLink { unwrap(node) } else { cmark_node_set_url(node, "") }
                continue
            }
            var decision = rewrite(url)
            // A missing image is a broken link to report, not source code to unlink.
            if case .unpublished = decision, !isLink { decision = .keep }
            if case .keep = decision { sourceLinks.append(SourceLink(target: url, line: line(of: node), column: column(of: node))) }
            if case .url = decision { sourceLinks.append(SourceLink(target: url, line: line(of: node), column: column(of: node))) }
            switch decision {
            case .keep:
                break
            case .url(let rewritten):
                if rewritten != url { cmark_node_set_url(node, rewritten) }
            case .leavingGuide(let address):
                cmark_node_set_url(node, address)
                if isLink {
                    cmark_node_set_title(node, "In the full guide, outside this one")
                    if let marker = cmark_node_new(CMARK_NODE_TEXT) {
                        cmark_node_set_literal(marker, " (full guide)")
                        cmark_node_append_child(node, marker)
                    }
                }
                rewritten.append(SourceLink(target: "`\(url)` is not in this guide; it now points to the full guide", line: line(of: node), column: column(of: node)))
            case .unpublished:
                diagnostics.append(Diagnostic(
                    .warning, path, line: line(of: node), column: column(of: node), category: "unpublished-link",
                    "link to `\(url)` points to a file that is not part of the site; its text is kept without the link (copy the file into the content folder to publish it)"
                ))
                if isLink { unwrap(node) } else { cmark_node_set_url(node, "") }
            case .plainText:
                rewritten.append(SourceLink(target: "`\(url)` is not in this guide; it is now plain text", line: line(of: node), column: column(of: node)))
                if isLink { unwrap(node) } else { cmark_node_set_url(node, "") }
            }
        }
        links = []
    }

    /// Replaces a link by its content.
    private func unwrap(_ node: OpaquePointer) {
        while let child = cmark_node_first_child(node) {
            cmark_node_insert_before(node, child)
        }
        cmark_node_unlink(node)
        cmark_node_free(node)
    }

    /// Turns the stretches the annotator finds in running text into links. Text already inside
    /// a link or image is left alone (a link the author wrote stays as written); code is never
    /// text, so it is never annotated.
    mutating func annotateText(_ annotate: TextAnnotator) {
        for node in texts {
            guard let literal = cmark_node_get_literal(node) else { continue }
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(literal).assumingMemoryBound(to: UInt8.self), count: strlen(literal))
            // Nothing to link and nothing to report.
            guard annotate.mayMatch(bytes) else { continue }
            let text = String(decoding: bytes, as: UTF8.self)
            var ancestor = cmark_node_parent(node)
            var insideLink = false
            while let current = ancestor {
                let type = cmark_node_get_type(current)
                if type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE { insideLink = true; break }
                ancestor = cmark_node_parent(current)
            }
            let annotations = annotate.annotate(text, isBlockStart(node))
            let nodeLine = cmark_node_get_start_line(node) > 0 ? line(of: node) : line(of: cmark_node_parent(node) ?? node)
            if insideLink {
                // Still a reference, just not one to link a second time.
                annotationUses += annotations.map { SourceLink(target: $0.key, line: nodeLine, column: 1) }
                continue
            }
            guard annotations.contains(where: { !$0.url.isEmpty }) else {
                annotationUses += annotations.map { SourceLink(target: $0.key, line: nodeLine, column: 1) }
                continue
            }
            var cursor = text.startIndex
            for annotation in annotations where annotation.range.lowerBound >= cursor {
                guard !annotation.url.isEmpty else {
                    // Reported, but not linked: the annotator found nothing to link to.
                    annotationUses.append(SourceLink(target: annotation.key, line: nodeLine, column: 1))
                    continue
                }
                if cursor < annotation.range.lowerBound {
                    insertText(String(text[cursor..<annotation.range.lowerBound]), before: node)
                }
                if let link = cmark_node_new(CMARK_NODE_LINK) {
                    cmark_node_set_url(link, annotation.url)
                    if let label = cmark_node_new(CMARK_NODE_TEXT) {
                        cmark_node_set_literal(label, String(text[annotation.range]))
                        cmark_node_append_child(link, label)
                    }
                    cmark_node_insert_before(node, link)
                }
                annotationUses.append(SourceLink(target: annotation.key, line: nodeLine, column: 1))
                cursor = annotation.range.upperBound
            }
            if cursor < text.endIndex { insertText(String(text[cursor...]), before: node) }
            cmark_node_unlink(node)
            cmark_node_free(node)
        }
        texts = []
    }

    private func insertText(_ text: String, before node: OpaquePointer) {
        guard let piece = cmark_node_new(CMARK_NODE_TEXT) else { return }
        cmark_node_set_literal(piece, text)
        cmark_node_insert_before(node, piece)
    }

    /// The first text of a heading, or of the first paragraph of a list item.
    private func isBlockStart(_ node: OpaquePointer) -> Bool {
        guard let parent = cmark_node_parent(node), cmark_node_first_child(parent) == node else { return false }
        let type = cmark_node_get_type(parent)
        if type == CMARK_NODE_HEADING { return true }
        guard type == CMARK_NODE_PARAGRAPH, let item = cmark_node_parent(parent) else { return false }
        return cmark_node_get_type(item) == CMARK_NODE_ITEM && cmark_node_first_child(item) == parent
    }

    /// Under `.fromFirstHeading`, the first `#` heading becomes the title; under `.given`, a first
    /// block that repeats the title is dropped so the page has one `h1`.
    mutating func takeTitle(_ rule: TitleRule) -> String? {
        switch rule {
        case .given(let title):
            guard let first = cmark_node_first_child(document), cmark_node_get_type(first) == CMARK_NODE_HEADING,
                  cmark_node_get_heading_level(first) == 1,
                  plainText(first).lowercased() == title.lowercased() else { return nil }
            remove(heading: first)
            return nil
        case .fromFirstHeading:
            guard let first = headings.first(where: { cmark_node_get_heading_level($0) == 1 }) else { return nil }
            let text = plainText(first)
            guard !text.isEmpty else { return nil }
            remove(heading: first)
            return text
        }
    }

    private mutating func remove(heading: OpaquePointer) {
        headings.removeAll { $0 == heading }
        cmark_node_unlink(heading)
        cmark_node_free(heading)
    }

    /// Code blocks become focusable, named, scrollable regions keeping `class="language-x"`.
    mutating func replaceCodeBlocks(demoStylesheet: String) {
        var html: [UInt8] = []
        var demos = 0
        for (number, node) in codeBlocks.enumerated() {
            let info = cmark_node_get_fence_info(node).map { String(cString: $0) } ?? ""
            let language = MarkdownRenderer.language(ofFenceInfo: info)
            let words = language == DemoBlocks.exampleInfo || info.containsBytes("demo") ? info.split(whereSeparator: \.isWhitespace) : []
            if language == DemoBlocks.exampleInfo || (words.count > 1 && words[1] == "demo") {
                let code = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
                let named = language == DemoBlocks.exampleInfo && words.count > 1 ? words.dropFirst().joined(separator: " ") : nil
                demos += 1
                html.removeAll(keepingCapacity: true)
                if language != DemoBlocks.exampleInfo { appendCode(code, language: language, number: number, into: &html) }
                // cmark-gfm's tag filter would escape an `<iframe>`: a placeholder is replaced after rendering.
                var frame: [UInt8] = []
                DemoBlocks.frame(code: code, label: named ?? nearestHeading(before: node) ?? "demo \(demos)", stylesheet: demoStylesheet, into: &frame)
                html.append(contentsOf: DemoBlocks.placeholder(demoFrames.count).utf8)
                demoFrames.append(String(decoding: frame, as: UTF8.self))
                html.append(0)
                html.withUnsafeBufferPointer { bytes in
                    bytes.withMemoryRebound(to: CChar.self) { replace(node, withLiteral: $0.baseAddress!) }
                }
                continue
            }
            let code = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
            html.removeAll(keepingCapacity: true)
            appendCode(code, language: language, number: number, into: &html)
            html.append(0)
            html.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { replace(node, withLiteral: $0.baseAddress!) }
            }
        }
        codeBlocks = []
    }

    /// A code block as a focusable, named, scrollable region, written as the bytes of a C string
    /// for cmark-gfm, the code escaped on the way.
    private func appendCode(_ code: String, language: String, number: Int, into html: inout [UInt8]) {
        let label = "Code example \(number + 1)" + (language.isEmpty ? "" : " (\(language))")
        html.append(contentsOf: "<pre class=\"code-block\" tabindex=\"0\" role=\"region\" aria-label=\"".utf8)
        HTML.escape(label, into: &html)
        html.append(contentsOf: "\"><code".utf8)
        if !language.isEmpty {
            html.append(contentsOf: " class=\"language-".utf8)
            HTML.escape(language, into: &html)
            html.append(UInt8(ascii: "\""))
        }
        html.append(UInt8(ascii: ">"))
        HTML.escape(code, into: &html)
        html.append(contentsOf: "</code></pre>\n".utf8)
    }

    /// The text of the closest heading before `node` (among its and its ancestors' earlier
    /// siblings), which names a demo.
    private func nearestHeading(before node: OpaquePointer) -> String? {
        var current: OpaquePointer? = node
        while let start = current {
            var sibling = cmark_node_previous(start)
            while let candidate = sibling {
                if cmark_node_get_type(candidate) == CMARK_NODE_HEADING {
                    let text = plainText(candidate)
                    return text.isEmpty ? nil : text
                }
                sibling = cmark_node_previous(candidate)
            }
            current = cmark_node_parent(start)
        }
        return nil
    }

    /// With raw HTML kept: media file addresses (`<video src>`, `<source src>`, `<track src>`,
    /// `poster`) get the base path and are checked like links; under `check`, a `<video>` without
    /// a captions track is a warning (WCAG 1.2.2).
    mutating func rewriteMedia(_ rewrite: (String) -> LinkTarget, lint: Bool) {
        guard unsafeHTML else { return }
        for node in rawHTML {
            guard let literal = cmark_node_get_literal(node).map({ String(cString: $0) }), MediaMarkup.mayHoldMedia(literal) else { continue }
            var found: [String] = []
            let rewritten = MediaMarkup.rewritingSources(literal) { url in
                guard !URLSafety.isDangerous(url) else { return "" }
                found.append(url)
                if case .url(let written) = rewrite(url) { return written }
                return nil
            }
            if rewritten != literal { cmark_node_set_literal(node, rewritten) }
            sourceLinks += found.map { SourceLink(target: $0, line: line(of: node), column: column(of: node)) }
            let uncaptioned = lint ? MediaMarkup.videosWithoutCaptions(in: literal) : 0
            if uncaptioned > 0 {
                diagnostics.append(Diagnostic(
                    .warning, path, line: line(of: node), column: column(of: node), category: "video-captions",
                    "`<video>` has no captions track; add `<track kind=\"captions\" src=\"….vtt\" srclang=\"en\" label=\"English\">` inside it (WCAG 1.2.2 Captions (Prerecorded))"
                ))
            }
        }
    }

    /// Tables scroll inside their own focusable, named region instead of widening the page.
    mutating func wrapTables() {
        for (number, node) in tables.enumerated() {
            let open = newHTMLBlock("<div class=\"table-scroll\" tabindex=\"0\" role=\"region\" aria-label=\"Table \(number + 1)\">\n")
            let close = newHTMLBlock("</div>\n")
            cmark_node_insert_before(node, open)
            cmark_node_insert_after(node, close)
        }
        tables = []
    }

    /// Gives every heading a unique id and a self-link, places body headings under the page's
    /// `h1` (a body that uses `#` moves down one level), and warns about skipped levels.
    mutating func replaceHeadings(reservedIDs: Set<String>) -> [Heading] {
        var generator = HeadingIDGenerator(reserved: reservedIDs)
        let shift = headings.contains { cmark_node_get_heading_level($0) == 1 } ? 1 : 0
        var previousLevel = 1
        var result: [Heading] = []
        result.reserveCapacity(headings.count)
        // Written as the bytes of a C string for cmark-gfm, into one buffer for every heading.
        var html: [UInt8] = []
        html.reserveCapacity(512)
        for node in headings {
            let level = min(6, Int(cmark_node_get_heading_level(node)) + shift)
            let text = plainText(node)
            let id = generator.id(for: text)
            let sourceLine = line(of: node)
            if level > previousLevel + 1 {
                diagnostics.append(Diagnostic(
                    .warning, path, line: sourceLine, column: column(of: node), category: "heading-skip",
                    "heading level skips from \(previousLevel) to \(level); use \(String(repeating: "#", count: previousLevel + 1 - shift)) for \"\(text)\""
                ))
            }
            previousLevel = level
            let digit = UInt8(ascii: "0") + UInt8(level)
            html.removeAll(keepingCapacity: true)
            html.append(contentsOf: "<div class=\"heading\"><h".utf8)
            html.append(digit)
            html.append(contentsOf: " id=\"".utf8)
            html.append(contentsOf: id.utf8)
            html.append(contentsOf: "\">".utf8)
            html.append(contentsOf: innerHTML(of: node).utf8)
            html.append(contentsOf: "</h".utf8)
            html.append(digit)
            html.append(contentsOf: "><a class=\"heading-anchor\" href=\"#".utf8)
            html.append(contentsOf: id.utf8)
            html.append(contentsOf: "\"><span aria-hidden=\"true\">#</span><span class=\"visually-hidden\">Link to section: ".utf8)
            html.append(contentsOf: HTML.escape(text).utf8)
            html.append(contentsOf: "</span></a></div>\n".utf8)
            html.append(0)
            html.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { replace(node, withLiteral: $0.baseAddress!) }
            }
            result.append(Heading(level: level, text: text, id: id, line: sourceLine))
        }
        headings = []
        return result
    }

    // MARK: - Helpers

    private func newHTMLBlock(_ html: String) -> OpaquePointer? {
        let node = cmark_node_new(CMARK_NODE_HTML_BLOCK)
        cmark_node_set_literal(node, html)
        return node
    }

    /// Puts an HTML block holding the C string `literal` in place of `node`.
    private func replace(_ node: OpaquePointer, withLiteral literal: UnsafePointer<CChar>) {
        guard let block = cmark_node_new(CMARK_NODE_HTML_BLOCK) else { return }
        cmark_node_set_literal(block, literal)
        cmark_node_replace(node, block)
        cmark_node_free(node)
    }

    /// The HTML of a heading's inline content, without the `<hN>` wrapper.
    private func innerHTML(of heading: OpaquePointer) -> String {
        // Most headings are one run of text: cmark-gfm would write it escaped for `&`, `<`, `>`
        // and `"`, which is `HTML.escape` when there is no `'` (escaped there, not by cmark).
        if let only = cmark_node_first_child(heading), cmark_node_next(only) == nil, cmark_node_get_type(only) == CMARK_NODE_TEXT,
           let literal = cmark_node_get_literal(only), strchr(literal, Int32(UInt8(ascii: "'"))) == nil {
            return HTML.escape(String(cString: literal))
        }
        guard let rendered = cmark_render_html(heading, options, extensions) else { return "" }
        defer { free(rendered) }
        let html = String(cString: rendered).utf8
        let start = html.firstIndex(of: UInt8(ascii: ">")).map { html.index(after: $0) } ?? html.startIndex
        var end = html.endIndex
        // The last `</h` closes the heading.
        var index = html.endIndex
        while index > start {
            index = html.index(before: index)
            if html[index] == UInt8(ascii: "<"), html[index...].starts(with: "</h".utf8) { end = index; break }
        }
        return String(Substring(html[start..<end]))
    }

    /// The text of a node's inline content: text, code, and spaces for line breaks.
    func plainText(_ node: OpaquePointer) -> String {
        // Most headings and labels are one run of text.
        if let only = cmark_node_first_child(node), cmark_node_next(only) == nil, cmark_node_get_type(only) == CMARK_NODE_TEXT,
           cmark_node_first_child(only) == nil, let literal = cmark_node_get_literal(only) {
            return String(cString: literal).trimmingWhitespace()
        }
        var text = ""
        guard let iterator = cmark_iter_new(node) else { return "" }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let child = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(child) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                if let literal = cmark_node_get_literal(child) { text += String(cString: literal) }
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                text += " "
            default: break
            }
        }
        return text.trimmingWhitespace()
    }
}
