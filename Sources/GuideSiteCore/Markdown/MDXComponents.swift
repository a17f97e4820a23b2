import Foundation

/// MDX's components in a page written for Docusaurus or Starlight (a `.mdx` file, or one that
/// imports components), carried over line for line before Liquid reads the page:
/// - `<Admonition type="tip" title="…">` and Starlight's `<Aside type="…" title="…">`, their tags
///   on lines of their own, become the `:::tip …` containers `Admonitions` reads, `<Details
///   summary="…">` a folded one (inside a line, their text is kept);
///   `<CodeBlock language="js">` a fenced code block; `<Card title="…">` its title in bold;
///   `<Badge text="…">` its text, `<LinkCard>` a link with its description;
/// - any other capitalised component is left out, its content kept, with one warning per
///   component naming how many places;
/// - a JSX attribute's `{…}` expression (`style={{color: 'blue'}}`) is left out of HTML tags: it
///   has no static value, and `{{` would read as Liquid.
/// - an MDX comment, `{/* … */}`, on one line or several, is left out, as MDX shows none;
/// - in VitePress (`interpolates`), a Vue interpolation `{{ … }}` outside code is left out with
///   one warning counting them: Vue computes it in the browser, which a static page does not;
///   so are Vue's directives in HTML tags (`@click`, `v-if`), the elements kept.
/// (`Tabs` and `TabItem` are `ContentTabs`'; imports are left out there.) Fenced code is left alone.
enum MDXComponents {
    /// Whether `markdown` is MDX: a `.mdx` file, or a page that imports components.
    static func isMDX(_ markdown: String, path: String) -> Bool {
        path.hasSuffix(".mdx") || markdown.split(separator: "\n", maxSplits: 40).contains {
            $0.hasPrefix("import ") && $0.contains(" from ")
        }
    }

