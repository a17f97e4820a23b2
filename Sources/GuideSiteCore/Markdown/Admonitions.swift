import Foundation

/// Other generators' admonitions, as the callouts GuideSite renders (`MarkdownTree+Callouts`),
/// line for line so diagnostics still point at the source:
/// - MkDocs (Python-Markdown's admonition, Material's details): `!!! tip "Title"`, `??? note`
///   (collapsed), `???+ note` (open), the body indented by four spaces;
/// - Docusaurus and VitePress: `:::tip Title`, `:::tip[Title]`, `::: warning Title`, up to a line
///   of as many colons; more colons around nested ones; VitePress's `::: details` collapsed.
/// Each becomes a quote opening with Obsidian's callout line, `> [!tip]- Title`, which the
/// renderer reads like GitHub's alerts. MkDocs's admonition of another kind is a note titled
/// after it, as MkDocs shows it; a `:::` container of another kind (`::: code-group`, `::: v-pre`)
/// keeps its content, without the container, and says so. Fenced code is left alone.
enum Admonitions {
    /// GitHub's five kinds, and the other generators' names for each.
    static let kinds: [String: String] = {
        var kinds: [String: String] = [:]
        let names = ["note": ["note", "info", "abstract", "summary", "tldr", "todo", "example", "quote", "cite", "question", "help", "faq",
                              "success", "check", "done", "seealso", "details"],
                     "tip": ["tip", "hint"], "important": ["important"], "warning": ["warning", "attention"],
                     "caution": ["caution", "danger", "error", "failure", "fail", "missing", "bug"]]
        for (kind, aliases) in names { for alias in aliases { kinds[alias] = kind } }
        return kinds
    }()

    private enum Container {
        /// `:::` containers: closed by a line of as many colons.
        case colons(Int)
        /// MkDocs: the body is what is indented to `body` columns or more.
        case indented(body: Int)
        /// A container of an unknown kind: its content stays, unquoted.
        case unknown(Int)

        /// The column an MkDocs body starts at.
        var body: Int? { if case .indented(let body) = self { body } else { nil } }
        /// The colons that close a `:::` container.
        var colons: Int? {
            switch self {
            case .colons(let colons), .unknown(let colons): colons
            case .indented: nil
            }
        }
        var quotes: Bool { if case .unknown = self { false } else { true } }
    }

    static let markers = [":::", "!!!", "???"]

