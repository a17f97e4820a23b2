/// The values on one line: plain, quoted, `[a, b]`, and `|` blocks below it.
extension PlainYAML.Reader {
    /// A value written on the key's (or dash's) line: quoted, a flow sequence, or plain.
    func inlineValue(from: Int, to: Int) -> FrontValue? {
        switch bytes[from] {
        case UInt8(ascii: "\""): return doubleQuoted(from: from, to: to)
        case UInt8(ascii: "'"): return singleQuoted(from: from, to: to)
        case UInt8(ascii: "["): return flowSequence(from: from, to: to)
        default: return plain(from: from, to: to)
        }
    }

    /// A plain scalar to the end of the line or a ` #` comment, trailing spaces removed.
    func plain(from: Int, to: Int) -> FrontValue? {
        guard !Self.isIndicator(bytes[from]) else { return nil }
        var end = from
        while end < to {
            if bytes[end] == Self.hash, bytes[end - 1] == Self.space { break }
            if bytes[end] == Self.colon, end + 1 == to || bytes[end + 1] == Self.space { return nil }
            end += 1
        }
        while end > from, bytes[end - 1] == Self.space { end -= 1 }
        return Self.typed(text(from, end))
    }

    /// YAML 1.2 core schema for plain scalars, as `YAMLReader` types them.
    static func typed(_ text: String) -> FrontValue {
        switch text {
        case "", "~", "null", "Null", "NULL": .null
        case "true", "True", "TRUE": .bool(true)
        case "false", "False", "FALSE": .bool(false)
        default: .text(text)
        }
    }

    /// What may follow a closing quote or bracket: spaces, then a comment or nothing.
    func onlyCommentAfter(_ offset: Int, to: Int) -> Bool {
        var offset = offset
        while offset < to, bytes[offset] == Self.space { offset += 1 }
        return offset == to || (bytes[offset] == Self.hash && bytes[offset - 1] == Self.space)
    }

    /// `"text"` without escapes.
    func doubleQuoted(from: Int, to: Int) -> FrontValue? {
        var end = from + 1
        while end < to, bytes[end] != UInt8(ascii: "\"") {
            if bytes[end] == UInt8(ascii: "\\") { return nil }
            end += 1
        }
        guard end < to, onlyCommentAfter(end + 1, to: to) else { return nil }
        return .text(text(from + 1, end))
    }

    /// `'text'`, where `''` is one quote.
    func singleQuoted(from: Int, to: Int) -> FrontValue? {
        var result: [UInt8] = []
        var offset = from + 1
        while offset < to {
            if bytes[offset] == UInt8(ascii: "'") {
                if offset + 1 < to, bytes[offset + 1] == UInt8(ascii: "'") {
                    result.append(UInt8(ascii: "'"))
                    offset += 2
                    continue
                }
                guard onlyCommentAfter(offset + 1, to: to) else { return nil }
                return .text(String(decoding: result, as: UTF8.self))
            }
            result.append(bytes[offset])
            offset += 1
        }
        return nil
    }

    /// `[a, b, c]` of plain scalars on one line.
    func flowSequence(from: Int, to: Int) -> FrontValue? {
        var close = from + 1
        while close < to, bytes[close] != UInt8(ascii: "]") { close += 1 }
        guard close < to, onlyCommentAfter(close + 1, to: to) else { return nil }
        var items: [FrontValue] = []
        var itemStart = from + 1
        var offset = from + 1
        while offset <= close {
            if offset == close || bytes[offset] == UInt8(ascii: ",") {
                var start = itemStart, end = offset
                while start < end, bytes[start] == Self.space { start += 1 }
                while end > start, bytes[end - 1] == Self.space { end -= 1 }
                if start == end {
                    // `[]` is empty; an empty item (`[a,,b]`, `[a, ]`) is left to Yams.
                    guard offset == close, items.isEmpty, itemStart == from + 1 else { return nil }
                    return .list([])
                }
                guard !Self.isIndicator(bytes[start]) else { return nil }
                for index in start..<end {
                    switch bytes[index] {
                    case UInt8(ascii: ":"), UInt8(ascii: "#"), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "}"),
                         UInt8(ascii: "\""), UInt8(ascii: "'"):
                        return nil
                    default:
                        continue
                    }
                }
                items.append(Self.typed(text(start, end)))
                itemStart = offset + 1
            }
            offset += 1
        }
        return .list(items)
    }

    /// `|` or `|-` and the more indented lines after it, as Yams keeps them.
    mutating func literal(from: Int, to: Int, parentIndent: Int) -> FrontValue? {
        var indicatorEnd = from + 1
        let strip = indicatorEnd < to && bytes[indicatorEnd] == Self.dash
        if strip { indicatorEnd += 1 }
        guard indicatorEnd == to else { return nil }
        // The first line decides the indentation; blank lines before it are left to Yams.
        guard position < lines.count, !isBlank(line), indent > parentIndent else {
            if position < lines.count, isBlank(line) { return nil }
            return .text("")
        }
        let contentIndent = indent
        var texts: [String] = []
        var blanks = 0
        // `|` keeps the last line's break, when the document has one.
        var lastBreak = false
        while position < lines.count {
            let current = line
            if isBlank(current) {
                // Spaces past the content's indentation on an empty line are kept by YAML.
                guard current.end - current.start <= contentIndent else { return nil }
                blanks += 1
                position += 1
                continue
            }
            let lineIndent = current.content - current.start
            if lineIndent <= parentIndent { break }
            guard lineIndent >= contentIndent else { return nil }
            texts += Array(repeating: "", count: blanks)
            blanks = 0
            texts.append(text(current.start + contentIndent, current.end))
            lastBreak = current.end < bytes.count
            position += 1
        }
        // Trailing blank lines belong to no value: give them back.
        position -= blanks
        let body = texts.joined(separator: "\n")
        return .text(strip || !lastBreak ? body : body + "\n")
    }
}
