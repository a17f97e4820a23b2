import Foundation

/// Rewrites the Liquid (Jekyll, Eleventy) and Nunjucks (Eleventy) tags found in real guideline
/// content before Markdown parsing, keeping every line where it was so diagnostics point at the
/// source: `{% highlight lang %}...{% endhighlight %}` becomes a fenced code block, `{% raw %}`
/// and `{% endraw %}` disappear (keeping the text between), includes come in, output tags are
/// evaluated where the page's values allow (`LiquidOutput`), and every other tag is left out of
/// the page with a warning naming it, its engine and its line: template text is never shown to
/// readers. Comments and macro definitions go with their contents. Tags inside fenced code are
/// code, not Liquid, and are left alone.
public struct LiquidPreprocessor: Sendable {
    /// Where `{% include %}` files live; nil when the site has no includes folder.
    public var includes: URL?
    /// Insert includes as raw HTML (site.yml `markdown: {unsafe-html: true}`) rather than as an
    /// HTML code sample.
    public var unsafeHTML = false
    /// What output tags read: the page's front matter and site.yml.
    var output = LiquidOutput()
    /// Include files read once for every page of a build (nil: read each time); what it read.
    var includeFiles: IncludeFiles?
    var reads: IncludeReads?
    /// The page's file, whose folder `include_relative` reads from.
    var pagePath: String?
    /// The includes folder as diagnostics show it.
    var includesDisplay: String?
    /// The folders the site publishes at its root (the content folder first), to tell whether
    /// what a macro renders is in the library.
    var publishedFolders: [URL] = []
    /// How many includes and loops this text is inside.
    var depth = 0
    /// The includes this text is inside, each with the values it was given: one that includes
    /// itself with the same values would never end.
    var includeChain: [String] = []
    /// The text is a code sample's (`{% highlight %}`): includes come in as they are written.
    var inCode = false
    /// False for a generator that runs no template engine (MkDocs, Docusaurus, VitePress,
    /// Starlight, Hugo): `{{ }}`, `{% %}` and `{# #}` stay as written; attribute lists are read.
    var evaluatesTemplates = true
    /// What the page's loops may still run, shared with the includes and loops inside it.
    var passes = LoopPasses()

    /// Creates a preprocessor.
    public init(includes: URL? = nil, unsafeHTML: Bool = false, page: [FrontEntry] = [], site: [FrontEntry] = [], data: [FrontEntry] = []) {
        (self.includes, self.unsafeHTML) = (includes, unsafeHTML)
        (output.page, output.site, output.data) = (page, site, data)
    }

    /// Tag names only Nunjucks has; the others are named as Liquid's.
    static let nunjucksTags: Set<String> = ["set", "macro", "endmacro", "call", "endcall", "import", "from", "block", "endblock",
                                            "extends", "filter", "endfilter", "elif", "asyncEach", "asyncAll"]

