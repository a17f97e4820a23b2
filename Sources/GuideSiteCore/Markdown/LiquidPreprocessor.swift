import Foundation

/// Rewrites the Jekyll (Liquid) tags found in real guideline content before Markdown parsing,
/// keeping every line where it was so diagnostics point at the source:
/// `{% highlight lang %}...{% endhighlight %}` becomes a fenced code block, `{% raw %}` and
/// `{% endraw %}` disappear (keeping the text between), and any other tag stays visible as text
/// with a warning. Tags inside fenced code are code, not Liquid, and are left alone.
public struct LiquidPreprocessor: Sendable {
    /// Where `{% include %}` files live; nil when the site has no includes folder.
    public var includes: URL?
    /// Insert includes as raw HTML (site.yml `markdown: {unsafe-html: true}`) rather than as an
    /// HTML code sample.
    public var unsafeHTML = false

    /// Creates a preprocessor.
    public init(includes: URL? = nil, unsafeHTML: Bool = false) {
        self.includes = includes
        self.unsafeHTML = unsafeHTML
    }

    /// Returns the rewritten Markdown and a warning for each tag it could not carry over.
    public func process(_ markdown: String, firstLine: Int, path: String) -> Diagnosed<String> {
        guard markdown.containsBytes("{%") || markdown.containsBytes("{{") || markdown.containsBytes("{:") else { return Diagnosed(markdown) }
        var lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var diagnostics: [Diagnostic] = []
        var fence: Fence?
        var inRaw = false
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let lineNumber = firstLine + index
            if let open = fence {
                if open.closes(line) { fence = nil }
                index += 1
                continue
            }
            if !inRaw, let opened = Fence(opening: line) {
                fence = opened
                index += 1
                continue
            }
            if !inRaw, let highlight = HighlightTag(line) {
                guard let end = (index + 1..<lines.count).first(where: { HighlightTag.isEnd(lines[$0]) }) else {
                    diagnostics.append(Diagnostic(
                        .warning, path, line: lineNumber, column: highlight.column, category: "liquid",
                        "`{% highlight \(highlight.language) %}` is never closed; add `{% endhighlight %}` after the code"
                    ))
                    index += 1
                    continue
                }
                let body = lines[(index + 1)..<end]
                let marker = String(repeating: "`", count: max(3, (body.map(Self.longestBacktickRun).max() ?? 0) + 1))
                lines[index] = highlight.indent + marker + highlight.language
                lines[end] = highlight.indent + marker
                index = end + 1
                continue
            }
            if !inRaw, Self.isKramdownAttributeLine(line) {
                lines[index] = ""
                index += 1
                continue
            }
            let current = inRaw ? line : Self.stripTrailingAttributes(line)
            func text(_ piece: Substring) -> String {
                guard !inRaw, piece.contains("{{") else { return String(piece) }
                let offset = current.distance(from: current.startIndex, to: piece.startIndex)
                let output = rewriteOutputTags(String(piece), lineNumber: lineNumber, columnOffset: offset, path: path)
                diagnostics += output.diagnostics
                return output.value
            }
            var rewritten = ""
            var rest = current[...]
            while let open = rest.range(of: "{%") {
                rewritten += text(rest[..<open.lowerBound])
                guard let close = rest[open.upperBound...].range(of: "%}") else {
                    rest = rest[open.lowerBound...]
                    break
                }
                let tag = rest[open.lowerBound..<close.upperBound]
                let name = Self.tagName(tag)
                let column = current.distance(from: current.startIndex, to: open.lowerBound) + 1
                switch name {
                case "raw": inRaw = true
                case "endraw": inRaw = false
                case "link" where !inRaw:
                    // A link to a content file: written root-relative, the link stage makes it the page's URL.
                    let target = Self.arguments(tag).first ?? ""
                    rewritten += "/" + target.trimmingCharacters(in: CharacterSet(charactersIn: "/\"'"))
                case "include" where !inRaw:
                    let name = (Self.arguments(tag).first ?? "").trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
                    if let text = include(name) {
                        let whole = current.trimmingSpaces() == String(tag)
                        rewritten += insertion(text, alone: whole)
                    } else {
                        // Left out of the page: a `{%` tag printed as text helps no reader.
                        diagnostics.append(Diagnostic(
                            .warning, path, line: lineNumber, column: column, category: "liquid",
                            "include `\(name)` was not found in the includes folder and is left out of the page; add the file there or remove the tag (site.yml `includes:` sets the folder)"
                        ))
                    }
                default:
                    rewritten += tag
                    if !inRaw {
                        diagnostics.append(Diagnostic(
                            .warning, path, line: lineNumber, column: column, category: "liquid",
                            "unsupported tag `\(tag)` is shown as text; replace it with Markdown or remove it"
                        ))
                    }
                }
                rest = rest[close.upperBound...]
            }
            rewritten += text(rest)
            lines[index] = rewritten
            index += 1
        }
        return Diagnosed(lines.joined(separator: "\n"), diagnostics)
    }

    /// The words after a tag's name: `{% include note.html level=2 %}` gives `note.html`, `level=2`.
    static func arguments(_ tag: Substring) -> [String] {
        let inner = tag.dropFirst(2).dropLast(2).trimming("- \t")
        return inner.split(whereSeparator: \.isWhitespace).dropFirst().map(String.init)
    }

    /// The text of an include file, if there is one.
    /// Like Jekyll, a leading slash (`{% include /examples/input.html %}`) still means the
    /// includes folder.
    private func include(_ name: String) -> String? {
        let relative = name.drop { $0 == "/" }
        guard let includes, !relative.isEmpty, !relative.split(separator: "/").contains("..") else { return nil }
        return try? String(contentsOf: includes.appending(path: String(relative)), encoding: .utf8)
    }

    /// An include as raw HTML, or as an HTML code sample when raw HTML is not allowed.
    private func insertion(_ text: String, alone: Bool) -> String {
        let trimmed = text.trimmingCharacters(in: .newlines)
        if unsafeHTML { return alone ? trimmed : trimmed.replacingBytes("\n", with: " ") }
        if alone {
            let fence = String(repeating: "`", count: max(3, Self.longestBacktickRun(trimmed) + 1))
            return fence + "html\n" + trimmed + "\n" + fence
        }
        return "`` " + trimmed.replacingBytes("\n", with: " ") + " ``"
    }

    /// `{{ site.baseurl }}` and `{{ "/path" | relative_url }}` become root-relative paths (the
    /// link stage adds the base path); any other output tag stays visible, with a warning.
    private func rewriteOutputTags(_ line: String, lineNumber: Int, columnOffset: Int, path: String) -> Diagnosed<String> {
        var result = ""
        var diagnostics: [Diagnostic] = []
        var rest = line[...]
        while let open = rest.range(of: "{{") {
            result += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "}}") else {
                rest = rest[open.lowerBound...]
                break
            }
            let tag = rest[open.lowerBound..<close.upperBound]
            let inner = tag.dropFirst(2).dropLast(2).trimming("- \t")
            let parts = inner.split(separator: "|").map { $0.trimmingSpaces() }
            if inner == "site.baseurl" || inner == "site.url" || inner == "site.url | append: site.baseurl" {
                result += ""
            } else if parts.count == 2, ["relative_url", "absolute_url"].contains(parts[1]),
                      let first = parts[0].first, first == "\"" || first == "'" {
                result += parts[0].trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
            } else {
                result += tag
                diagnostics.append(Diagnostic(
                    .warning, path, line: lineNumber, column: columnOffset + line.distance(from: line.startIndex, to: open.lowerBound) + 1, category: "liquid",
                    "unsupported output tag `\(tag)` is shown as text; replace it with Markdown or remove it"
                ))
            }
            rest = rest[close.upperBound...]
        }
        return Diagnosed(result + rest, diagnostics)
    }

    /// A Kramdown attribute line such as `{: .note}` or `{:toc}`.
    static func isKramdownAttributeLine(_ line: String) -> Bool {
        let trimmed = line.trimmingSpaces()
        return trimmed.hasPrefix("{:") && trimmed.hasSuffix("}") && !trimmed.dropFirst(2).contains("{")
    }

    /// A trailing Kramdown attribute list (`Text {: .class}`) removed.
    static func stripTrailingAttributes(_ line: String) -> String {
        guard line.hasSuffix("}"), let open = line.range(of: "{:", options: .backwards),
              !line[open.upperBound...].contains("{") else { return line }
        return String(line[..<open.lowerBound].trimmingSuffix())
    }

    static func tagName(_ tag: Substring) -> String {
        let inner = tag.dropFirst(2).dropLast(2).drop { $0 == "-" || $0 == " " || $0 == "\t" }
        return String(inner.prefix { !$0.isWhitespace && $0 != "-" && $0 != "%" })
    }

    static func longestBacktickRun(_ line: String) -> Int {
        var longest = 0, current = 0
        for character in line {
            current = character == "`" ? current + 1 : 0
            longest = max(longest, current)
        }
        return longest
    }
}

