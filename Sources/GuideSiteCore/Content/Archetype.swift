import Foundation

/// The file `guidesite new entry` starts an entry from (`Templates/archetypes/entry.md`, else the
/// built-in one), and the text of it an entry still holds as it was written: placeholders that
/// would be published as guidance (a test table's value, a guidance bullet) and the archetype's
/// headings with nothing under them yet.
public struct Archetype: Sendable {
    /// Its path inside the theme.
    public static let path = "archetypes/entry.md"

    /// The archetype of the site at `layout`: its own, else the built-in one.
    public static func text(of layout: SiteLayout) -> String? {
        (try? String(contentsOf: layout.templates.appending(path: path), encoding: .utf8))
            ?? DefaultTheme.files()[path].flatMap { String(data: $0, encoding: .utf8) }
    }

    /// The archetype's text filled in for an entry, as `new` writes it.
    public static func render(_ text: String, title: String, categories: [String]) -> String {
        text.replacingBytes("{{title}}", with: title.replacingBytes("\"", with: "\\\""))
            .replacingBytes("{{lowerTitle}}", with: title.lowercased())
            .replacingBytes("{{categories}}", with: categories.joined(separator: ", "))
    }

    /// A line of the archetype that is guidance to replace: text (in the front matter or the
    /// body) or a heading of the body.
    private struct Line {
        var text: String
        var inFrontMatter: Bool
        var heading: Int?
    }

    private let lines: [Line]

    /// The guidance lines of `text`: those with three words or more that `new` does not fill in
    /// with the entry's own title or categories (YAML comments, keys and fences are not text).
    public init(_ text: String) {
        var lines: [Line] = []
        for line in Self.regions(text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)) {
            let trimmed = line.text.trimmingSpaces()
            guard !trimmed.contains("{{title}}"), !trimmed.contains("{{categories}}") else { continue }
            if line.inFrontMatter {
                guard !trimmed.hasPrefix("#") else { continue }
                // A `key: value` line's text is its value; a block scalar's line is all text.
                let value = trimmed.range(of: ": ").map { String(trimmed[$0.upperBound...]) } ?? (trimmed.hasSuffix(":") ? "" : trimmed)
                if Self.words(value) >= 3 { lines.append(Line(text: trimmed, inFrontMatter: true)) }
            } else if let level = Self.headingLevel(trimmed) {
                lines.append(Line(text: trimmed, inFrontMatter: false, heading: level))
            } else if Self.words(trimmed) >= 3 {
                lines.append(Line(text: trimmed, inFrontMatter: false))
            }
        }
        self.lines = lines
    }

    /// The placeholders `text` (a whole file, front matter first) still holds for an entry
    /// titled `title`, each a warning at its line.
    public func placeholders(in text: String, title: String, path: String) -> [Diagnostic] {
        guard !lines.isEmpty else { return [] }
        let filled = lines.map { line in
            Line(text: Self.render(line.text, title: title, categories: []), inFrontMatter: line.inFrontMatter, heading: line.heading)
        }
        let texts = Set(filled.filter { $0.heading == nil }.map { "\($0.inFrontMatter) \($0.text)" })
        let headings = Set(filled.filter { $0.heading != nil }.map(\.text))
        let page = Self.regions(text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        var found: [Diagnostic] = []
        for (index, line) in page.enumerated() {
            let trimmed = line.text.trimmingSpaces()
            guard !trimmed.isEmpty, !line.inCode else { continue }
            let column = line.text.prefix { $0 == " " }.count + 1
            if texts.contains("\(line.inFrontMatter) \(trimmed)") {
                let shown = trimmed.count > 60 ? String(trimmed.prefix(57)) + "…" : trimmed
                found.append(Diagnostic(.warning, path, line: index + 1, column: column, category: "placeholder",
                                        "`\(shown)` is the archetype's placeholder, unchanged: write what you observed, or remove it"))
            } else if !line.inFrontMatter, headings.contains(trimmed), let level = Self.headingLevel(trimmed),
                      Self.isEmpty(after: index, level: level, in: page) {
                found.append(Diagnostic(.warning, path, line: index + 1, column: column, category: "placeholder",
                                        "the archetype's heading `\(trimmed)` has nothing under it: write its notes, or remove it"))
            }
        }
        return found
    }

    /// Whether nothing but blank lines comes between the heading at `index` and the next heading
    /// of its level or a higher one (or the end).
    private static func isEmpty(after index: Int, level: Int, in page: [(text: String, inFrontMatter: Bool, inCode: Bool)]) -> Bool {
        for line in page[(index + 1)...] {
            let trimmed = line.text.trimmingSpaces()
            if trimmed.isEmpty { continue }
            guard !line.inCode, let next = headingLevel(trimmed) else { return false }
            return next <= level
        }
        return true
    }

    /// Each line with whether it is in the front matter (between a first `---` line and the
    /// next) or in fenced code.
    private static func regions(_ lines: [String]) -> [(text: String, inFrontMatter: Bool, inCode: Bool)] {
        var result: [(text: String, inFrontMatter: Bool, inCode: Bool)] = []
        var frontMatter = lines.first?.trimmingSpaces() == "---", fence: String?
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingSpaces()
            if frontMatter {
                result.append((line, true, false))
                if index > 0, trimmed == "---" || trimmed == "..." { frontMatter = false }
                continue
            }
            if let open = fence {
                result.append((line, false, true))
                if trimmed.hasPrefix(open) { fence = nil }
                continue
            }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = String(trimmed.prefix { $0 == trimmed.first })
                result.append((line, false, true))
                continue
            }
            result.append((line, false, false))
        }
        return result
    }

    private static func headingLevel(_ trimmed: String) -> Int? {
        let hashes = trimmed.prefix { $0 == "#" }.count
        guard (1...6).contains(hashes), trimmed.dropFirst(hashes).first == " " else { return nil }
        return hashes
    }

    private static func words(_ text: String) -> Int {
        text.split { !$0.isLetter && !$0.isNumber }.count
    }
}
