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
        /// Whether `new` fills the entry's title in (`{{lowerTitle}}`).
        var titled: Bool { text.contains("{{lowerTitle}}") }
    }

    /// The lines `new` fills the entry's title in.
    private let lines: [Line]
    /// The lines `new` writes the same for every entry (`f`/`b` before a text: front matter or
    /// body), and the lengths in bytes of those lines.
    private let fixedTexts: Set<String>, fixedHeadings: Set<String>, fixedLengths: Set<Int>

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
        let fixed = lines.filter { !$0.titled }
        self.lines = lines.filter(\.titled)
        fixedTexts = Set(fixed.filter { $0.heading == nil }.map { ($0.inFrontMatter ? "f" : "b") + $0.text })
        fixedHeadings = Set(fixed.filter { $0.heading != nil }.map(\.text))
        fixedLengths = Set(fixed.map(\.text.utf8.count))
    }

    /// The placeholders `text` (a whole file, front matter first) still holds for an entry
    /// titled `title`, each a warning at its line.
    public func placeholders(in text: String, title: String, path: String) -> [Diagnostic] {
        guard !lines.isEmpty || !fixedLengths.isEmpty else { return [] }
        // The lines `new` filled this entry's title in, and their lengths without the f/b mark.
        let titled = lines.map { line in
            (text: (line.inFrontMatter ? "f" : "b") + Self.render(line.text, title: title, categories: []), line: line)
        }
        let titledLengths = Set(titled.map { $0.text.utf8.count - 1 })
        func isText(_ candidate: String, inFrontMatter: Bool) -> Bool {
            let key = (inFrontMatter ? "f" : "b") + candidate
            return fixedTexts.contains(key) || titled.contains { $0.line.heading == nil && $0.text == key }
        }
        func isHeading(_ candidate: String) -> Bool {
            fixedHeadings.contains(candidate) || titled.contains { $0.line.heading != nil && $0.text.dropFirst() == candidate }
        }
        // Lines as byte ranges, trimmed, and only those of a placeholder's length made strings:
        // splitting every page into lines of characters was a second more at 10,000 entries.
        let page = Self.lines(of: text)
        var frontMatter = page.first.map { text[$0] == "---" } ?? false, fence: String?
        var found: [Diagnostic] = []
        for (index, range) in page.enumerated() {
            let length = text.utf8.distance(from: range.lowerBound, to: range.upperBound)
            if frontMatter {
                if index > 0, length == 3, text[range] == "---" || text[range] == "..." { frontMatter = false; continue }
            } else if length >= 3, [UInt8(ascii: "`"), UInt8(ascii: "~")].contains(text.utf8[range.lowerBound]) {
                let line = String(text[range])
                if let open = fence {
                    if line.hasPrefix(open) { fence = nil }
                } else if line.hasPrefix("```") || line.hasPrefix("~~~") {
                    fence = String(line.prefix { $0 == line.first })
                }
                continue
            }
            guard fence == nil, length > 0, fixedLengths.contains(length) || titledLengths.contains(length) else { continue }
            let candidate = String(text[range]), column = Self.column(of: range.lowerBound, in: text)
            if isText(candidate, inFrontMatter: frontMatter) {
                let shown = candidate.count > 60 ? String(candidate.prefix(57)) + "…" : candidate
                found.append(Diagnostic(.warning, path, line: index + 1, column: column, category: "placeholder",
                                        "`\(shown)` is the archetype's placeholder, unchanged: write what you observed, or remove it"))
            } else if !frontMatter, isHeading(candidate), let level = Self.headingLevel(candidate),
                      Self.isEmpty(after: index, level: level, in: page, of: text) {
                found.append(Diagnostic(.warning, path, line: index + 1, column: column, category: "placeholder",
                                        "the archetype's heading `\(candidate)` has nothing under it: write its notes, or remove it"))
            }
        }
        return found
    }

    /// Each line's range without the spaces, tabs and carriage return around it, found in the
    /// text's bytes.
    private static func lines(of text: String) -> [Range<String.Index>] {
        var text = text
        let offsets: [Range<Int>] = text.withUTF8 { bytes in
            var ranges: [Range<Int>] = [], start = 0
            func blank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }
            func add(_ end: Int) {
                var (lower, upper) = (start, end)
                while lower < upper, blank(bytes[lower]) { lower += 1 }
                while upper > lower, blank(bytes[upper - 1]) { upper -= 1 }
                ranges.append(lower..<upper)
            }
            for index in 0..<bytes.count where bytes[index] == 0x0A {
                add(index)
                start = index + 1
            }
            add(bytes.count)
            return ranges
        }
        let utf8 = text.utf8, origin = utf8.startIndex
        return offsets.map { utf8.index(origin, offsetBy: $0.lowerBound)..<utf8.index(origin, offsetBy: $0.upperBound) }
    }

    /// The column of `index` on its line: the spaces before it, plus one.
    private static func column(of index: String.Index, in text: String) -> Int {
        var count = 1, at = index
        while at > text.utf8.startIndex, text.utf8[text.utf8.index(before: at)] == 0x20 {
            count += 1
            at = text.utf8.index(before: at)
        }
        return count
    }

    /// Whether nothing but blank lines comes between the heading at `index` and the next heading
    /// of its level or a higher one (or the end).
    private static func isEmpty(after index: Int, level: Int, in page: [Range<String.Index>], of text: String) -> Bool {
        for range in page[(index + 1)...] where !range.isEmpty {
            guard let next = headingLevel(String(text[range])) else { return false }
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
