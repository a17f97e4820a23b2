import Foundation

extension MarkdownRenderer {
    /// One line of Markdown as inline HTML: site.yml's `footer:`, or a generator's `copyright`,
    /// which MkDocs and Hugo libraries write as HTML (`Copyright &copy; 2026`). Character
    /// references are decoded, emphasis and links kept, raw HTML kept or dropped as in a body.
    public func inline(_ markdown: String) -> String {
        guard let document = MarkdownDocument(markdown, tagFilter: !unsafeHTML) else { return "" }
        var tree = MarkdownTree(document: document, firstLine: 1, path: "", unsafeHTML: unsafeHTML)
        tree.collect()
        tree.handleRawHTML()
        guard var html = document.withHTML({ String(decoding: $0, as: UTF8.self) }) else { return "" }
        html = html.trimmingCharacters(in: .whitespacesAndNewlines)
        // The theme puts it in a paragraph: paragraphs are its lines.
        if html.hasPrefix("<p>"), html.hasSuffix("</p>") {
            html = String(html.dropFirst(3).dropLast(4)).replacingOccurrences(of: "</p>\n<p>", with: "<br>")
        }
        return unsafeHTML ? HTMLBalancer.balance(html).html : html
    }
}
