/// Makes the elements of a rendered body nest, where raw HTML (an include that opens an
/// `<aside>` and another that closes it, a `<div>` never closed) left them otherwise: an element
/// still open where its parent closes, or at the end, is closed there; a closing tag that closes
/// nothing is removed; a block element inside a paragraph ends the paragraph first, as a browser
/// would. Each repair but the paragraph's is reported with the tag as written.
enum HTMLBalancer {
    /// Elements that have no closing tag.
    static let void: Set<String> = ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]
    /// Elements whose closing tag HTML lets authors leave out.
    static let optionalEnd: Set<String> = ["p", "li", "dt", "dd", "option", "optgroup", "tr", "td", "th", "thead", "tbody", "tfoot", "rt", "rp", "colgroup"]
    /// Elements that end an open paragraph.
    static let closesParagraph: Set<String> = ["address", "article", "aside", "blockquote", "details", "div", "dl", "fieldset", "figcaption", "figure",
                                               "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "main", "nav", "ol", "p", "pre",
                                               "section", "table", "ul"]

    /// Elements a start tag ends when one is open: the ones its optional closing tag stands for.
    static let siblings: [String: Set<String>] = [
        "li": ["li"], "dt": ["dt", "dd"], "dd": ["dt", "dd"], "tr": ["tr", "td", "th"], "td": ["td", "th"], "th": ["td", "th"],
        "option": ["option"], "thead": ["tbody", "tfoot"], "tbody": ["thead", "tbody"], "tfoot": ["thead", "tbody"],
    ]

    /// A repair, for the warning: what was written, and what was done.
    struct Repair: Hashable {
        var tag: String
        var closed: Bool
    }

    /// The balanced HTML and the repairs made.
    static func balance(_ html: String) -> (html: String, repairs: [Repair]) {
        guard html.utf8.contains(UInt8(ascii: "<")) else { return (html, []) }
        var output = ""
        output.reserveCapacity(html.utf8.count + 64)
        var open: [(name: String, tag: String)] = []
        var repairs: [Repair] = []
        var rest = html[...]
        while let start = rest.firstIndex(of: "<") {
            output += rest[..<start]
            let tail = rest[start...]
            if tail.hasPrefix("<!--") {
                let end = tail.range(of: "-->")?.upperBound ?? tail.endIndex
                output += tail[..<end]
                rest = tail[end...]
                continue
            }
            guard let end = tagEnd(in: tail) else {
                output += "<"
                rest = tail.dropFirst()
                continue
            }
            let tag = tail[..<end]
            rest = tail[end...]
            let closing = tag.hasPrefix("</")
            let name = String(tag.dropFirst(closing ? 2 : 1).prefix { $0.isLetter || $0.isNumber || $0 == "-" }).lowercased()
            guard !name.isEmpty else { output += tag; continue }
            if closing {
                guard let index = open.lastIndex(where: { $0.name == name }) else {
                    // `</p>` after a block element ended the paragraph: what the browser does, no warning.
                    if name != "p" { repairs.append(Repair(tag: String(tag), closed: false)) }
                    continue
                }
                for inner in open[(index + 1)...].reversed() {
                    output += "</\(inner.name)>"
                    if !optionalEnd.contains(inner.name) { repairs.append(Repair(tag: inner.tag, closed: true)) }
                }
                open.removeSubrange(index...)
                output += tag
                continue
            }
            // `<li>` after an open `<li>` ends it, as its optional closing tag would.
            while let top = open.last, siblings[name]?.contains(top.name) == true {
                output += "</\(top.name)>"
                open.removeLast()
            }
            if closesParagraph.contains(name), let paragraph = open.lastIndex(where: { $0.name == "p" }),
               !open[(paragraph + 1)...].contains(where: { !optionalEnd.contains($0.name) && !["a", "span", "em", "strong", "code"].contains($0.name) }) {
                for inner in open[paragraph...].reversed() { output += "</\(inner.name)>" }
                open.removeSubrange(paragraph...)
            }
            output += tag
            if !void.contains(name), !tag.hasSuffix("/>") { open.append((name, String(tag))) }
        }
        output += rest
        for element in open.reversed() {
            output += "</\(element.name)>"
            if !optionalEnd.contains(element.name) { repairs.append(Repair(tag: element.tag, closed: true)) }
        }
        return (output, repairs)
    }

    /// How many more elements `html` opens than it closes: positive for an include that opens an
    /// element another include closes, negative for that other include.
    static func openBalance(of html: String) -> Int {
        var balance = 0
        var rest = html[...]
        while let start = rest.firstIndex(of: "<") {
            let tail = rest[start...]
            guard let end = tagEnd(in: tail) else { rest = tail.dropFirst(); continue }
            let tag = tail[..<end]
            let closing = tag.hasPrefix("</")
            let name = String(tag.dropFirst(closing ? 2 : 1).prefix { $0.isLetter || $0.isNumber }).lowercased()
            if closing { balance -= 1 } else if !void.contains(name), !tag.hasSuffix("/>") { balance += 1 }
            rest = tail[end...]
        }
        return balance
    }

    /// The end of the tag that `text` starts with (after its `>`, quotes respected); nil when it
    /// is not a tag (`a < b`).
    private static func tagEnd(in text: Substring) -> String.Index? {
        let afterOpen = text.index(after: text.startIndex)
        guard afterOpen < text.endIndex, text[afterOpen].isLetter || text[afterOpen] == "/" else { return nil }
        var quote: Character?
        var index = afterOpen
        while index < text.endIndex {
            let character = text[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == ">" {
                return text.index(after: index)
            } else if character == "<" {
                return nil
            }
            index = text.index(after: index)
        }
        return nil
    }
}
