/// Reads a Mustache template into the tree `CompiledRenderer` renders, splitting text, dropping
/// standalone lines and keeping partial indentation exactly as swift-mustache's parser does (its
/// tokens are internal, so GuideSite reads the text itself; CompiledTemplateTests compare the
/// two renderings on the built-in theme and on a corpus of templates). Each tag keeps its line
/// and column for the theme's checks. Returns nil for what only swift-mustache renders
/// (transforms, dynamic partials, other content types) and for text it does not parse, which
/// swift-mustache, run first, reports.
struct MustacheParser {
    let text: [Character]
    var position = 0
    /// Lines before the template's own first line (the content-type pragma put before it).
    let lineOffset: Int
    var counted = (offset: 0, line: 1, column: 1)

    struct State {
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

    struct Failure: Error {}

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
}
