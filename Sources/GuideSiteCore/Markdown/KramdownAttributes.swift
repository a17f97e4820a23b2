/// kramdown's block attribute lists (`{: .lead #intro}` on the line after a paragraph, a list, a
/// table or a quote): their classes and id on the element they attach to. Markdown has no
/// attributes, so the preprocessor leaves a marker in the block's text (private-use characters
/// no text holds) and the rendered HTML takes it back out into the element's start tag. Other
/// attributes, and lists that attach to nothing GuideSite renders, are left out.
enum KramdownAttributes {
    static let open: Character = "\u{E000}", close: Character = "\u{E001}", separator: Character = "\u{E002}"

    /// The element kinds a list attaches to, and the start tags that open them.
    static let tags = ["p": ["<p>", "<p "], "table": ["<table"], "list": ["<ul", "<ol"], "blockquote": ["<blockquote"]]

    /// `a b` and `x` (the classes, then the id, apart) from `{: .a .b #x title="t"}`; nil when it holds no
    /// class or id. Written without quotes, `<` or `|`, which Markdown would escape or read.
    static func attributes(of line: String) -> String? {
        let inner = line.trimmingSpaces().dropFirst(2).dropLast()
        var classes: [String] = [], id: String?
        for word in inner.split(whereSeparator: \.isWhitespace) {
            let name = word.dropFirst()
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else { continue }
            if word.hasPrefix(".") { classes.append(String(name)) } else if word.hasPrefix("#") { id = String(name) }
        }
        guard !classes.isEmpty || id != nil else { return nil }
        return classes.joined(separator: " ") + String(separator) + (id ?? "")
    }

    /// Marks the block that ends at line `last` with `attributes`; false when it is not a block
    /// a list attaches to here (a heading, code, a blank line).
    static func attach(_ attributes: String, to lines: inout [Substring], endingAt last: Int) -> Bool {
        let line = lines[last].trimmingSpaces()
        guard !line.isEmpty, !line.hasPrefix("#"), !line.hasPrefix("```"), !line.hasPrefix("~~~"), !line.hasPrefix("<") else { return false }
        let kind: String
        if line.hasPrefix("|") {
            // The marker goes in the first cell: after the last cell it would be a cell of its own.
            var first = last
            while first > 0, lines[first - 1].trimmingSpaces().hasPrefix("|") { first -= 1 }
            guard let pipe = lines[first].firstIndex(of: "|") else { return false }
            let cell = lines[first][lines[first].index(after: pipe)...].firstIndex { $0 != " " } ?? lines[first].endIndex
            lines[first] = lines[first][..<cell] + marker("table", attributes) + lines[first][cell...]
            return true
        } else if line.hasPrefix(">") {
            kind = "blockquote"
        } else if line.hasPrefix("- ") || line.hasPrefix("* ") || line.hasPrefix("+ ") || line.prefix(while: \.isNumber).count > 0 && line.drop(while: \.isNumber).hasPrefix(". ") {
            kind = "list"
        } else {
            kind = "p"
        }
        lines[last] = lines[last] + marker(kind, attributes)
        return true
    }

    private static func marker(_ kind: String, _ attributes: String) -> Substring {
        Substring(String(open) + kind + " " + attributes + String(close))
    }

    /// The HTML with each marker's attributes in the start tag of the element it closes over.
    static func apply(_ html: String) -> String {
        guard html.containsBytes(String(open)) else { return html }
        var output = ""
        var rest = html[...]
        while let start = rest.firstIndex(of: open), let end = rest[start...].firstIndex(of: close) {
            output += rest[..<start]
            let content = rest[rest.index(after: start)..<end]
            let kind = String(content.prefix { $0 != " " })
            let parts = content.dropFirst(kind.count + 1).split(separator: separator, omittingEmptySubsequences: false)
            let classes = parts.first.map(String.init) ?? "", id = parts.count > 1 ? String(parts[1]) : ""
            let attributes = (classes.isEmpty ? "" : " class=\"\(classes)\"") + (id.isEmpty ? "" : " id=\"\(id)\"")
            rest = rest[rest.index(after: end)...]
            // The nearest start tag of its kind before the marker.
            let found = (tags[kind] ?? []).compactMap { output.range(of: $0, options: .backwards) }.max { $0.lowerBound < $1.lowerBound }
            guard let tag = found, let tagEnd = output[tag.lowerBound...].firstIndex(of: ">") else { continue }
            var adding = attributes
            // Classes join a class attribute the tag has already.
            if let existing = output[tag.lowerBound..<tagEnd].range(of: " class=\""), let classes = adding.range(of: #" class="[^"]*""#, options: .regularExpression) {
                let names = adding[classes].dropFirst(8).dropLast()
                output.insert(contentsOf: names + " ", at: existing.upperBound)
                adding.removeSubrange(classes)
            }
            let nameEnd = output[tag.lowerBound...].firstIndex { $0 == " " || $0 == ">" } ?? tag.upperBound
            output.insert(contentsOf: adding, at: nameEnd)
        }
        return output + rest
    }

    /// The text without markers, for what reads the Markdown as text (acceptance sections).
    static func stripped(_ text: String) -> String {
        guard text.containsBytes(String(open)) else { return text }
        var output = ""
        var rest = text[...]
        while let start = rest.firstIndex(of: open), let end = rest[start...].firstIndex(of: close) {
            output += rest[..<start]
            rest = rest[rest.index(after: end)...]
        }
        return output + rest
    }
}