    static func process(_ markdown: String, firstLine: Int, path: String) -> Diagnosed<String> {
        guard markers.contains(where: { markdown.containsBytes($0) }) else { return Diagnosed(markdown) }
        var lines = markdown.lineSubstrings().map(String.init)
        var diagnostics: [Diagnostic] = []
        var open: [(container: Container, line: Int)] = []
        var fence: String?
        var blanks: [Int] = []
        for index in lines.indices {
            let line = lines[index]
            let indent = line.prefix { $0 == " " }.count
            let blank = line.trimmingSpaces().isEmpty
            // A line indented less than an MkDocs body ends that body and what is open inside it;
            // the blank lines before it were the body's, and now part the quote from what follows.
            if !blank, fence == nil, let outer = open.firstIndex(where: { ($0.container.body ?? 0) > indent }) {
                open.removeSubrange(outer...)
                for before in blanks { lines[before] = String(repeating: "> ", count: quoted(open)).trimmingSpaces() }
            }
            blanks = blank ? blanks + [index] : []
            let strip = open.compactMap(\.container.body).max() ?? 0
            let content = String(line.dropFirst(min(indent, strip)))
            let depth = quoted(open)
            let prefix = String(repeating: "> ", count: depth)
            let trimmed = content.trimmingSpaces()
            if let marker = fence {
                if trimmed.hasPrefix(marker), trimmed.allSatisfy({ $0 == marker.first }) { fence = nil }
                lines[index] = prefix + content
                continue
            }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = String(trimmed.prefix { $0 == trimmed.first })
                lines[index] = prefix + content
                continue
            }
            if let opener = opener(trimmed) {
                let column = indent + 1
                // Python-Markdown takes any name as an admonition's kind, titled after it.
                let mkdocs = opener.colons == 0, known = kinds[opener.name.lowercased()]
                if let kind = known ?? (mkdocs ? "note" : nil) {
                    let named = known == nil && !opener.quoted ? opener.name.prefix(1).uppercased() + opener.name.dropFirst() : opener.title
                    let title = named.isEmpty ? "" : " " + named
                    lines[index] = prefix + "> [!\(kind)]\(opener.fold)" + title
                    open.append((opener.colons > 0 ? .colons(opener.colons) : .indented(body: indent + 4), index))
                } else {
                    let written = String(repeating: ":", count: opener.colons) + " " + opener.name
                    diagnostics.append(Diagnostic(.warning, path, line: firstLine + index, column: column, category: "foreign-markup",
                                                  "`\(written)` is a container GuideSite does not know: its content is shown without it "
                                                  + "(use `:::note`, `:::tip`, `:::warning` or `:::danger`)"))
                    lines[index] = ""
                    open.append((.unknown(opener.colons), index))
                }
                continue
            }
            if trimmed.count >= 3, trimmed.allSatisfy({ $0 == ":" }),
               let last = open.lastIndex(where: { $0.container.colons == trimmed.count }) {
                open.removeSubrange(last...)
                lines[index] = String(repeating: "> ", count: quoted(open)).trimmingSpaces()
                continue
            }
            lines[index] = blank ? prefix.trimmingSpaces() : prefix + content
        }
        for (container, line) in open {
            guard case .colons(let colons) = container else { continue }
            let written = String(repeating: ":", count: colons)
            diagnostics.append(Diagnostic(.warning, path, line: firstLine + line, column: 1, category: "foreign-markup",
                                          "this `\(written)` container is never closed, so it runs to the end of the page; "
                                          + "close it with a line of \(colons) colons"))
        }
        return Diagnosed(lines.joined(separator: "\n"), diagnostics)
    }

    /// How many of the open containers are quotes (a container of an unknown kind is none).
    private static func quoted(_ open: [(container: Container, line: Int)]) -> Int {
        open.count(where: \.container.quotes)
    }

    /// The kind, title, fold mark (`-` collapsed, `+` open) and colons (0: MkDocs) of an opening line.
    private static func opener(_ line: String) -> (name: String, title: String, quoted: Bool, fold: String, colons: Int)? {
        if line.hasPrefix(":::") {
            let colons = line.prefix { $0 == ":" }.count
            var rest = line.dropFirst(colons).trimmingSpaces()
            let name = String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
            guard !name.isEmpty else { return nil }
            rest = rest.dropFirst(name.count).trimmingSpaces()
            // Docusaurus's `:::tip[Title]`, and attributes (`{#id}`) some write after the title.
            if rest.hasPrefix("["), rest.hasSuffix("]") { rest = String(rest.dropFirst().dropLast()) }
            if let brace = rest.range(of: " {") ?? (rest.hasPrefix("{") ? rest.startIndex..<rest.startIndex : nil) {
                rest = rest[..<brace.lowerBound].trimmingSpaces()
            }
            return (name, rest, true, name.lowercased() == "details" ? "-" : "", colons)
        }
        // Python-Markdown's form: class names, then a quoted title (`!!! Wow !!!` is text).
        guard line.hasPrefix("!!! ") || line.hasPrefix("??? ") || line.hasPrefix("???+ "),
              line.range(of: #"^[!?]{3}\+? +[\w-]+( +[\w-]+)*( +"[^"]*")? *$"#, options: .regularExpression) != nil else { return nil }
        let fold = line.hasPrefix("???+") ? "+" : line.hasPrefix("???") ? "-" : ""
        let rest = line.drop { $0 != " " }.trimmingSpaces()
        let name = String(rest.prefix { !$0.isWhitespace })
        guard !name.isEmpty else { return nil }
        // `"Title"` after the kind and any further class names (`!!! note inline end "Title"`);
        // `""` shows no title at all.
        let parts = rest.split(separator: "\"", omittingEmptySubsequences: false)
        let title = parts.count >= 3 ? parts[1...].dropLast().joined(separator: "\"") : ""
        return (name, title, parts.count >= 3, fold, 0)
    }
}
