import Foundation

/// What the tree's blocks become: platform sections dropped, the title taken, code blocks,
/// tables and headings written as the theme expects them.
extension MarkdownTree {
    /// Removes the platform sections the filter drops, with everything under their heading up
    /// to the next heading of the same or a higher level.
    func dropPlatformSections(_ filter: PlatformFilter) {
        var dropping: Int?
        var node = document.root.firstChild
        while let current = node {
            node = current.next
            if current.kind == .heading {
                let level = current.headingLevel
                if let open = dropping, level <= open { dropping = nil }
                if dropping == nil, filter.drops(plainText(current)) { dropping = level }
            }
            if dropping != nil { current.remove() }
        }
    }

    /// Under `.fromFirstHeading`, the first `#` heading becomes the title; under `.given`, a body
    /// that opens with `# Heading` has it as its title (a layout shows the front matter's title
    /// and the body's, two `h1`s, where Jekyll's and Eleventy's libraries meant one).
    mutating func takeTitle(_ rule: TitleRule) -> String? {
        switch rule {
        case .given:
            guard let first = document.root.firstChild, first.kind == .heading, first.headingLevel == 1 else { return nil }
            let text = plainText(first)
            guard !text.isEmpty else { return nil }
            remove(heading: first)
            return text
        case .fromFirstHeading:
            guard let first = headings.first(where: { $0.headingLevel == 1 }) else { return nil }
            let text = plainText(first)
            guard !text.isEmpty else { return nil }
            remove(heading: first)
            return text
        }
    }

    private mutating func remove(heading: MarkdownNode) {
        headings.removeAll { $0 == heading }
        heading.remove()
    }

    /// Code blocks become focusable, named, scrollable regions keeping `class="language-x"`.
    mutating func replaceCodeBlocks(demoStylesheet: String, highlight: Bool) {
        var html: [UInt8] = []
        var demos = 0
        for (number, node) in codeBlocks.enumerated() {
            let info = node.fenceInfo
            let language = MarkdownRenderer.language(ofFenceInfo: info)
            let code = node.literal ?? ""
            let words = language == DemoBlocks.exampleInfo || info.containsBytes("demo") ? info.split(whereSeparator: \.isWhitespace) : []
            html.removeAll(keepingCapacity: true)
            if language == DemoBlocks.exampleInfo || (words.count > 1 && words[1] == "demo") {
                let named = language == DemoBlocks.exampleInfo && words.count > 1 ? words.dropFirst().joined(separator: " ") : nil
                demos += 1
                if language != DemoBlocks.exampleInfo { appendCode(code, language: language, number: number, highlight: highlight, into: &html) }
                // cmark-gfm's tag filter would escape an `<iframe>`: a placeholder is replaced after rendering.
                var frame: [UInt8] = []
                DemoBlocks.frame(code: code, label: named ?? nearestHeading(before: node) ?? "demo \(demos)", stylesheet: demoStylesheet, into: &frame)
                html.append(contentsOf: DemoBlocks.placeholder(demoFrames.count).utf8)
                demoFrames.append(String(decoding: frame, as: UTF8.self))
            } else {
                appendCode(code, language: language, number: number, highlight: highlight, into: &html)
            }
            node.replace(withHTML: &html)
        }
        codeBlocks = []
    }

    /// A code block as a focusable, named, scrollable region, the code escaped on the way.
    private func appendCode(_ code: String, language: String, number: Int, highlight: Bool, into html: inout [UInt8]) {
        let label = labels.codeExample.replacingBytes("{number}", with: String(number + 1)) + (language.isEmpty ? "" : " (\(language))")
        html.append(contentsOf: "<pre class=\"code-block\" dir=\"ltr\" tabindex=\"0\" role=\"region\" aria-label=\"".utf8)
        HTML.escape(label, into: &html)
        html.append(contentsOf: "\"><code".utf8)
        if !language.isEmpty {
            html.append(contentsOf: " class=\"language-".utf8)
            HTML.escape(language, into: &html)
            html.append(UInt8(ascii: "\""))
        }
        html.append(UInt8(ascii: ">"))
        if !highlight || !CodeHighlighter.append(code, language: language, into: &html) { HTML.escape(code, into: &html) }
        html.append(contentsOf: "</code></pre>\n".utf8)
    }

