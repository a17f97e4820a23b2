import Foundation

/// What the renderer does to cmark-gfm's HTML and fence info over bytes, without cmark-gfm.
extension MarkdownRenderer {
    /// Table header cells as `<th scope="col">` (with or without cmark-gfm's `style=` for
    /// alignment), in one pass over the page's bytes.
    static func scopingColumnHeaders(_ html: String) -> String {
        var source = html
        return source.withUTF8(scopingColumnHeaders)
    }

    /// `scopingColumnHeaders` of UTF-8 bytes (cmark-gfm's output): the text is made in one copy,
    /// the attributes added on the way.
    static func scopingColumnHeaders(_ buffer: UnsafeBufferPointer<UInt8>) -> String {
        let opening = Array("<th".utf8), styled = Array(" style=".utf8), scope = Array(" scope=\"col\"".utf8)
        // The offsets just after each `<th` to give a scope.
        var inserts: [Int] = []
        var from = 0
        while let found = opening.withUnsafeBufferPointer({ byteOffset(of: $0, in: buffer, from: from) }) {
            let after = found + opening.count
            from = after
            let plain = after < buffer.count && buffer[after] == UInt8(ascii: ">")
            let withStyle = !plain && buffer.count - after >= styled.count
                && memcmp(buffer.baseAddress! + after, styled, styled.count) == 0
            if plain || withStyle { inserts.append(after) }
        }
        guard !inserts.isEmpty, let source = buffer.baseAddress else { return String(decoding: buffer, as: UTF8.self) }
        return String(unsafeUninitializedCapacity: buffer.count + inserts.count * scope.count) { output in
            var written = 0, copied = 0
            func put(_ start: UnsafePointer<UInt8>, _ count: Int) {
                (output.baseAddress! + written).initialize(from: start, count: count)
                written += count
            }
            for at in inserts + [buffer.count] {
                put(source + copied, at - copied)
                copied = at
                if at < buffer.count { scope.withUnsafeBufferPointer { put($0.baseAddress!, $0.count) } }
            }
            return written
        }
    }

    /// The first word of a fence's info string, keeping letters, digits and `+-_#.`: over bytes
    /// when ASCII, where each byte is a character.
    static func language(ofFenceInfo info: String) -> String {
        guard info.utf8.allSatisfy({ $0 < 0x80 }) else {
            return String(info.split(whereSeparator: \.isWhitespace).first ?? "")
                .filter { $0.isLetter || $0.isNumber || "+-_#.".contains($0) }
        }
        let word = info.utf8.drop { $0 == 32 || (9...13).contains($0) }.prefix { !($0 == 32 || (9...13).contains($0)) }
        return String(decoding: word.filter { byte in
            (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || (byte >= 0x30 && byte <= 0x39)
                || [UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "#"), UInt8(ascii: ".")].contains(byte)
        }, as: UTF8.self)
    }

    /// A code block's tab label: `title="…"` in its fence info, or the words after the language
    /// (```` ```swift UIKit ````); none for a demo.
    static func tabLabel(ofFenceInfo info: String) -> String? {
        // ASCII over bytes: each byte a character but CR LF (whitespace either way), whitespace
        // 9...13 and 32 (by characters and Foundation's search, a percent of a full build).
        let utf8 = info.utf8
        if utf8.allSatisfy({ $0 < 0x80 }) {
            func isSpace(_ byte: UInt8) -> Bool { byte == 32 || (9...13).contains(byte) }
            if let title = info.byteRange(of: "title=") {
                let rest = utf8[title.upperBound...]
                guard let quote = rest.first, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                    return String(decoding: rest.prefix { !isSpace($0) }, as: UTF8.self)
                }
                var quoted = rest.dropFirst().prefix { $0 != quote }
                while let first = quoted.first, isSpace(first) { quoted.removeFirst() }
                while let last = quoted.last, isSpace(last) { quoted.removeLast() }
                return String(decoding: quoted, as: UTF8.self)
            }
            let words = utf8.split(whereSeparator: isSpace).dropFirst()
            guard !words.isEmpty, !words.contains(where: { $0.elementsEqual("demo".utf8) }) else { return nil }
            return words.map { String(decoding: $0, as: UTF8.self) }.joined(separator: " ")
        }
        return tabLabelByCharacters(ofFenceInfo: info)
    }

    /// `tabLabel` for any text, by characters.
    static func tabLabelByCharacters(ofFenceInfo info: String) -> String? {
        if let title = info.range(of: "title=") {
            var rest = info[title.upperBound...]
            guard let quote = rest.first, quote == "\"" || quote == "'" else { return String(rest.prefix { !$0.isWhitespace }) }
            rest.removeFirst()
            return String(rest.prefix { $0 != quote }).trimmingWhitespace()
        }
        let words = info.split(whereSeparator: \.isWhitespace).dropFirst()
        guard !words.isEmpty, !words.contains("demo") else { return nil }
        return words.joined(separator: " ")
    }

    /// cmark-gfm writes task-list checkboxes without a label; each gets its item's text as its
    /// accessible name, in document order (the order the renderer writes them).
    static func labelTaskCheckboxes(_ html: String, labels: [String]) -> String {
        let marker = "<input type=\"checkbox\""
        var result = ""
        var rest = html[...]
        var index = 0
        while index < labels.count, let found = rest.range(of: marker) {
            result += rest[..<found.upperBound]
            result += " aria-label=\"\(HTML.escape(labels[index]))\""
            rest = rest[found.upperBound...]
            index += 1
        }
        return result + rest
    }

    /// A page's contents where kramdown's `{:toc}` asked for them: its headings of levels 2 and
    /// 3 as links, the third level nested under the second.
    static func contents(_ headings: [Heading], label: String) -> String {
        var html = "<nav class=\"page-contents\" aria-label=\"\(HTML.escape(label))\"><ul>"
        var nested = false, opened = false
        for heading in headings where heading.level <= 3 {
            // A second-level item stays open (no `</li>` yet) until what follows it is known.
            if heading.level == 3, opened, !nested { html += "<ul>"; nested = true }
            if heading.level == 2, nested { html += "</ul>"; nested = false }
            if heading.level == 2, opened { html += "</li>" }
            let link = "<a href=\"#\(HTML.escape(heading.id))\">\(HTML.escape(heading.text))</a>"
            if heading.level == 2 || !opened { html += "<li>" + link; opened = true } else { html += "<li>" + link + "</li>" }
            if heading.level == 3, !nested { html += "</li>"; opened = false }
        }
        if nested { html += "</ul>" }
        if opened { html += "</li>" }
        return html + "</ul></nav>"
    }
}
