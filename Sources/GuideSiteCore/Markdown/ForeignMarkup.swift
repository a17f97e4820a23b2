import Foundation

/// What other generators' Markdown holds besides Liquid, carried over before it, line for line so
/// diagnostics still point at the source (fenced code is left alone):
/// - kramdown's extensions (Jekyll): `{::nomarkdown}…{:/}` keeps its HTML, `{::comment}…{:/}`
///   and `{::options …/}` go, and `* TOC` followed by `{:toc}` becomes the page's contents;
/// - Hugo's shortcodes: `figure`, `highlight`, `ref` and `relref` as Hugo renders them; any other
///   is left out with a warning, the text between a paired one's tags kept (its closing tag goes
///   silently);
/// - `<script>` elements, which never run in a page of the site: removed with a warning;
/// - inline attribute lists and icon shortcodes (`ForeignMarkup+Inline`).
enum ForeignMarkup {
    /// The paragraph that stands for the page's contents until its headings are known.
    static let contentsPlaceholder = "\u{E000}guidesite-contents\u{E000}"

    static func process(_ markdown: String, firstLine: Int, path: String) -> Diagnosed<String> {
        guard markdown.containsBytes("{:") || markdown.containsBytes("{{<") || markdown.containsBytes("{{%")
                || markdown.containsBytes("<script") || markdown.containsBytes("<SCRIPT") || mayHoldInlineExtras(markdown)
        else { return Diagnosed(markdown) }
        var lines = markdown.lineSubstrings().map(String.init)
        var diagnostics: [Diagnostic] = []
        var fence: String?
        var inHighlight = false
        var dropping: (end: [String], keep: Bool)?
        var containers = IndentedContainers()
        for index in lines.indices {
            let line = lines[index]
            let trimmed = line.trimmingSpaces()
            // Hugo's `{{< highlight lang >}}` block is code up to its closing shortcode.
            if inHighlight {
                if trimmed.hasPrefix("{{< /highlight") || trimmed.hasPrefix("{{% /highlight") {
                    lines[index] = "```"
                    inHighlight = false
                }
                continue
            }
            if dropping == nil, fence == nil, trimmed.hasPrefix("{{< highlight ") || trimmed.hasPrefix("{{% highlight "),
               trimmed.hasSuffix(">}}") || trimmed.hasSuffix("%}}") {
                let language = trimmed.dropFirst("{{< highlight ".count).dropLast(3).split(separator: " ").first.map(String.init) ?? ""
                lines[index] = "```" + language
                inHighlight = true
                continue
            }
            if let open = fence {
                if trimmed.hasPrefix(open) && trimmed.allSatisfy({ $0 == open.first }) { fence = nil }
                continue
            }
            if dropping == nil, trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = String(trimmed.prefix { $0 == trimmed.first })
                continue
            }
            func warn(_ message: String, at column: Int = 1) {
                diagnostics.append(Diagnostic(.warning, path, line: firstLine + index, column: column, category: "foreign-markup", message))
            }
            if let open = dropping {
                if let end = open.end.first(where: { trimmed.contains($0) }) {
                    lines[index] = open.keep ? String(line.replacingOccurrences(of: end, with: "")) : ""
                    dropping = nil
                } else if !open.keep {
                    lines[index] = ""
                }
                continue
            }
            var current = line
            // kramdown's block extensions.
            if trimmed.hasPrefix("{::comment}") {
                dropping = trimmed.contains("{:/") ? nil : (["{:/comment}", "{:/}"], false)
                lines[index] = ""
                continue
            }
            if trimmed.hasPrefix("{::options"), trimmed.hasSuffix("/}") { lines[index] = ""; continue }
            if trimmed == "{:toc}" || trimmed == "{: toc}" {
                let previous = (0..<index).last { !lines[$0].trimmingSpaces().isEmpty }
                if let previous, lines[previous].trimmingSpaces().range(of: #"^([*+-]|\d+\.)\s+\S"#, options: .regularExpression) != nil {
                    lines[previous] = contentsPlaceholder
                }
                lines[index] = ""
                continue
            }
            // (Named in a code span, as a page documenting kramdown does, it is text.)
            if let marker = current.range(of: "{::nomarkdown}"),
               !codeSpans(in: current).contains(where: { $0.contains(marker.lowerBound) }) {
                current = current.replacingOccurrences(of: "{::nomarkdown}", with: "")
                if current.contains("{:/") {
                    current = current.replacingOccurrences(of: "{:/nomarkdown}", with: "").replacingOccurrences(of: "{:/}", with: "")
                } else {
                    dropping = (["{:/nomarkdown}", "{:/}"], true)
                }
            }
            // A script element over several lines (VitePress's `<script setup>`): its code goes too.
            let opensScript = opensScriptBlock(current)
            current = scripts(in: current) { warn($0, at: $1) }
            if opensScript { dropping = (["</script>", "</SCRIPT>"], false) }
            current = shortcodes(in: current) { warn($0, at: $1) }
            if !containers.isIndentedCode(line) { current = keyboardKeys(in: inlineExtras(in: current) { warn($0, at: $1) }) }
            lines[index] = current
        }
        return Diagnosed(lines.joined(separator: "\n"), diagnostics)
    }

    /// `<script>…</script>` on one line removed (a script element spanning lines is dropped to
    /// its end by `process`: its code is nothing a reader should see as text).
    private static func scripts(in line: String, warn: (String, Int) -> Void) -> String {
        // An indented code block or an inline code span shows `<script>` as text: left alone.
        guard !line.hasPrefix("    "), line.range(of: "<script", options: .caseInsensitive) != nil else { return line }
        var result = line
        var from = result.startIndex
        while let open = result.range(of: "<script", options: .caseInsensitive, range: from..<result.endIndex) {
            if let span = codeSpans(in: result).first(where: { $0.contains(open.lowerBound) }) {
                from = span.upperBound
                continue
            }
            let close = result.range(of: "</script>", options: .caseInsensitive, range: open.upperBound..<result.endIndex)
            let end = close?.upperBound ?? result[open.lowerBound...].firstIndex(of: ">").map { result.index(after: $0) } ?? result.endIndex
            warn("a `<script>` in the content is removed: a page of the site runs only the theme's scripts (embed a video or demo as a link, or as a `html demo` code block)",
                 result.distance(from: result.startIndex, to: open.lowerBound) + 1)
            from = open.lowerBound
            result.removeSubrange(open.lowerBound..<end)
        }
        return result
    }

    /// Whether the line's last `<script` (outside code) is not closed on it.
    private static func opensScriptBlock(_ line: String) -> Bool {
        guard !line.hasPrefix("    "), let open = line.range(of: "<script", options: [.caseInsensitive, .backwards]),
              !codeSpans(in: line).contains(where: { $0.contains(open.lowerBound) }) else { return false }
        return line.range(of: "</script>", options: .caseInsensitive, range: open.upperBound..<line.endIndex) == nil
    }

    /// The line's inline code spans: a run of backticks up to the next run of the same length.
    static func codeSpans(in line: String) -> [Range<String.Index>] {
        var spans: [Range<String.Index>] = []
        var index = line.startIndex
        while let start = line[index...].firstIndex(of: "`") {
            let run = line[start...].prefix { $0 == "`" }
            var search = run.endIndex
            var closed: Range<String.Index>?
            while let next = line[search...].firstIndex(of: "`") {
                let other = line[next...].prefix { $0 == "`" }
                if other.count == run.count { closed = start..<other.endIndex; break }
                search = other.endIndex
            }
            guard let span = closed else { break }
            spans.append(span)
            index = span.upperBound
        }
        return spans
    }

    /// Hugo's `{{< name args >}}` and `{{% name args %}}`.
    private static func shortcodes(in line: String, warn: (String, Int) -> Void) -> String {
        guard line.contains("{{<") || line.contains("{{%") else { return line }
        var result = ""
        var rest = line[...]
        while let open = rest.range(of: "{{<") ?? rest.range(of: "{{%") {
            let percent = rest[open].hasSuffix("%")
            result += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: percent ? "%}}" : ">}}") else {
                rest = rest[open.lowerBound...]
                break
            }
            let inner = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            let column = line.distance(from: line.startIndex, to: open.lowerBound) + 1
            rest = rest[close.upperBound...]
            let name = String(inner.prefix { !$0.isWhitespace })
            let arguments = Self.arguments(String(inner.dropFirst(name.count)))
            switch name {
            case "figure":
                let source = arguments["src"] ?? "", alt = arguments["alt"] ?? arguments["caption"] ?? ""
                result += "![\(alt)](\(source))" + (arguments["caption"].map { "\n\n*\($0)*" } ?? "")
            case "ref", "relref":
                let target = arguments["0"] ?? arguments["path"] ?? ""
                result += target.hasPrefix("/") || !target.contains("/") ? target : "/" + target
            case "highlight":
                result += "```" + (arguments["0"] ?? "")
            case "/highlight":
                result += "```"
            case let closing where closing.hasPrefix("/"):
                break
            default:
                warn("Hugo's shortcode `\(percent ? "{{%" : "{{<") \(inner) \(percent ? "%}}" : ">}}")` has no equivalent in a static build of this library and is left out of the page; the text between a paired shortcode's tags stays", column)
            }
        }
        return result + rest
    }

    /// `name="value" other='x' positional` as a map; positional values by their index.
    private static func arguments(_ text: String) -> [String: String] {
        var found: [String: String] = [:]
        var position = 0
        let pattern = #"(?:(\w+)=)?(?:"([^"]*)"|'([^']*)'|(\S+))"#
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return found }
        let range = NSRange(text.startIndex..., in: text)
        for match in expression.matches(in: text, range: range) {
            func group(_ number: Int) -> String? {
                Range(match.range(at: number), in: text).map { String(text[$0]) }
            }
            let value = group(2) ?? group(3) ?? group(4) ?? ""
            if let key = group(1) { found[key] = value } else { found[String(position)] = value; position += 1 }
        }
        return found
    }
}