    /// Returns the rewritten Markdown and a warning for each tag it could not carry over.
    public func process(_ markdown: String, firstLine: Int, path: String) -> Diagnosed<String> {
        let templated = evaluatesTemplates && (markdown.containsBytes("{%") || markdown.containsBytes("{{") || markdown.containsBytes("{#"))
        guard templated || markdown.containsBytes("{:") else { return Diagnosed(markdown) }
        // Substrings of the text, cut with memchr: a line becomes a String of its own only when
        // it holds a brace or may be a fence.
        var lines = markdown.lineSubstrings()
        if evaluatesTemplates { Self.joiningSpannedTags(&lines) }
        var diagnostics: [Diagnostic] = []
        var fence: Fence?
        var inRaw = false
        var dropping: (end: String, line: Int)?
        var conditions = LiquidConditions()
        var output = self.output
        var index = 0
        lines: while index < lines.count {
            let raw = lines[index]
            let lineNumber = firstLine + index
            // Over the bytes: most lines hold no tag, and only a line starting with a backtick or
            // a tilde can open or close a fence.
            let hasBrace = raw.utf8.withContiguousStorageIfAvailable { $0.isEmpty ? false : memchr($0.baseAddress!, Int32(UInt8(ascii: "{")), $0.count) != nil }
                ?? raw.utf8.contains(UInt8(ascii: "{"))
            if dropping != nil || !conditions.shown, !hasBrace || !raw.contains("{%") {
                lines[index] = ""
                index += 1
                continue
            }
            let first = raw.utf8.first { $0 != UInt8(ascii: " ") }
            let mayBeFence = first == UInt8(ascii: "`") || first == UInt8(ascii: "~")
            if let open = fence {
                if mayBeFence, open.closes(String(raw)) { fence = nil }
                index += 1
                continue
            }
            if !hasBrace, !mayBeFence || inRaw {
                index += 1
                continue
            }
            let line = String(raw)
            if !inRaw, mayBeFence, let opened = Fence(opening: line) {
                fence = opened
                index += 1
                continue
            }
            if !inRaw, evaluatesTemplates, let highlight = HighlightTag(line) {
                guard let end = (index + 1..<lines.count).first(where: { HighlightTag.isEnd(String(lines[$0])) }) else {
                    diagnostics.append(Diagnostic(
                        .warning, path, line: lineNumber, column: highlight.column, category: "liquid",
                        "`{% highlight \(highlight.language) %}` is never closed; add `{% endhighlight %}` after the code"
                    ))
                    index += 1
                    continue
                }
                let body = lines[(index + 1)..<end]
                let marker = String(repeating: "`", count: max(3, (body.map { Self.longestBacktickRun(String($0)) }.max() ?? 0) + 1))
                if body.contains(where: { $0.contains("{%") || $0.contains("{{") }) {
                    // Jekyll runs Liquid inside highlight: an include there is the sample's code.
                    var inner = self
                    inner.inCode = true
                    inner.output = output
                    inner.depth = depth + 1
                    let code = inner.process(body.joined(separator: "\n"), firstLine: lineNumber + 1, path: path)
                    diagnostics += code.diagnostics
                    let fence = String(repeating: "`", count: max(marker.count, Self.longestBacktickRun(code.value) + 1))
                    lines[index] = Substring(highlight.indent + fence + highlight.language + "\n" + code.value + "\n" + highlight.indent + fence)
                    for spanned in (index + 1)...end { lines[spanned] = "" }
                } else {
                    lines[index] = Substring(highlight.indent + marker + highlight.language)
                    lines[end] = Substring(highlight.indent + marker)
                }
                index = end + 1
                continue
            }
            if !inRaw, Self.isKramdownAttributeLine(line) {
                // A block's attributes go on the block before it (a paragraph, list, table, quote).
                if index > 0, let attributes = KramdownAttributes.attributes(of: line) {
                    _ = KramdownAttributes.attach(attributes, to: &lines, endingAt: index - 1)
                }
                lines[index] = ""
                index += 1
                continue
            }
            let current = inRaw || !line.containsBytes("{:") ? line : Self.stripTrailingAttributes(line)
            func text(_ piece: Substring) -> String {
                if dropping != nil || !conditions.shown { return "" }
                guard !inRaw, evaluatesTemplates, piece.contains("{{") || piece.contains("{#") else { return String(piece) }
                let offset = current.distance(from: current.startIndex, to: piece.startIndex)
                let rewritten = rewriteOutputTags(String(piece), output: output, lineNumber: lineNumber, columnOffset: offset, path: path,
                                                  alone: current.trimmingSpaces() == piece.trimmingSpaces())
                diagnostics += rewritten.diagnostics
                return rewritten.value
            }
            var rewritten = ""
            var rest = current[...]
            while evaluatesTemplates, let open = rest.byteRange(of: "{%") {
                rewritten += text(rest[..<open.lowerBound])
                guard let close = rest[open.upperBound...].byteRange(of: "%}") else {
                    rest = rest[open.lowerBound...]
                    break
                }
                let tag = rest[open.lowerBound..<close.upperBound]
                let name = Self.tagName(tag)
                let column = current.distance(from: current.startIndex, to: open.lowerBound) + 1
                if let open = dropping {
                    if name == open.end { dropping = nil }
                    rest = rest[close.upperBound...]
                    continue
                }
                if !inRaw, LiquidConditions.names.contains(name) {
                    let arguments = tag.dropFirst(2).dropLast(2).trimming("- \t").dropFirst(name.count)
                    if !conditions.handle(name, arguments: arguments, output: output) {
                        diagnostics.append(leftOut(tag, engine: name == "elif" ? "Nunjucks" : "Liquid", what: "it is", path: path,
                                                   line: lineNumber, column: column))
                    }
                    rest = rest[close.upperBound...]
                    continue
                }
                if !conditions.shown {
                    rest = rest[close.upperBound...]
                    continue
                }
                switch name {
                case "raw": inRaw = true
                case "endraw": inRaw = false
                case "comment" where !inRaw:
                    dropping = ("endcomment", lineNumber)
                case "assign" where !inRaw, "set" where !inRaw:
                    // `{% assign name = value | filter %}`: later output tags read it.
                    let inner = tag.dropFirst(2).dropLast(2).trimming("- \t").dropFirst(name.count)
                    if let equals = inner.firstIndex(of: "=") {
                        let variable = inner[..<equals].trimmingCharacters(in: .whitespaces)
                        if case .text(let value) = output.evaluate(inner[inner.index(after: equals)...]) {
                            output.variables[variable] = .text(value)
                        }
                    }
                case "link" where !inRaw:
                    // A link to a content file: written root-relative, the link stage makes it the page's URL.
                    let target = Self.arguments(tag).first ?? ""
                    rewritten += "/" + target.trimmingCharacters(in: CharacterSet(charactersIn: "/\"'"))
                case "include" where !inRaw, "include_cached" where !inRaw, "include_relative" where !inRaw:
                    let call = includeCall(tag, output: output)
                    if let text = included(call.name, parameters: call.parameters, relative: name == "include_relative", output: output, depth: depth) {
                        diagnostics += text.diagnostics
                        rewritten += insertion(text.value, alone: current.trimmingSpaces() == String(tag))
                    } else {
                        // Left out of the page: a `{%` tag printed as text helps no reader.
                        diagnostics.append(Diagnostic(
                            .warning, path, line: lineNumber, column: column, category: "liquid",
                            name == "include_relative"
                                ? "include_relative `\(call.name)` was not found beside the page and is left out of it; add the file there or remove the tag"
                                : "include `\(call.name)` was not found in the includes folder and is left out of the page; add the file there or remove the tag (site.yml `includes:` sets the folder)"
                        ))
                    }
                case "from" where !inRaw, "import" where !inRaw:
                    if let imported = importedMacros(tag) {
                        output.macros.merge(imported.macros) { _, new in new }
                    } else {
                        diagnostics.append(Diagnostic(.warning, path, line: lineNumber, column: column, category: "liquid",
                            "`\(tag)` names a file that is not in the includes folder; its macros' examples become notes (add the file there to show them)"))
                    }
                case "for" where !inRaw, "macro" where !inRaw, "call" where !inRaw, "capture" where !inRaw:
                    guard let body = Self.blockBody(opening: name, closing: "end" + name, after: rest[close.upperBound...], lines: lines, from: index) else {
                        if name == "for" {
                            diagnostics.append(Diagnostic(.warning, path, line: lineNumber, column: column, category: "liquid",
                                                          "`\(tag)` is never closed with `{% endfor %}`; it is left out of the page"))
                        } else {
                            dropping = ("end" + name, lineNumber)
                        }
                        break
                    }
                    var text = body.text
                    if tag.hasSuffix("-%}") { text = String(text.drop { $0.isWhitespace }) }
                    if body.trimsBefore { text = String(text.reversed().drop { $0.isWhitespace }.reversed()) }
                    let produced = block(name, tag: tag, body: text, output: &output, line: lineNumber, column: column, path: path)
                    diagnostics += produced.diagnostics
                    rewritten += produced.value
                    if body.endLine == index {
                        rest = body.tail
                        continue
                    }
                    // The block ends on a later line: this line holds its output, the lines it
                    // spanned are empty, and the text after its end tag is read next.
                    lines[index] = Substring(rewritten)
                    for spanned in (index + 1)..<body.endLine { lines[spanned] = "" }
                    lines[body.endLine] = body.tail
                    index = body.endLine
                    continue lines
                default:
                    if inRaw {
                        rewritten += tag
                    } else {
                        diagnostics.append(leftOut(tag, engine: Self.nunjucksTags.contains(name) ? "Nunjucks" : "Liquid",
                                                   what: "it is", path: path, line: lineNumber, column: column))
                    }
                }
                rest = rest[close.upperBound...]
            }
            rewritten += text(rest)
            lines[index] = Substring(rewritten)
            index += 1
        }
        if let open = dropping {
            diagnostics.append(Diagnostic(.warning, path, line: open.line, column: 1, category: "liquid",
                                          "this block is never closed with `{% \(open.end) %}`; everything after it is left out of the page"))
        }
        // Appended into one buffer: `joined(separator:)` over substrings was a fifth of this.
        var text = ""
        text.reserveCapacity(markdown.utf8.count + 256)
        for (index, line) in lines.enumerated() {
            if index > 0 { text.append("\n") }
            text.append(contentsOf: line)
        }
        return Diagnosed(text, diagnostics)
    }

    /// The warning for a tag left out of the page.
    func leftOut(_ tag: Substring, engine: String, what: String, path: String, line: Int, column: Int) -> Diagnostic {
        Diagnostic(.warning, path, line: line, column: column, category: "liquid",
                   "`\(tag)` is a \(engine) tag that a static build cannot run; \(what) left out of the page (replace it with Markdown, or remove it)")
    }

    /// The words after a tag's name: `{% include note.html level=2 %}` gives `note.html`, `level=2`.
    static func arguments(_ tag: Substring) -> [String] {
        let inner = tag.dropFirst(2).dropLast(2).trimming("- \t")
        return inner.split(whereSeparator: \.isWhitespace).dropFirst().map(String.init)
    }
}
