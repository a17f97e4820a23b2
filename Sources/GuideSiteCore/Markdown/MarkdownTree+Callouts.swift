/// GitHub's alerts: a quote whose first line is `[!NOTE]`, `[!TIP]`, `[!IMPORTANT]`,
/// `[!WARNING]` or `[!CAUTION]` becomes a note with its kind written out, not shown by colour alone.
extension MarkdownTree {
    /// Each alert becomes `<aside class="callout callout-KIND" role="note">` and a visible label.
    /// `role="note"`: an unnamed `aside` in `main` would be a complementary landmark inside one.
    mutating func replaceCallouts() {
        for quote in blockQuotes {
            guard let paragraph = quote.firstChild, paragraph.kind == .paragraph else { continue }
            // cmark keeps `[`, `!NOTE` and `]` as separate texts: the marker is the first line's.
            var marker = "", markerNodes: [MarkdownNode] = []
            var child = paragraph.firstChild
            while let current = child, current.kind == .text {
                marker += current.literal ?? ""
                markerNodes.append(current)
                child = current.next
            }
            let word = marker.trimmingWhitespace()
            guard word.hasPrefix("[!"), word.hasSuffix("]"), child == nil || child?.kind == .softBreak || child?.kind == .lineBreak,
                  let label = labels.callouts[word.dropFirst(2).dropLast().lowercased()] else { continue }
            for node in markerNodes { node.remove() }
            if let lineEnd = child { lineEnd.remove() }
            if paragraph.firstChild == nil { paragraph.remove() }
            let kind = label.lowercased()
            quote.insertBefore(html: "<aside class=\"callout callout-\(kind)\" role=\"note\">\n<p class=\"callout-label\">\(label)</p>\n")
            quote.insertAfter(html: "</aside>\n")
            quote.unwrap()
        }
        blockQuotes = []
    }
}