    /// `components`: the library's generator has components every page may use unimported.
    static func process(_ markdown: String, firstLine: Int, path: String, components: Bool = false,
                        interpolates: Bool = false) -> Diagnosed<String> {
        let marked = markdown.containsBytes("<") || markdown.containsBytes("{/*") || (interpolates && markdown.containsBytes("{{"))
        guard components || isMDX(markdown, path: path), marked else { return Diagnosed(markdown) }
        var interpolations: (count: Int, line: Int, first: String)?, directives: (count: Int, line: Int, first: String)?
        var lines = markdown.lineSubstrings().map(String.init)
        var unknown: [String: (count: Int, line: Int)] = [:]
        var fence: String?
        var code = false, comment = false
        for index in lines.indices {
            var trimmed = lines[index].trimmingSpaces()
            if let open = fence {
                if trimmed.hasPrefix(open), trimmed.allSatisfy({ $0 == open.first }) { fence = nil }
                continue
            }
            if code {
                if trimmed == "</CodeBlock>" {
                    lines[index] = "```"
                    code = false
                }
                continue
            }
            if !comment, trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = String(trimmed.prefix { $0 == trimmed.first })
                continue
            }
            if comment || lines[index].contains("{/*") {
                (lines[index], comment) = uncommented(lines[index], inside: comment)
                trimmed = lines[index].trimmingSpaces()
            }
            if let tag = ownLineTag(Substring(trimmed)), let known = known(tag) {
                lines[index] = known.line
                code = known.opensCode
                continue
            }
            if interpolates, lines[index].contains("{{") {
                lines[index] = uninterpolated(lines[index]) { expression in
                    let seen = interpolations
                    interpolations = ((seen?.count ?? 0) + 1, seen?.line ?? firstLine + index, seen?.first ?? expression)
                }
            }
            if interpolates, lines[index].contains("<") {
                lines[index] = undirected(lines[index]) { directive in
                    let seen = directives
                    directives = ((seen?.count ?? 0) + 1, seen?.line ?? firstLine + index, seen?.first ?? directive)
                }
            }
            lines[index] = stripped(lines[index]) { name in
                let seen = unknown[name]
                unknown[name] = ((seen?.count ?? 0) + 1, seen?.line ?? firstLine + index)
            }
        }
        var diagnostics = unknown.keys.sorted().map { name in
            let (count, line) = unknown[name]!
            let places = "\(count) place\(count == 1 ? "" : "s") in this file"
            return Diagnostic(.warning, path, line: line, column: 1, category: "mdx-component",
                              "`<\(name)>` is an MDX component GuideSite does not know (\(places)): left out, its content kept; "
                                  + "write it as Markdown to show it otherwise")
        }
        if let (count, line, first) = interpolations {
            diagnostics.append(Diagnostic(.warning, path, line: line, column: 1, category: "foreign-markup",
                "`\(first)` is a Vue interpolation (\(count) in this file), which VitePress computes in the browser: left out; "
                    + "write the text it stands for, or put it in a code span to show it as code"))
        }
        if let (count, line, first) = directives {
            diagnostics.append(Diagnostic(.warning, path, line: line, column: 1, category: "foreign-markup",
                "`\(first)` is a Vue directive (\(count) in this file), which VitePress runs in the browser: left out, its element kept"))
        }
        return Diagnosed(lines.joined(separator: "\n"), diagnostics)
    }

    /// The components `known(_:)` carries over.
    static let knownNames: Set<String> = ["Admonition", "Aside", "Details", "CodeBlock", "Card", "CardGrid", "Steps", "Badge", "LinkCard"]

    struct Tag {
        var name: String
        var closing: Bool
        var attributes: [String: String]
    }

    /// The line that stands for a known component's tag alone on its line.
    private static func known(_ tag: Tag) -> (line: String, opensCode: Bool)? {
        let title = tag.attributes["title"].map { " " + $0 } ?? ""
        switch tag.name {
        case "Admonition", "Aside": return (tag.closing ? ":::" : ":::" + (tag.attributes["type"] ?? "note") + title, false)
        case "Details": return (tag.closing ? ":::" : "::: details" + (tag.attributes["summary"].map { " " + $0 } ?? ""), false)
        case "CodeBlock" where !tag.closing: return ("```" + (tag.attributes["language"] ?? ""), true)
        // (A hard break after the title: the card's content follows on the next line.)
        case "Card": return (tag.closing ? "" : tag.attributes["title"].map { "**\($0)**\\" } ?? "", false)
        case "CardGrid", "Steps": return ("", false)
        case "Badge", "LinkCard": return (text(of: tag), false)
        default: return nil
        }
    }

    /// What Starlight's and VitePress's components written with their text in attributes show:
    /// `<Badge text="New" />` its text, `<LinkCard title href description />` a link.
    private static func text(of tag: Tag) -> String {
        guard !tag.closing else { return "" }
        if tag.name == "LinkCard", let title = tag.attributes["title"], let href = tag.attributes["href"] {
            return "[\(title)](\(href))" + (tag.attributes["description"].map { ": " + $0 } ?? "")
        }
        return tag.attributes["text"] ?? ""
    }

    /// A line that is one component tag: `<Name a="b">`, `</Name>`, `<Name />`.
    private static func ownLineTag(_ trimmed: Substring) -> Tag? {
        guard let match = trimmed.wholeMatch(of: /<(\/?)([A-Z][A-Za-z0-9.]*)((?:\s+[^<>]*)?)\/?>/) else { return nil }
        return Tag(name: String(match.2), closing: !match.1.isEmpty, attributes: attributes(match.3))
    }

    private static func attributes(_ text: Substring) -> [String: String] {
        var attributes: [String: String] = [:]
        for attribute in text.matches(of: /([A-Za-z]+)=(?:"([^"]*)"|'([^']*)')/) {
            attributes[String(attribute.1)] = String(attribute.2 ?? attribute.3 ?? "")
        }
        return attributes
    }

    /// `line` without `{{ … }}` outside code spans; `found` is told each one left out.
    private static func uninterpolated(_ line: String, found: (String) -> Void) -> String {
        var parts = line.split(separator: "`", omittingEmptySubsequences: false).map(String.init)
        for index in stride(from: 0, to: parts.count, by: 2) {
            let matches = parts[index].matches(of: /\{\{.*?\}\}/)
            for match in matches { found(String(match.0)) }
            for match in matches.reversed() { parts[index].replaceSubrange(match.range, with: "") }
        }
        return parts.joined(separator: "`")
    }

    /// `line` without Vue's directives in its HTML tags (`@click`, `v-if`, `:disabled`), outside
    /// code spans; `found` is told each one left out.
    private static func undirected(_ line: String, found: (String) -> Void) -> String {
        var parts = line.split(separator: "`", omittingEmptySubsequences: false).map(String.init)
        for index in stride(from: 0, to: parts.count, by: 2) {
            parts[index] = parts[index].replacing(/<[A-Za-z][^<>]*>/) { tag in
                let directive = /\s((?:@|v-|:)[A-Za-z][\w:.\-]*)(?:\s*=\s*(?:"[^"]*"|'[^']*'))?/
                for written in tag.0.matches(of: directive) { found(String(written.1)) }
                return tag.0.replacing(directive, with: "")
            }
        }
        return parts.joined(separator: "`")
    }

    /// `line` without MDX comments outside code spans, and whether a comment it opens goes on.
    private static func uncommented(_ line: String, inside: Bool) -> (String, Bool) {
        var rest = Substring(line), kept = ""
        if inside {
            guard let end = rest.range(of: "*/}") else { return ("", true) }
            rest = rest[end.upperBound...]
        }
        while let open = rest.range(of: "{/*") {
            // (In a code span it is the text of the span: an odd count of backticks before it.)
            if (kept + rest[..<open.lowerBound]).count(where: { $0 == "`" }) % 2 == 1 {
                kept += rest[..<open.upperBound]
                rest = rest[open.upperBound...]
                continue
            }
            kept += rest[..<open.lowerBound]
            guard let end = rest[open.upperBound...].range(of: "*/}") else { return (kept, true) }
            rest = rest[end.upperBound...]
        }
        return (kept + rest, false)
    }

    /// `line` without unknown components' tags and JSX expressions in tags, outside code spans;
    /// `found` is told each component left out.
    private static func stripped(_ line: String, found: (String) -> Void) -> String {
        guard line.contains("<") else { return line }
        var parts = line.split(separator: "`", omittingEmptySubsequences: false).map(String.init)
        for index in stride(from: 0, to: parts.count, by: 2) {
            var part = parts[index]
            for match in part.matches(of: /<(\/?)([A-Z][A-Za-z0-9.]*)((?:\s[^<>]*)?)\/?>/).reversed() {
                let name = String(match.2)
                guard name != "Tabs", name != "TabItem" else { continue }
                // (A known component inside a line, `<Aside>Text</Aside>`, keeps its text as well.)
                if match.1.isEmpty, !knownNames.contains(name) { found(name) }
                let tag = Tag(name: name, closing: !match.1.isEmpty, attributes: attributes(match.3))
                part.replaceSubrange(match.range, with: ["Badge", "LinkCard"].contains(name) ? text(of: tag) : "")
            }
            part.replace(/\s[A-Za-z-]+=\{\{[^}]*\}\}|\s[A-Za-z-]+=\{[^{}]*\}/, with: "")
            parts[index] = part
        }
        return parts.joined(separator: "`")
    }
}
