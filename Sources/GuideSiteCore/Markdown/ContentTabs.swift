import Foundation

/// Other generators' tabs, as the tab sets GuideSite renders (`MarkdownTree+ContentTabs`), line
/// for line so diagnostics still point at the source:
/// - MkDocs (pymdownx.tabbed): `=== "Label"` and its body indented by four spaces; consecutive
///   ones are one set, `===!` starts another;
/// - Docusaurus and Starlight (MDX): `<Tabs>`, `<TabItem value="…" label="…">` … `</TabItem>`,
///   `</Tabs>`, the items' content unindented (MDX reads no indented code);
/// - VitePress: `::: code-group` around fenced code blocks labelled `[name]`.
/// Each panel starts with a paragraph opening `[!tab Label]`; a set ends at an HTML comment
/// `<!--guidesite-tabs-end-->` (a comment interrupts a paragraph, so it needs no blank line).
/// MDX `import … from '…'` lines are left out. Fenced code is left alone.
enum ContentTabs {
    static let endMarker = "<!--guidesite-tabs-end-->"

    static func process(_ markdown: String) -> String {
        guard markdown.containsBytes("===") || markdown.containsBytes("<Tab") || markdown.containsBytes("code-group")
            || markdown.containsBytes("import ") else { return markdown }
        var lines = markdown.lineSubstrings().map(String.init)
        var fence: String?
        // MkDocs: the indentation of the open set's markers, and where each body ends.
        var mkdocs: Int?
        // Docusaurus: the indentation to take off the open item's content.
        var item: Int?
        var codeGroup = false
        for index in lines.indices {
            let line = lines[index]
            let indent = line.prefix { $0 == " " }.count
            let trimmed = Substring(line.trimmingSpaces())
            if let open = fence {
                if trimmed.hasPrefix(open), trimmed.allSatisfy({ $0 == open.first }) { fence = nil }
                lines[index] = dedented(line, mkdocs: mkdocs, item: item)
                continue
            }
            if let set = mkdocs, !trimmed.isEmpty, indent < set + 4, !(indent == set && trimmed.hasPrefix("===")) {
                // The first line outside the set's bodies: the blank line before it ends the set.
                closeBefore(index, indent: set, in: &lines)
                mkdocs = nil
            }
            if let marker = mkdocsTab(trimmed) {
                if marker.newSet, let set = mkdocs { closeBefore(index, indent: set, in: &lines) }
                mkdocs = indent
                lines[index] = String(repeating: " ", count: indent) + tabMarker(marker.label)
                continue
            }
            if codeGroup, trimmed.hasPrefix(":::"), trimmed.allSatisfy({ $0 == ":" }) {
                lines[index] = endMarker
                codeGroup = false
                continue
            }
            if trimmed == "::: code-group" || trimmed == ":::code-group" {
                codeGroup = true
                lines[index] = ""
                continue
            }
            if let jsx = jsxTag(trimmed) {
                switch jsx.name {
                case "Tabs": lines[index] = jsx.closing ? endMarker : ""
                case "TabItem" where jsx.closing: lines[index] = ""; item = nil
                case "TabItem":
                    let label = jsx.attributes["label"] ?? jsx.attributes["value"] ?? "Tab"
                    var rest = String(jsx.rest)
                    let oneLine = rest.hasSuffix("</TabItem>")
                    if oneLine { rest = String(rest.dropLast("</TabItem>".count)) }
                    lines[index] = tabMarker(label) + (rest.isEmpty ? "" : " " + rest)
                    item = oneLine ? nil : indentOfContent(after: index, in: lines)
                default: break
                }
                continue
            }
            if isImport(trimmed) {
                lines[index] = ""
                continue
            }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = String(trimmed.prefix { $0 == trimmed.first })
                if codeGroup, let label = groupLabel(trimmed), index > 0, lines[index - 1].trimmingSpaces().isEmpty {
                    lines[index - 1] = tabMarker(label)
                }
            }
            lines[index] = dedented(line, mkdocs: mkdocs, item: item)
        }
        return lines.joined(separator: "\n")
    }

    /// `[!tab Label]`, the label's punctuation escaped so Markdown keeps it as text (brackets,
    /// which would end the marker, left out).
    static func tabMarker(_ label: String) -> String {
        var escaped = ""
        for character in label where character != "\n" && character != "[" && character != "]" {
            if character.isASCII, character.isPunctuation || character.isSymbol { escaped.append("\\") }
            escaped.append(character)
        }
        return "[!tab " + escaped + "]"
    }

    /// The blank line before `index` (or a line put before it, when there is none) ends the open
    /// set, indented as its markers are (inside an admonition's body).
    private static func closeBefore(_ index: Int, indent: Int, in lines: inout [String]) {
        let marker = String(repeating: " ", count: indent) + endMarker
        if index > 0, lines[index - 1].trimmingSpaces().isEmpty {
            lines[index - 1] = marker
        } else {
            lines[index] = marker + "\n" + lines[index]
        }
    }

    /// A line of an MkDocs tab's body without the four columns the tab indents it by (those of
    /// a container around the set kept), or of a JSX item's content without its indentation.
    private static func dedented(_ line: String, mkdocs: Int?, item: Int?) -> String {
        let spaces = line.prefix { $0 == " " }.count
        if let set = mkdocs {
            guard spaces >= set else { return line }
            return String(line.prefix(set)) + String(line.dropFirst(set + min(4, spaces - set)))
        }
        guard let item, item > 0 else { return line }
        return String(line.dropFirst(min(spaces, item)))
    }

    /// `=== "Label"`, `===! "Label"` (a new set), `===+ "Label"` (selected first).
    private static func mkdocsTab(_ trimmed: Substring) -> (label: String, newSet: Bool)? {
        guard trimmed.hasPrefix("===") else { return nil }
        var rest = trimmed.dropFirst(3)
        var newSet = false
        while let first = rest.first, first == "!" || first == "+" {
            if first == "!" { newSet = true }
            rest = rest.dropFirst()
        }
        let label = rest.trimmingSpaces()
        guard label.count >= 2, let quote = label.first, quote == "\"" || quote == "'", label.last == quote else { return nil }
        return (String(label.dropFirst().dropLast()), newSet)
    }

    /// A line that is one JSX tag of Tabs or TabItem: its name, whether it closes, its string
    /// attributes, and what follows it on the line.
    private static func jsxTag(_ trimmed: Substring) -> (name: String, closing: Bool, attributes: [String: String], rest: Substring)? {
        guard trimmed.hasPrefix("<Tab") || trimmed.hasPrefix("</Tab"), let end = trimmed.firstIndex(of: ">") else { return nil }
        var inside = trimmed[trimmed.index(after: trimmed.startIndex)..<end]
        let closing = inside.hasPrefix("/")
        if closing { inside = inside.dropFirst() }
        let name = String(inside.prefix { $0.isLetter })
        guard name == "Tabs" || name == "TabItem" else { return nil }
        var attributes: [String: String] = [:]
        let pattern = /([A-Za-z]+)=(?:"([^"]*)"|'([^']*)'|\{'([^']*)'\}|\{"([^"]*)"\})/
        for match in inside.matches(of: pattern) {
            attributes[String(match.1)] = String(match.2 ?? match.3 ?? match.4 ?? match.5 ?? "")
        }
        return (name, closing, attributes, trimmed[trimmed.index(after: end)...].drop { $0 == " " })
    }

    /// The indentation of the first line of content after an item's opening tag.
    private static func indentOfContent(after index: Int, in lines: [String]) -> Int {
        for line in lines[(index + 1)...] where !line.trimmingSpaces().isEmpty {
            return line.prefix { $0 == " " }.count
        }
        return 0
    }

    /// A VitePress code block's `[name]`.
    private static func groupLabel(_ fence: Substring) -> String? {
        guard let open = fence.firstIndex(of: "["), let close = fence[open...].firstIndex(of: "]") else { return nil }
        let label = fence[fence.index(after: open)..<close].trimmingSpaces()
        return label.isEmpty ? nil : String(label)
    }

    /// An MDX import: `import Tabs from '@theme/Tabs';`, `import { A, B } from "x"`, `import "x.css"`.
    private static func isImport(_ trimmed: Substring) -> Bool {
        trimmed.hasPrefix("import ") && trimmed.wholeMatch(of: /import\s+(?:[\w*{}\s,]+\s+from\s+)?["'][^"']+["'];?/) != nil
    }
}