    /// The text of the closest heading before `node`, which names a demo.
    private func nearestHeading(before node: MarkdownNode) -> String? {
        guard let heading = nearestHeadingNode(before: node) else { return nil }
        let text = plainText(heading)
        return text.isEmpty ? nil : text
    }

    /// The closest heading before `node`, among its and its ancestors' earlier siblings.
    func nearestHeadingNode(before node: MarkdownNode) -> MarkdownNode? {
        var current: MarkdownNode? = node
        while let start = current {
            var sibling = start.previous
            while let candidate = sibling {
                if candidate.kind == .heading { return candidate }
                sibling = candidate.previous
            }
            current = start.parent
        }
        return nil
    }

    /// Tables scroll inside their own focusable, named region instead of widening the page.
    mutating func wrapTables() {
        for (number, node) in tables.enumerated() {
            node.insertBefore(html: "<div class=\"table-scroll\" tabindex=\"0\" role=\"region\" aria-label=\"Table \(number + 1)\">\n")
            node.insertAfter(html: "</div>\n")
        }
        tables = []
    }

    /// Gives every heading a unique id and a self-link, places body headings under the page's
    /// `h1` (a body that uses `#` moves down one level), and warns about skipped levels.
    mutating func replaceHeadings(reservedIDs: Set<String>, style: HeadingIDGenerator.Style = .guidesite) -> [Heading] {
        var generator = HeadingIDGenerator(reserved: reservedIDs)
        generator.style = style
        let shift = headings.contains { $0.headingLevel == 1 } ? 1 : 0
        var previousLevel = 1
        var result: [Heading] = []
        result.reserveCapacity(headings.count)
        // One buffer for every heading.
        var html: [UInt8] = []
        html.reserveCapacity(512)
        for node in headings {
            let level = min(6, node.headingLevel + shift)
            let explicit = Self.takeExplicitID(node)
            let text = plainText(node)
            let id = generator.id(for: text, explicit: explicit)
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
            node.replace(withHTML: &html)
            result.append(Heading(level: level, text: text, id: id, line: sourceLine))
        }
        headings = []
        return result
    }

    /// The id a heading names at its end, as kramdown, Python-Markdown's attr_list, Pandoc and
    /// Docusaurus write it (`## Keys {#keys}`, `{: #keys .wide}`, `{ #keys }`), taken out of its text.
    static func takeExplicitID(_ heading: MarkdownNode) -> String? {
        guard let last = heading.lastChild, last.kind == .text, var literal = last.literal, literal.hasSuffix("}"),
              let open = literal.range(of: "{", options: .backwards) else { return nil }
        let inside = literal[open.upperBound..<literal.index(before: literal.endIndex)]
        // kramdown opens its list with `:` (`{: #id}`, `{:#id}`).
        let words = inside.split(whereSeparator: \.isWhitespace).map { $0.hasPrefix(":") ? $0.dropFirst() : $0 }.filter { !$0.isEmpty }
        guard let word = words.first(where: { $0.hasPrefix("#") && $0.count > 1 }),
              words.allSatisfy({ $0.hasPrefix("#") || $0.hasPrefix(".") || $0.contains("=") }) else { return nil }
        let id = String(word.dropFirst())
        guard id.allSatisfy({ $0.isLetter || $0.isNumber || "-_:.".contains($0) }) else { return nil }
        literal = String(literal[..<open.lowerBound])
        while literal.last == " " || literal.last == "\t" { literal.removeLast() }
        if literal.isEmpty, last.previous != nil { last.remove() } else { last.literal = literal }
        return id
    }
}
