/// Reads a Mustache template into the tree `CompiledRenderer` renders, splitting text, dropping
/// standalone lines and keeping partial indentation exactly as swift-mustache's parser does (its
/// tokens are internal, so GuideSite reads the text itself; CompiledTemplateTests compare the
/// two renderings on the built-in theme and on a corpus of templates). Each tag keeps its line
/// and column for the theme's checks. Returns nil for what only swift-mustache renders
/// (transforms, dynamic partials, other content types) and for text it does not parse, which
/// swift-mustache, run first, reports.
struct MustacheParser {
    private let text: [Character]
    private var position = 0
    /// Lines before the template's own first line (the content-type pragma put before it).
    private let lineOffset: Int
    private var counted = (offset: 0, line: 1, column: 1)

    private struct State {
        var sectionName: String?
        var newLine = true
        var inPartialDefinition = false
        var atPartialDefinitionTop = false
        var start: [Character] = ["{", "{"]
        var end: [Character] = ["}", "}"]
        var partialDefinitionIndent: [Character]?

        func section(_ name: String, newLine: Bool) -> State {
            var state = self
            state.sectionName = name
            state.atPartialDefinitionTop = false
            if !newLine { state.newLine = false }
            return state
        }
    }

    /// What the tree is made of before blocks are gathered into their partial.
    private enum Token {
        case node(CompiledTemplate.Node)
        case blockDefinition(String, [Token])
    }

    private struct Failure: Error {}

    static func parse(_ source: String, lineOffset: Int = 0) -> CompiledTemplate? {
        var parser = MustacheParser(text: Array(source), lineOffset: lineOffset)
        guard let tokens = try? parser.parse(State()) else { return nil }
        return try? template(tokens)
    }

    private init(text: [Character], lineOffset: Int) {
        self.text = text
        self.lineOffset = lineOffset
    }

    private static func template(_ tokens: [Token]) throws -> CompiledTemplate {
        CompiledTemplate(nodes: try tokens.map {
            guard case .node(let node) = $0 else { throw Failure() }
            return node
        })
    }

    // MARK: - The grammar, as swift-mustache's parse(_:state:) reads it

    private mutating func parse(_ entry: State) throws -> [Token] {
        var tokens: [Token] = []
        var state = entry
        var whitespace: [Character] = []
        func flushWhitespace() {
            if !whitespace.isEmpty { tokens.append(.node(.text(Array(String(whitespace).utf8)))) }
        }
        while !atEnd {
            if state.newLine {
                let read = readWhile { $0 == " " || $0 == "\t" }
                if state.inPartialDefinition, !state.atPartialDefinitionTop {
                    if let indent = state.partialDefinitionIndent {
                        whitespace = Array(read.dropFirst(indent.count))
                    } else {
                        state.partialDefinitionIndent = read
                    }
                } else {
                    whitespace = read
                }
            }
            let tagStart = position
            let plain = try readUntilTagOrNewline(state)
            if current.isNewline {
                tokens.append(.node(.text(Array(String(whitespace + plain + [current]).utf8))))
                state.newLine = true
                position += 1
                continue
            }
            if !plain.isEmpty {
                tokens.append(.node(.text(Array(String(whitespace + plain).utf8))))
                whitespace = []
                state.newLine = false
            }
            if atEnd { break }
            let at = location(of: tagStart + plain.count)
            var newLine = false
            switch current {
            case "#", "^":
                let inverted = current == "^"
                position += 1
                let name = try readName(state)
                if isStandalone(state) {
                    newLine = true
                } else {
                    flushWhitespace()
                    whitespace = []
                }
                let inner = try Self.template(try parse(state.section(name, newLine: newLine)))
                tokens.append(.node(.section(.init(name), inner, inverted: inverted, at: at)))
            case "/":
                position += 1
                guard try readName(state) == state.sectionName else { throw Failure() }
                if !isStandalone(state) { flushWhitespace() }
                return tokens
            case "!":
                position += 1
                guard let close = find(state.end) else { throw Failure() }
                position = close + state.end.count
                newLine = isStandalone(state)
            case "{", "&":
                let triple = current == "{"
                flushWhitespace()
                whitespace = []
                position += 1
                let name = try readName(state)
                if triple {
                    guard current == "}" else { throw Failure() }
                    position += 1
                }
                tokens.append(.node(.variable(.init(name), escaped: false, at: at)))
            case ">":
                position += 1
                _ = readWhile(\.isWhitespace)
                guard current != "*" else { return try fail() }
                let name = try readPartialName(state)
                flushWhitespace()
                let standalone = isStandalone(state)
                newLine = standalone
                tokens.append(.node(.partial(name: name, indentation: standalone ? String(whitespace) : nil, overrides: nil, at: at)))
                whitespace = []
            case "<":
                position += 1
                _ = readWhile(\.isWhitespace)
                let name = try readPartialName(state)
                guard name.first != "*" else { return try fail() }
                flushWhitespace()
                newLine = isStandalone(state)
                var inner = state
                inner.sectionName = name
                inner.newLine = true
                inner.inPartialDefinition = true
                inner.atPartialDefinitionTop = true
                var overrides: [String: CompiledTemplate] = [:]
                for token in try parse(inner) {
                    switch token {
                    case .blockDefinition(let block, let body): overrides[block] = try Self.template(body)
                    case .node(.text): break
                    case .node: throw Failure()
                    }
                }
                tokens.append(.node(.partial(name: name, indentation: String(whitespace), overrides: overrides, at: at)))
                whitespace = []
            case "$":
                position += 1
                let name = try readName(state)
                if state.atPartialDefinitionTop {
                    newLine = isStandalone(state)
                    tokens.append(.blockDefinition(name, try parse(state.section(name, newLine: newLine))))
                } else {
                    flushWhitespace()
                    newLine = isStandalone(state)
                    let fallback = try Self.template(try parse(state.section(name, newLine: newLine)))
                    tokens.append(.node(.blockExpansion(name: name, fallback: fallback, indentation: String(whitespace))))
                    whitespace = []
                }
            case "=":
                position += 1
                state = try readDelimiters(state)
                newLine = isStandalone(state)
            case "%":
                position += 1
                tokens.append(.node(.contentType(escapes: try readContentType(state))))
                newLine = isStandalone(state)
            default:
                flushWhitespace()
                whitespace = []
                tokens.append(.node(.variable(.init(try readName(state)), escaped: true, at: at)))
            }
            state.newLine = newLine
        }
        guard state.sectionName == nil else { throw Failure() }
        return tokens
    }

