import Foundation

/// Turns text pasted from a rich-text editor into Markdown: `•` bullets become lists nested by
/// their indentation, short standalone lines that introduce a list or paragraphs become headings
/// (platform names such as iOS and Android above their subsections), and indented code becomes
/// fenced code blocks. Used for files without front matter that use `•` bullets.
public struct PastedTextConverter: Sendable {
    /// Platform names, which become second-level headings.
    public var platforms: [String]

    /// Creates a converter.
    public init(platforms: [String] = ["iOS", "Android", "Web"]) {
        self.platforms = platforms
    }

    /// Whether `text` looks pasted: at least two lines starting with a `•` bullet.
    public static func looksPasted(_ text: String) -> Bool {
        guard text.containsBytes("•") else { return false }
        var bullets = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("•") {
                bullets += 1
                if bullets >= 2 { return true }
            }
        }
        return false
    }

    /// The Markdown, and whether the first line became the title.
    public func convert(_ text: String, fileTitle: Bool = false) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0).replacingBytes("\t", with: "    ") }
        var output: [String] = []
        var indents: [Int] = []          // indentation of each open list level
        var sawPlatform = false
        var index = 0
        var titled = false

        func isBlank(_ line: String) -> Bool { line.allSatisfy(\.isWhitespace) }
        func indentation(_ line: String) -> Int { line.prefix { $0 == " " }.count }
        func bullet(_ line: String) -> String? {
            let body = line.drop { $0 == " " }
            guard body.hasPrefix("•") else { return nil }
            return String(body.dropFirst()).trimmingSpaces()
        }
        func nextNonBlank(after position: Int) -> String? {
            lines[(position + 1)...].first { !isBlank($0) }
        }
        func looksLikeCode(_ line: String) -> Bool {
            let trimmed = line.trimmingSpaces()
            guard !trimmed.isEmpty else { return false }
            if trimmed.hasSuffix("{") || trimmed.hasSuffix("}") || trimmed.hasSuffix(";") || trimmed.hasPrefix("//") { return true }
            if trimmed.contains(" = ") || trimmed.contains("->") { return true }
            if trimmed.hasPrefix("."), trimmed.dropFirst().first?.isLetter == true, trimmed.contains("(") || trimmed.contains("{") { return true }
            let keywords = ["func ", "let ", "var ", "val ", "override ", "case ", "switch ", "return ", "import ", "class ", "struct ", "fun ", "@"]
            return keywords.contains { trimmed.hasPrefix($0) } && (trimmed.contains("(") || trimmed.contains("{") || trimmed.contains("="))
        }
        func isHeading(_ position: Int) -> Bool {
            let line = lines[position]
            let trimmed = line.trimmingSpaces()
            guard !trimmed.isEmpty, bullet(line) == nil, trimmed.count <= 48 else { return false }
            let stripped = trimmed.hasSuffix(":") ? String(trimmed.dropLast()) : trimmed
            guard let last = stripped.last, !".,;!?".contains(last), !looksLikeCode(trimmed) else { return false }
            let before = position == 0 || isBlank(lines[position - 1])
            let after = position + 1 >= lines.count || isBlank(lines[position + 1])
            guard before, after, nextNonBlank(after: position) != nil else { return false }
            return stripped.split(separator: " ").count <= 6
        }

        while index < lines.count {
            let line = lines[index]
            if isBlank(line) {
                output.append("")
                index += 1
                continue
            }
            if let item = bullet(line) {
                let indent = indentation(line)
                while let last = indents.last, indent < last { indents.removeLast() }
                if indents.last != indent {
                    if let last = indents.last, indent < last { indents.removeLast() }
                    if indents.last.map({ indent > $0 }) ?? true { indents.append(indent) }
                }
                let depth = max(0, indents.count - 1)
                output.append(String(repeating: "  ", count: depth) + "- " + item)
                index += 1
                continue
            }
            // Code under a list: a line that reads like code, and what follows it at the same or a
            // deeper indentation, up to the next bullet, heading or less indented line.
            if looksLikeCode(line), !isHeading(index) {
                let start = indentation(line)
                var block: [String] = []
                while index < lines.count, bullet(lines[index]) == nil, !isHeading(index),
                      isBlank(lines[index]) || indentation(lines[index]) >= start {
                    // At the left margin, a blank line followed by prose ends the code.
                    if start == 0, isBlank(lines[index]), let next = nextNonBlank(after: index),
                       indentation(next) == 0, !looksLikeCode(next) { break }
                    block.append(lines[index])
                    index += 1
                }
                if indentation(line) < (indents.last ?? 0) { indents = [] }
                var trailingBlank = false
                while let last = block.last, isBlank(last) {
                    block.removeLast()
                    trailingBlank = true
                }
                let margin = block.filter { !isBlank($0) }.map(indentation).min() ?? 0
                let pad = String(repeating: "  ", count: indents.count)
                output.append(pad + "```")
                output += block.map { isBlank($0) ? "" : pad + String($0.dropFirst(margin)) }
                output.append(pad + "```")
                if trailingBlank { output.append("") }
                continue
            }
            let trimmed = line.trimmingSpaces()
            if !titled, output.allSatisfy({ $0.isEmpty }), !fileTitle, !platforms.contains(where: { $0.caseInsensitiveCompare(trimmed) == .orderedSame }) {
                output.append("# " + trimmed)
                titled = true
                index += 1
                continue
            }
            if isHeading(index) {
                indents = []
                let name = trimmed.hasSuffix(":") ? String(trimmed.dropLast()) : trimmed
                let isPlatform = platforms.contains { $0.caseInsensitiveCompare(name) == .orderedSame }
                if isPlatform { sawPlatform = true }
                let level = isPlatform || !sawPlatform ? 2 : (indentation(line) > 0 ? 4 : 3)
                output.append(String(repeating: "#", count: level) + " " + name)
                index += 1
                continue
            }
            // Running text: a paragraph, or the continuation of a list item. Line breaks inside a
            // run of text lines were meant (pasted rows such as "tab  To focus"), so they stay.
            let continues = index + 1 < lines.count && !isBlank(lines[index + 1]) && bullet(lines[index + 1]) == nil
            let text = trimmed + (continues ? "\\" : "")
            if !indents.isEmpty, indentation(line) > 0 {
                output.append(String(repeating: "  ", count: indents.count) + text)
            } else {
                indents = []
                output.append(text)
            }
            index += 1
        }
        return output.joined(separator: "\n")
    }
}
