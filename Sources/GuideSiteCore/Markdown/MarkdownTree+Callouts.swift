/// Callouts: a quote whose first line is GitHub's alert (`[!NOTE]`, `[!TIP]`, `[!IMPORTANT]`,
/// `[!WARNING]`, `[!CAUTION]`) or Obsidian's callout (`[!tip]- Title`: another kind's name, a
/// title, `-` folded, `+` open; what `Admonitions` makes of MkDocs, Docusaurus and VitePress)
/// becomes a note with its kind written out, not shown by colour alone.
extension MarkdownTree {
    /// Each callout becomes `<aside class="callout callout-KIND" role="note">` and a visible label
    /// (`<details>` and its `<summary>` when it folds). `role="note"`: an unnamed `aside` in
    /// `main` would be a complementary landmark inside one.
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
            guard child == nil || child?.kind == .softBreak || child?.kind == .lineBreak,
                  let callout = Self.callout(marker.trimmingWhitespace()), let label = labels.callouts[callout.kind] else { continue }
            for node in markerNodes { node.remove() }
            if let lineEnd = child { lineEnd.remove() }
            if paragraph.firstChild == nil { paragraph.remove() }
            let titled = callout.title.isEmpty || callout.title.lowercased() == label.lowercased() ? label : "\(label): \(callout.title)"
            let heading = HTML.escape(titled)
            if let fold = callout.fold {
                quote.insertBefore(html: "<details class=\"callout callout-\(callout.kind)\"\(fold == "+" ? " open" : "")>\n"
                                   + "<summary class=\"callout-label\">\(heading)</summary>\n")
                quote.insertAfter(html: "</details>\n")
            } else {
                quote.insertBefore(html: "<aside class=\"callout callout-\(callout.kind)\" role=\"note\">\n"
                                   + "<p class=\"callout-label\">\(heading)</p>\n")
                quote.insertAfter(html: "</aside>\n")
            }
            quote.unwrap()
        }
        blockQuotes = []
    }

    /// The kind (one of GitHub's five), title and fold (`-`, `+`, or nil) of `[!name]± Title`.
    static func callout(_ marker: String) -> (kind: String, title: String, fold: String?)? {
        guard marker.hasPrefix("[!"), let close = marker.firstIndex(of: "]"),
              let kind = Admonitions.kinds[marker[marker.index(marker.startIndex, offsetBy: 2)..<close].lowercased()] else { return nil }
        var rest = marker[marker.index(after: close)...]
        var fold: String?
        if let first = rest.first, first == "-" || first == "+" {
            fold = String(first)
            rest = rest.dropFirst()
        }
        guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
        return (kind, rest.trimmingWhitespace(), fold)
    }
}
