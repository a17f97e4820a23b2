/// Live demos: `<example>` markup after a code block (and fences marked ` ```html demo `), which
/// libraries show working (and deliberately broken) next to the code. Each becomes a sandboxed
/// `<iframe srcdoc>` so a demo's landmarks, ids and invalid markup never become the page's own.
enum DemoBlocks {
    /// The fence info string an `<example>` element becomes.
    static let exampleInfo = "example"

    /// `markdown` with every `<example>` element (its tags on lines of their own, outside fenced
    /// code) made a fenced block with the info `example` and its title, lines kept in place.
    static func fencing(_ markdown: String) -> String {
        guard markdown.containsBytes("<example") else { return markdown }
        var lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var fence: Character?
        var index = 0
        while index < lines.count {
            let trimmed = lines[index].drop { $0 == " " }
            if let open = fence {
                if trimmed.hasPrefix(String(repeating: open, count: 3)) { fence = nil }
            } else if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = trimmed.first
            } else if Self.opensExample(trimmed), let tagEnd = trimmed.firstIndex(of: ">") {
                let title = attribute("title", in: trimmed[...tagEnd]) ?? attribute("aria-label", in: trimmed[...tagEnd])
                let afterTag = String(trimmed[trimmed.index(after: tagEnd)...])
                // Never closed: left as it is, for the raw HTML rules to deal with.
                guard let close = (index..<lines.count).first(where: { lines[$0].lowercased().contains("</example>") }) else {
                    index += 1
                    continue
                }
                let body = (index...close).map { $0 == index ? afterTag : lines[$0] }.joined(separator: "\n")
                let longest = body.split(separator: "\n").map { (line: Substring) -> Int in line.prefix { $0 == "~" }.count }.max() ?? 0
                let marker = String(repeating: "~", count: max(4, longest + 1))
                let info = marker + exampleInfo + (title.map { " " + $0 } ?? "")
                if close == index {
                    // One line: opening fence, the demo, closing fence (two lines more, a rare case).
                    let inner = afterTag.components(separatedBy: "</example>").first ?? ""
                    lines[index] = info + "\n" + inner + "\n" + marker
                } else {
                    lines[index] = afterTag.trimmingWhitespace().isEmpty ? info : info + "\n" + afterTag
                    let closing = lines[close]
                    let cut = closing.range(of: "</example>", options: .caseInsensitive)
                    let before = cut.map { String(closing[..<$0.lowerBound]) } ?? ""
                    lines[close] = before.trimmingWhitespace().isEmpty ? marker : before + "\n" + marker
                }
                index = close + 1
                continue
            }
            index += 1
        }
        return lines.joined(separator: "\n")
    }

    /// `<example>` or `<example title=…>`, not `<examples>`.
    static func opensExample(_ line: Substring) -> Bool {
        let lowered = line.prefix(9).lowercased()
        return lowered.hasPrefix("<example") && (lowered.count == 8 || lowered.last == ">" || lowered.last == " " || lowered.last == "\t")
    }

    /// What stands for the `index`th demo's frame in cmark-gfm's output.
    static func placeholder(_ index: Int) -> String {
        "<!--guidesite-demo:\(index)-->\n"
    }

    /// A quoted attribute's value in a start tag.
    static func attribute(_ name: String, in tag: Substring) -> String? {
        guard let found = tag.range(of: name + "=\"") else { return nil }
        let rest = tag[found.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }

    /// The iframe showing `code`, titled "Example: `label`", styled with the theme's stylesheet.
    static func frame(code: String, label: String, stylesheet: String, into html: inout [UInt8]) {
        var document: [UInt8] = []
        document.append(contentsOf: "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Example: ".utf8)
        HTML.escape(label, into: &document)
        document.append(contentsOf: "</title><link rel=\"stylesheet\" href=\"".utf8)
        HTML.escape(stylesheet, into: &document)
        document.append(contentsOf: "\"></head><body class=\"demo-body\">\n".utf8)
        document.append(contentsOf: code.utf8)
        document.append(contentsOf: "\n</body></html>".utf8)
        html.append(contentsOf: "<iframe class=\"demo\" title=\"Example: ".utf8)
        HTML.escape(label, into: &html)
        // Same origin so the theme's script can size the frame to its content; no scripts run inside.
        html.append(contentsOf: "\" sandbox=\"allow-same-origin\" srcdoc=\"".utf8)
        HTML.escape(String(decoding: document, as: UTF8.self), into: &html)
        html.append(contentsOf: "\"></iframe>\n".utf8)
    }
}
