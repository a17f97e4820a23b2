import Foundation

/// Edits one parsed document in place. Nodes are collected first and edited afterwards, since
/// cmark's iterator must not see a tree that changes under it.
struct MarkdownTree {
    let document: MarkdownDocument
    let firstLine: Int
    let path: String
    let unsafeHTML: Bool
    /// The words written into the body.
    var labels = MarkdownLabels()
    var diagnostics: [Diagnostic] = []

    var headings: [MarkdownNode] = []
    var rawHTML: [MarkdownNode] = []
    var links: [MarkdownNode] = []
    var codeBlocks: [MarkdownNode] = []
    var blockQuotes: [MarkdownNode] = []
    var tables: [MarkdownNode] = []
    var taskItems: [MarkdownNode] = []
    var texts: [MarkdownNode] = []
    var sourceLinks: [SourceLink] = []
    var annotationUses: [SourceLink] = []
    var rewritten: [SourceLink] = []
    /// Live demos' frames, put in place of their placeholders after rendering.
    var demoFrames: [String] = []

    init(document: MarkdownDocument, firstLine: Int, path: String, unsafeHTML: Bool) {
        self.document = document
        self.firstLine = firstLine
        self.path = path
        self.unsafeHTML = unsafeHTML
    }

    mutating func collect() {
        for node in document.root.descendants() {
            switch node.kind {
            case .heading: headings.append(node)
            case .htmlBlock, .htmlInline: rawHTML.append(node)
            case .text: texts.append(node)
            case .link: links.append(node)
            case .image:
                links.append(node)
                if plainText(node).isEmpty {
                    let url = node.url
                    diagnostics.append(Diagnostic(
                        .warning, path, line: line(of: node), column: column(of: node), category: "image-alt",
                        "image `\(url)` has no alt text; write between the brackets what it shows to someone who cannot see it: "
                            + "![what the image shows](\(url))"
                    ))
                }
            case .item:
                if node.isTaskItem { taskItems.append(node) }
            case .codeBlock: codeBlocks.append(node)
            case .blockQuote: blockQuotes.append(node)
            default:
                if node.isTable { tables.append(node) }
            }
        }
    }

    func line(of node: MarkdownNode) -> Int {
        firstLine + node.startLine - 1
    }

    func column(of node: MarkdownNode) -> Int {
        max(1, node.startColumn)
    }

    /// The HTML of a heading's inline content, without the `<hN>` wrapper.
    func innerHTML(of heading: MarkdownNode) -> String {
        // Most headings are one run of text: cmark-gfm would write it escaped for `&`, `<`, `>`
        // and `"`, which is `HTML.escape` when there is no `'` (escaped there, not by cmark).
        if let only = heading.firstChild, only.next == nil, only.kind == .text,
           let literal = only.literal, !literal.utf8.contains(UInt8(ascii: "'")) {
            return HTML.escape(literal)
        }
        guard let rendered = document.html(of: heading) else { return "" }
        let html = rendered.utf8
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
    func plainText(_ node: MarkdownNode) -> String {
        // Most headings and labels are one run of text.
        if let only = node.firstChild, only.next == nil, only.kind == .text, only.firstChild == nil, let literal = only.literal {
            return literal.trimmingWhitespace()
        }
        var text = ""
        for child in node.descendants() {
            switch child.kind {
            case .text, .code: if let literal = child.literal { text += literal }
            case .softBreak, .lineBreak: text += " "
            default: break
            }
        }
        return text.trimmingWhitespace()
    }
}