/// A `{% highlight lang %}` line (the tag alone on its line, possibly indented).
private struct HighlightTag {
    var indent: String
    var language: String
    var column: Int

    init?(_ line: String) {
        let indent = line.prefix { $0 == " " || $0 == "\t" }
        let trimmed = line.dropFirst(indent.count).trimmingSuffix()
        guard trimmed.hasPrefix("{%"), trimmed.hasSuffix("%}"),
              LiquidPreprocessor.tagName(trimmed) == "highlight" else { return nil }
        let words = trimmed.dropFirst(2).dropLast(2).split(whereSeparator: \.isWhitespace)
        guard words.count >= 1 else { return nil }
        self.indent = String(indent)
        self.language = words.count > 1 ? String(words[1].filter { $0.isLetter || $0.isNumber || "+-_#.".contains($0) }) : ""
        self.column = indent.count + 1
    }

    static func isEnd(_ line: String) -> Bool {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }.trimmingSuffix()
        return trimmed.hasPrefix("{%") && trimmed.hasSuffix("%}") && LiquidPreprocessor.tagName(trimmed) == "endhighlight"
    }
}

/// An open CommonMark code fence, to tell code from prose.
private struct Fence {
    var character: Character
    var length: Int

    init?(opening line: String) {
        let indent = line.prefix { $0 == " " }
        guard indent.count < 4 else { return nil }
        let rest = line.dropFirst(indent.count)
        guard let first = rest.first, first == "`" || first == "~" else { return nil }
        let run = rest.prefix { $0 == first }
        guard run.count >= 3 else { return nil }
        if first == "`", rest.dropFirst(run.count).contains("`") { return nil }
        character = first
        length = run.count
    }

    func closes(_ line: String) -> Bool {
        let indent = line.prefix { $0 == " " }
        guard indent.count < 4 else { return false }
        let rest = line.dropFirst(indent.count).trimmingSuffix()
        return rest.count >= length && rest.allSatisfy { $0 == character }
    }
}

extension StringProtocol {
    /// The text without trailing spaces and tabs.
    func trimmingSuffix() -> SubSequence {
        var end = endIndex
        while end > startIndex {
            let before = index(before: end)
            guard self[before] == " " || self[before] == "\t" else { break }
            end = before
        }
        return self[startIndex..<end]
    }
}
