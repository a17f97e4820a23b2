/// What `MustacheParser` reads with: characters, names, delimiters, and where a tag is.
extension MustacheParser {
    var atEnd: Bool { position >= text.count }
    /// swift-mustache reads a NUL past the end.
    var current: Character { atEnd ? "\0" : text[position] }

    mutating func readWhile(_ accept: (Character) -> Bool) -> [Character] {
        let start = position
        while !atEnd, accept(text[position]) { position += 1 }
        return Array(text[start..<position])
    }

    /// Whether `expected` is next (consumed if so); too few characters left is a parse error.
    mutating func read(_ expected: [Character]) throws -> Bool {
        guard text.count - position >= expected.count else { throw Failure() }
        guard Array(text[position..<position + expected.count]) == expected else { return false }
        position += expected.count
        return true
    }

    /// Where `needle` next starts, matched as swift-mustache matches a comment's end (a partial
    /// match that fails starts again after it, not inside it).
    func find(_ needle: [Character]) -> Int? {
        var matched = 0
        var found = position
        for index in position..<text.count {
            if text[index] == needle[matched] {
                if matched == 0 { found = index }
                matched += 1
                if matched == needle.count { return found }
            } else {
                matched = 0
            }
        }
        return nil
    }

    mutating func readUntilTagOrNewline(_ state: State) throws -> [Character] {
        var plain: [Character] = []
        while !atEnd {
            plain += readWhile { $0 != "\n" && $0 != "\r\n" && $0 != state.start[0] }
            if current.isNewline { break }
            if current == state.start[0] {
                if try read(state.start) { break }
                plain.append(current)
                position += 1
            }
        }
        return plain
    }

    static let nameCharacters = Set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?*")

    /// A tag's name up to the closing delimiter; a name with brackets is a transform.
    mutating func readName(_ state: State) throws -> String {
        _ = readWhile(\.isWhitespace)
        let name = readWhile { Self.nameCharacters.contains($0) || $0 == "(" || $0 == ")" }
        _ = readWhile(\.isWhitespace)
        guard try read(state.end), !name.contains("("), !name.contains(")") else { throw Failure() }
        return String(name)
    }

    mutating func readPartialName(_ state: State) throws -> String {
        _ = readWhile(\.isWhitespace)
        let name = readWhile { Self.nameCharacters.contains($0) || "()/".contains($0) }
        _ = readWhile(\.isWhitespace)
        guard try read(state.end) else { throw Failure() }
        return String(name)
    }

    mutating func readDelimiters(_ state: State) throws -> State {
        _ = readWhile(\.isWhitespace)
        let start = readWhile { !$0.isWhitespace }
        guard !atEnd else { throw Failure() }
        _ = readWhile(\.isWhitespace)
        let end = readWhile { $0 != "=" && !$0.isWhitespace }
        guard !atEnd else { throw Failure() }
        _ = readWhile(\.isWhitespace)
        guard try read(["="]), try read(state.end), !start.isEmpty, !end.isEmpty else { throw Failure() }
        var changed = state
        changed.start = start
        changed.end = end
        changed.atPartialDefinitionTop = false
        return changed
    }

    /// `{{%CONTENT_TYPE:name}}`: whether `{{name}}` escapes HTML from here on.
    mutating func readContentType(_ state: State) throws -> Bool {
        _ = readWhile(\.isWhitespace)
        let variable = String(readWhile(Self.nameCharacters.contains))
        _ = readWhile(\.isWhitespace)
        guard try read([":"]) else { throw Failure() }
        _ = readWhile(\.isWhitespace)
        let value = String(readWhile(Self.nameCharacters.contains))
        _ = readWhile(\.isWhitespace)
        guard try read(state.end), variable == "CONTENT_TYPE" else { throw Failure() }
        switch value {
        case "HTML", FastHTMLContentType.contentTypeName: return true
        case "TEXT": return false
        default: throw Failure()
        }
    }

    /// swift-mustache's standalone test: the tag began a line and only blanks follow it to the
    /// line's end, which is consumed.
    mutating func isStandalone(_ state: State) -> Bool {
        guard state.newLine else { return false }
        if atEnd { return true }
        var ahead = position
        while ahead < text.count, text[ahead] == " " || text[ahead] == "\t" { ahead += 1 }
        guard ahead < text.count, text[ahead].isNewline else { return false }
        position = ahead + 1
        return true
    }

    /// Tags come in order, so the count of lines and columns goes on from the last tag's.
    mutating func location(of offset: Int) -> CompiledTemplate.Location {
        while counted.offset < min(offset, text.count) {
            if text[counted.offset].isNewline { counted.line += 1; counted.column = 1 } else { counted.column += 1 }
            counted.offset += 1
        }
        return CompiledTemplate.Location(line: max(1, counted.line - lineOffset), column: counted.column)
    }
}
