import Foundation

/// Inline syntax of Python-Markdown's and kramdown's extensions that GuideSite does not render,
/// left out with a warning each (the report counts them) rather than shown as text:
/// - attribute lists on inline elements, `[Subscribe](#){ .md-button }`, `**Note**{:.lead}`;
/// - MkDocs Material's icon shortcodes, `:material-check:`, `:octicons-alert-16:`.
/// And pymdownx.keys' `++ctrl+alt+del++`, written as the keys in code (`Ctrl+Alt+Del`).
extension ForeignMarkup {
    static let iconSets = ["material", "octicons", "fontawesome", "simple"]
    /// `.class`, `#id` or `key="value"`, as attr_list and kramdown write them.
    private static let attribute = #"(?:[.#][\w-]+|[\w-]+=(?:"[^"]*"|'[^']*'|[^\s}]+))"#
    private static let attributeList = #"\{:?[ \t]*"# + attribute + #"(?:[ \t]+"# + attribute + #")*[ \t]*\}"#
    private static let icon = ":(?:" + iconSets.joined(separator: "|") + ")-[a-z0-9-]+:"

    private static let keys = #"\+\+([A-Za-z0-9-]+(?:\+[A-Za-z0-9-]+)*)\+\+"#

    /// Whether the text may hold any, before any line is looked at.
    static func mayHoldInlineExtras(_ markdown: String) -> Bool {
        ["){", "]{", "*{", "_{", "`{", "++"].contains { markdown.containsBytes($0) }
            || iconSets.contains { markdown.containsBytes(":" + $0 + "-") }
    }

    /// `++ctrl+alt+n++` as `` `Ctrl+Alt+N` ``, outside code spans (`line` is no indented code).
    static func keyboardKeys(in line: String) -> String {
        guard line.contains("++") else { return line }
        var result = line
        var from = result.startIndex
        while let found = result.range(of: keys, options: .regularExpression, range: from..<result.endIndex) {
            if let span = codeSpans(in: result).first(where: { $0.contains(found.lowerBound) }) {
                from = span.upperBound
                continue
            }
            let names = result[found].dropFirst(2).dropLast(2).split(separator: "+").map { key in
                key.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
            }
            let written = "`" + names.joined(separator: "+") + "`"
            result.replaceSubrange(found, with: written)
            from = result.index(found.lowerBound, offsetBy: written.count)
        }
        return result
    }

    /// `line` (no indented code) without them, outside its code spans; `warn` says what went,
    /// at its column.
    static func inlineExtras(in line: String, warn: (String, Int) -> Void) -> String {
        var result = line
        var from = result.startIndex
        // Characters removed before `from`: columns are the source's.
        var removed = 0
        while let found = next(in: result, from: from) {
            if let span = codeSpans(in: result).first(where: { $0.contains(found.range.lowerBound) }) {
                from = span.upperBound
                continue
            }
            let text = String(result[found.range])
            let column = result.distance(from: result.startIndex, to: found.range.lowerBound) + 1 + removed
            removed += text.count
            warn(found.isIcon ? "the icon `\(text)` is left out: MkDocs Material's icons are not part of GuideSite's theme"
                              : "the attribute list `\(text)` is left out: GuideSite's theme styles inline elements itself", column)
            result.removeSubrange(found.range)
            from = found.range.lowerBound
        }
        return result
    }

    /// The first attribute list right after an inline element, or icon, at or after `from`.
    private static func next(in line: String, from: String.Index) -> (range: Range<String.Index>, isIcon: Bool)? {
        let list = firstList(in: line, from: from)
        let icon = line.range(of: icon, options: .regularExpression, range: from..<line.endIndex)
        switch (list, icon) {
        case (let list?, let icon?): return list.lowerBound < icon.lowerBound ? (list, false) : (icon, true)
        case (let list?, nil): return (list, false)
        case (nil, let icon?): return (icon, true)
        case (nil, nil): return nil
        }
    }

    /// Only right after `)`, `]`, `*`, `_` or a backtick: elsewhere braces are text (or a heading's `{#id}`).
    private static func firstList(in line: String, from: String.Index) -> Range<String.Index>? {
        var start = from
        while let range = line.range(of: attributeList, options: .regularExpression, range: start..<line.endIndex) {
            if range.lowerBound > line.startIndex, ")]*_`".contains(line[line.index(before: range.lowerBound)]) { return range }
            start = line.index(after: range.lowerBound)
        }
        return nil
    }
}

/// Where a line stands among the containers whose body is indented by four spaces
/// (Python-Markdown's `!!! note`, `??? tip`, pymdownx.tabbed's `=== "Tab"`): a line indented
/// four more than the body it is in is indented code, one of the body itself is text.
struct IndentedContainers {
    /// The indentation of each open container's marker line, outermost first.
    private var markers: [Int] = []

    /// Whether `line` is indented code; called for every line in order.
    mutating func isIndentedCode(_ line: String) -> Bool {
        let indent = line.prefix { $0 == " " }.count
        guard indent < line.count else { return false }
        while let last = markers.last, indent < last + 4 { markers.removeLast() }
        let body = markers.last.map { $0 + 4 } ?? 0
        let trimmed = line.dropFirst(indent)
        if indent - body < 4, trimmed.wholeMatch(of: /(?:!!!|\?\?\?\+?|===[!+]?)(?:\s.*)?/) != nil { markers.append(indent) }
        return indent - body >= 4
    }
}
