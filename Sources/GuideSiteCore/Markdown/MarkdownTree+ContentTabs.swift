/// Tab sets the author wrote (`ContentTabs`: MkDocs, Docusaurus, Starlight, VitePress): each
/// paragraph opening `[!tab Label]` starts a panel, the set running to its end marker (or its
/// container's end). They become the theme's tab set, as platform tabs do
/// (`MarkdownTree+Tabs`), with `data-tabs="content"`: a `<div class="tab-panel">` per panel,
/// headed by its label, which `tabs.js` makes ARIA tabs of.
extension MarkdownTree {
    mutating func groupContentTabs() {
        let ends = rawHTML.filter { $0.kind == .htmlBlock && $0.literal?.hasPrefix(ContentTabs.endMarker) == true }
        splitAtLaterMarkers()
        let starts = texts.filter { $0.previous == nil && $0.parent?.kind == .paragraph && $0.literal?.hasPrefix("[") == true }
        guard !starts.isEmpty || !ends.isEmpty else { return }
        rawHTML.removeAll { ends.contains($0) }
        // Each container's markers in document order: whether a set is open in it.
        var open: Set<MarkdownNode> = []
        var markers: [(node: MarkdownNode, label: String?)] = ends.map { ($0, nil) }
        for start in starts {
            // (Taken before the marker, whose first text goes with it.)
            guard let paragraph = start.parent else { continue }
            if let label = takeMarker(start) { markers.append((paragraph, label)) }
        }
        // In document order (a paragraph split off has no source position).
        let order = Dictionary(document.root.descendants().enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        markers.sort { (order[$0.node] ?? 0) < (order[$1.node] ?? 0) }
        for (node, label) in markers {
            guard let container = node.parent else { continue }
            guard let label else {
                if open.remove(container) != nil { node.insertBefore(html: "</div>\n</div>\n") }
                node.remove()
                continue
            }
            let level = min(6, (nearestHeadingNode(before: node)?.headingLevel ?? 1) + 1)
            let opening = open.insert(container).inserted ? "<div class=\"tabs\" data-tabs=\"content\">\n" : "</div>\n"
            node.insertBefore(html: opening + "<div class=\"tab-panel\" data-tab=\"\(HTML.escape(label))\">\n"
                              + "<h\(level) class=\"tab-heading\">\(HTML.escape(label))</h\(level)>\n")
            if node.firstChild == nil { node.remove() }
        }
        // A set its container ends.
        for container in open { container.lastChild?.insertAfter(html: "</div>\n</div>\n") }
    }

    /// The label of the marker `[!tab Label]` that `first` opens, taken out of its paragraph
    /// with the space after it; nil when the paragraph opens otherwise.
    private mutating func takeMarker(_ first: MarkdownNode) -> String? {
        var text = "", nodes: [MarkdownNode] = [], node: MarkdownNode? = first
        while let current = node, current.kind == .text, let literal = current.literal {
            nodes.append(current)
            let before = text.count
            text += literal
            guard let close = text.dropFirst().firstIndex(of: "]") else {
                node = current.next
                continue
            }
            guard text.hasPrefix("[!tab ") else { return nil }
            let label = String(text[text.index(text.startIndex, offsetBy: 6)..<close])
            // What follows the marker in its text node stays, the space after it left out.
            let rest = literal.dropFirst(text.distance(from: text.startIndex, to: close) + 1 - before).drop { $0 == " " }
            for taken in nodes.dropLast() { taken.remove() }
            if rest.isEmpty {
                let paragraph = current.parent
                current.remove()
                // The line break after the marker, when the content follows on the next line.
                if let lineEnd = paragraph?.firstChild, lineEnd.kind == .softBreak || lineEnd.kind == .lineBreak { lineEnd.remove() }
            } else {
                current.literal = String(rest)
            }
            texts.removeAll { nodes.contains($0) }
            return label
        }
        return nil
    }

    /// A marker on a later line of a paragraph (after an admonition's title line, which
    /// `Admonitions` writes right above its body) starts a paragraph of its own.
    private func splitAtLaterMarkers() {
        for text in texts where text.literal?.hasPrefix("[") == true {
            guard let lineEnd = text.previous, lineEnd.kind == .softBreak, let paragraph = lineEnd.parent, paragraph.kind == .paragraph,
                  Self.opensMarker(text), let split = MarkdownNode.make(.paragraph) else { continue }
            paragraph.insertAfter(split)
            var node: MarkdownNode? = text
            while let current = node {
                node = current.next
                split.appendChild(current)
            }
            lineEnd.remove()
        }
    }

    /// Whether the texts from `first` on read `[!tab `.
    private static func opensMarker(_ first: MarkdownNode) -> Bool {
        var text = "", node: MarkdownNode? = first
        while let current = node, current.kind == .text, text.count < 6 {
            text += current.literal ?? ""
            node = current.next
        }
        return text.hasPrefix("[!tab ")
    }
}