    private func fail<T>() throws -> T { throw Failure() }

    // MARK: - Reading

    private var atEnd: Bool { position >= text.count }
    /// swift-mustache reads a NUL past the end.
    private var current: Character { atEnd ? "\0" : text[position] }

    private mutating func readWhile(_ accept: (Character) -> Bool) -> [Character] {
        let start = position
        while !atEnd, accept(text[position]) { position += 1 }
        return Array(text[start..<position])
    }

    /// Whether `expected` is next (consumed if so); too few characters left is a parse error.
    private mutating func read(_ expected: [Character]) throws -> Bool {
        guard text.count - position >= expected.count else { throw Failure() }
        guard Array(text[position..<position + expected.count]) == expected else { return false }
        position += expected.count
        return true
    }

    /// Where `needle` next starts, matched as swift-mustache matches a comment's end (a partial
    /// match that fails starts again after it, not inside it).
    private func find(_ needle: [Character]) -> Int? {
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

    private mutating func readUntilTagOrNewline(_ state: State) throws -> [Character] {
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

    private static let nameCharacters = Set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?*")

    /// A tag's name up to the closing delimiter; a name with brackets is a transform.
    private mutating func readName(_ state: State) throws -> String {
        _ = readWhile(\.isWhitespace)
        let name = readWhile { Self.nameCharacters.contains($0) || $0 == "(" || $0 == ")" }
        _ = readWhile(\.isWhitespace)
        guard try read(state.end), !name.contains("("), !name.contains(")") else { throw Failure() }
        return String(name)
    }

    private mutating func readPartialName(_ state: State) throws -> String {
        _ = readWhile(\.isWhitespace)
        let name = readWhile { Self.nameCharacters.contains($0) || "()/".contains($0) }
        _ = readWhile(\.isWhitespace)
        guard try read(state.end) else { throw Failure() }
        return String(name)
    }

    private mutating func readDelimiters(_ state: State) throws -> State {
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
    private mutating func readContentType(_ state: State) throws -> Bool {
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
    private mutating func isStandalone(_ state: State) -> Bool {
        guard state.newLine else { return false }
        if atEnd { return true }
        var ahead = position
        while ahead < text.count, text[ahead] == " " || text[ahead] == "\t" { ahead += 1 }
        guard ahead < text.count, text[ahead].isNewline else { return false }
        position = ahead + 1
        return true
    }

    /// Tags come in order, so the count of lines and columns goes on from the last tag's.
    private mutating func location(of offset: Int) -> CompiledTemplate.Location {
        while counted.offset < min(offset, text.count) {
            if text[counted.offset].isNewline { counted.line += 1; counted.column = 1 } else { counted.column += 1 }
            counted.offset += 1
        }
        return CompiledTemplate.Location(line: max(1, counted.line - lineOffset), column: counted.column)
    }
}
