import Foundation

/// What the tree's links, raw HTML and running text become: checked, rewritten, annotated.
extension MarkdownTree {
    /// Link texts that do not say where they go, lower-cased, without punctuation around them.
    static let vague: Set<String> = ["click here", "here", "read more", "more", "link", "this link", "click", "learn more"]
    /// The most scalars a vague text has: a longer one is not lower-cased and compared
    /// (Foundation's trimming, then its `contains`, of every link's text were 1-2% of a build).
    private static let vagueLength = vague.map(\.unicodeScalars.count).max() ?? 0

    /// Links a screen reader user cannot tell apart ("click here") or hear at all (no text), and
    /// tables whose header row is empty.
    mutating func lintLinksAndTables() {
        for node in links where node.kind == .link {
            var text = plainText(node)
            var child = node.firstChild
            while let current = child, text.isEmpty {
                if current.kind == .image { text = plainText(current) }
                child = current.next
            }
            if text.isEmpty {
                diagnostics.append(Diagnostic(.warning, path, line: line(of: node), column: column(of: node), category: "empty-link",
                                              "link has no text, so screen readers announce only its address; put words between the brackets"))
            } else if Self.isVague(text) {
                diagnostics.append(Diagnostic(.warning, path, line: line(of: node), column: column(of: node), category: "link-text",
                                              "link text \"\(text)\" does not say where it goes; name the destination, e.g. [Focus Visible guidance](...)"))
            }
        }
        for table in tables {
            guard let header = table.firstChild else { continue }
            if plainText(header).isEmpty {
                diagnostics.append(Diagnostic(.warning, path, line: line(of: table), column: column(of: table), category: "table-header",
                                              "table has no header row text; name each column in the first row"))
            }
        }
    }

    /// Whether a link's text is one of the `vague` ones, punctuation around it and case aside.
    static func isVague(_ text: String) -> Bool {
        let core = text.trimming(where: isPunctuation)
        return core.unicodeScalars.count <= vagueLength && vague.contains(core.lowercased())
    }

