/// Rewrites the Jekyll (Liquid) tags found in real guideline content before Markdown parsing,
/// keeping every line where it was so diagnostics point at the source:
/// `{% highlight lang %}...{% endhighlight %}` becomes a fenced code block, `{% raw %}` and
/// `{% endraw %}` disappear (keeping the text between), and any other tag stays visible as text
/// with a warning. Tags inside fenced code are code, not Liquid, and are left alone.
public struct LiquidPreprocessor: Sendable {
    /// Creates a preprocessor.
    public init() {}

    /// Returns the rewritten Markdown and a warning for each tag it could not carry over.
    public func process(_ markdown: String, firstLine: Int, path: String) -> Diagnosed<String> {
        guard markdown.contains("{%") else { return Diagnosed(markdown) }
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
            var rewritten = ""
            var rest = line[...]
            while let open = rest.range(of: "{%") {
                rewritten += rest[..<open.lowerBound]
                guard let close = rest[open.upperBound...].range(of: "%}") else {
                    rest = rest[open.lowerBound...]
                    break
                }
                let tag = rest[open.lowerBound..<close.upperBound]
                let name = Self.tagName(tag)
                switch name {
                case "raw": inRaw = true
                case "endraw": inRaw = false
                default:
                    rewritten += tag
                    if !inRaw {
                        let column = line.distance(from: line.startIndex, to: open.lowerBound) + 1
                        diagnostics.append(Diagnostic(
                            .warning, path, line: lineNumber, column: column, category: "liquid",
                            "unsupported tag `\(tag)` is shown as text; replace it with Markdown or remove it"
                        ))
                    }
                }
                rest = rest[close.upperBound...]
            }
            rewritten += rest
            lines[index] = rewritten
            index += 1
        }
        return Diagnosed(lines.joined(separator: "\n"), diagnostics)
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