    /// Foundation's `.punctuationCharacters`: the Unicode categories P*.
    private static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation,
             .otherPunctuation: true
        default: false
        }
    }

    /// Raw HTML is the author's to allow: without `unsafe-html` it is dropped, with one warning
    /// per file so nothing disappears silently.
    mutating func handleRawHTML() {
        if unsafeHTML {
            // Python-Markdown's `md_in_html` marks a block whose text is Markdown (`<div markdown>`,
            // which cmark reads as such between blank lines): the mark is no HTML attribute.
            for node in rawHTML {
                guard let literal = node.literal, literal.contains("markdown") else { continue }
                let unmarked = literal.replacingOccurrences(of: Self.markdownAttribute, with: "$1", options: .regularExpression)
                if unmarked != literal { node.literal = unmarked }
            }
            // GFM's tag filter is off (`<iframe>`, `<style>` kept), but for the tags that run code
            // or swallow the rest of the page, escaped as the filter escapes them.
            for node in rawHTML {
                guard let literal = node.literal,
                      Self.filtered.contains(where: { literal.range(of: "<" + $0, options: .caseInsensitive) != nil }) else { continue }
                node.literal = Self.filtered.reduce(literal) { text, tag in
                    text.replacingOccurrences(of: "<" + tag, with: "&lt;" + tag, options: .caseInsensitive)
                        .replacingOccurrences(of: "</" + tag, with: "&lt;/" + tag, options: .caseInsensitive)
                }
            }
            return
        }
        guard let first = rawHTML.first else { return }
        let count = rawHTML.count
        diagnostics.append(Diagnostic(
            .warning, path, line: line(of: first), column: column(of: first), category: "raw-html",
            "raw HTML is dropped (\(count) place\(count == 1 ? "" : "s") in this file); write it as Markdown,"
                + " put it in backticks to show it as code, or set `markdown: {unsafe-html: true}` in site.yml"
        ))
        for node in rawHTML { node.remove() }
        rawHTML = []
    }

    /// `md_in_html`'s attribute in a start tag: `markdown`, `markdown="1"`, `markdown="block"`.
    static let markdownAttribute = #"(<[A-Za-z][^<>]*?)\s+markdown(?:=(?:"[^"]*"|'[^']*'|[^\s>]+))?(?=[\s/>])"#

    /// Raw HTML tags escaped even where raw HTML is kept.
    static let filtered = ["script", "plaintext", "xmp"]

    /// With raw HTML kept: media file addresses (`<video src>`, `<source src>`, `<track src>`,
    /// `poster`) get the base path and are checked like links; under `check`, a `<video>` without
    /// a captions track is a warning (WCAG 1.2.2).
    mutating func rewriteMedia(_ rewrite: (String) -> LinkTarget, lint: Bool) {
        guard unsafeHTML else { return }
        for node in rawHTML {
            guard let literal = node.literal, MediaMarkup.mayHoldMedia(literal) else { continue }
            var found: [String] = []
            let rewritten = MediaMarkup.rewritingSources(literal) { url in
                guard !URLSafety.isDangerous(url) else { return "" }
                // An anchor in raw HTML may name an id the raw HTML gives: not checked as a heading's.
                if !url.hasPrefix("#") { found.append(url) }
                if case .url(let written) = rewrite(url) { return written }
                return nil
            }
            if rewritten != literal { node.literal = rewritten }
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

    /// Rewrites destinations and removes links whose scheme can run code.
    mutating func rewriteLinks(_ rewrite: (String) -> LinkTarget) {
        for node in links {
            let url = node.url
            let isLink = node.kind == .link
            let here = (line: line(of: node), column: column(of: node))
            if URLSafety.isDangerous(url) {
                diagnostics.append(Diagnostic(
                    .warning, path, line: here.line, column: here.column, category: "unsafe-link",
                    "link to `\(url.prefix(40))` removed: `javascript:`, `vbscript:`, `file:` and `data:` links are not allowed"
                ))
                if isLink { node.unwrap() } else { node.url = "" }
                continue
            }
            var decision = rewrite(url)
            // A missing image is a broken link to report, not source code to unlink.
            if case .unpublished = decision, !isLink { decision = .keep }
            if case .keep = decision { sourceLinks.append(SourceLink(target: url, line: here.line, column: here.column)) }
            if case .url = decision { sourceLinks.append(SourceLink(target: url, line: here.line, column: here.column)) }
            switch decision {
            case .keep:
                break
            case .url(let written):
                if written != url { node.url = written }
            case .leavingGuide(let address):
                node.url = address
                if isLink {
                    node.setTitle(labels.outsideGuide)
                    if let marker = MarkdownNode.make(.text, literal: " (\(labels.fullGuide))") { node.appendChild(marker) }
                }
                rewritten.append(SourceLink(target: "`\(url)` is not in this guide; it now points to the full guide", line: here.line, column: here.column))
            case .unpublished:
                diagnostics.append(Diagnostic(
                    .warning, path, line: here.line, column: here.column, category: "unpublished-link",
                    "link to `\(url)` points to a file that is not part of the site; its text is kept without the link (copy the file into the content folder to publish it)"
                ))
                if isLink { node.unwrap() } else { node.url = "" }
            case .plainText:
                rewritten.append(SourceLink(target: "`\(url)` is not in this guide; it is now plain text", line: here.line, column: here.column))
                if isLink { node.unwrap() } else { node.url = "" }
            }
        }
        links = []
    }

    /// Turns the stretches the annotator finds in running text into links. Text already inside
    /// a link or image is left alone (a link the author wrote stays as written); code is never
    /// text, so it is never annotated.
    mutating func annotateText(_ annotate: TextAnnotator) {
        for node in texts {
            // Nothing to link and nothing to report.
            guard let text = node.withLiteralBytes({ annotate.mayMatch($0) ? String(decoding: $0, as: UTF8.self) : nil }) ?? nil else { continue }
            var ancestor = node.parent
            var insideLink = false
            while let current = ancestor {
                if current.kind == .link || current.kind == .image { insideLink = true; break }
                ancestor = current.parent
            }
            let annotations = annotate.annotate(text, isBlockStart(node))
            let nodeLine = node.startLine > 0 ? line(of: node) : line(of: node.parent ?? node)
            if insideLink || !annotations.contains(where: { !$0.url.isEmpty }) {
                // Still a reference, just not one to link (a second time, or to anything found).
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
                if cursor < annotation.range.lowerBound, let piece = MarkdownNode.make(.text, literal: String(text[cursor..<annotation.range.lowerBound])) {
                    node.insertBefore(piece)
                }
                if let link = MarkdownNode.make(.link, url: annotation.url) {
                    if let label = MarkdownNode.make(.text, literal: String(text[annotation.range])) { link.appendChild(label) }
                    node.insertBefore(link)
                }
                annotationUses.append(SourceLink(target: annotation.key, line: nodeLine, column: 1))
                cursor = annotation.range.upperBound
            }
            if cursor < text.endIndex, let piece = MarkdownNode.make(.text, literal: String(text[cursor...])) { node.insertBefore(piece) }
            node.remove()
        }
        texts = []
    }

    /// The first text of a heading, or of the first paragraph of a list item.
    private func isBlockStart(_ node: MarkdownNode) -> Bool {
        guard let parent = node.parent, parent.firstChild == node else { return false }
        if parent.kind == .heading { return true }
        guard parent.kind == .paragraph, let item = parent.parent else { return false }
        return item.kind == .item && item.firstChild == parent
    }
}
