import Foundation

/// A Nunjucks macro (`{% macro demo(options, size="m") %}…{% endmacro %}`), defined in the page
/// or in a template file of the includes folder and brought in by `{% from "x.njk" import demo %}`
/// or `{% import "x.njk" as ui %}`: a call runs its body with the arguments bound.
struct LiquidMacro: Sendable, Hashable {
    struct Parameter: Sendable, Hashable {
        var name: String
        /// The default's expression, as written.
        var fallback: String?
    }

    var name: String
    var parameters: [Parameter]
    var body: String
    /// The file it is defined in, as diagnostics show it.
    var file: String

    /// Every macro defined in `text`.
    static func definitions(in text: String, file: String) -> [LiquidMacro] {
        var macros: [LiquidMacro] = []
        var rest = text[...]
        let opening = #"\{%-?\s*macro\s+([A-Za-z_][A-Za-z0-9_]*)\s*\(([^)]*)\)\s*-?%\}"#
        while let open = rest.range(of: opening, options: .regularExpression) {
            let tag = rest[open]
            // The rest of the text as one "line": the end tag is found wherever it is.
            let after = rest[open.upperBound...]
            guard let body = LiquidPreprocessor.blockBody(opening: "macro", closing: "endmacro", after: after, lines: [after], from: 0) else { break }
            let name = String(tag.drop { $0 != "o" }.dropFirst().drop(while: \.isWhitespace).prefix { $0.isLetter || $0.isNumber || $0 == "_" })
            let list = tag[tag.index(after: tag.firstIndex(of: "(")!)..<tag.lastIndex(of: ")")!]
            let parameters = Self.splitTopLevel(String(list)).map { part -> Parameter in
                guard let equals = part.firstIndex(of: "=") else { return Parameter(name: part) }
                return Parameter(name: part[..<equals].trimmingSpaces(), fallback: part[part.index(after: equals)...].trimmingSpaces())
            }
            var text = body.text
            if tag.hasSuffix("-%}") { text = String(text.drop { $0.isWhitespace }) }
            if body.trimsBefore { text = String(text.reversed().drop { $0.isWhitespace }.reversed()) }
            macros.append(LiquidMacro(name: name, parameters: parameters, body: text, file: file))
            rest = body.tail
        }
        return macros
    }

    /// The call's arguments bound to the parameters: positional ones in order, `name=value`
    /// ones by name, the rest their defaults. Object literals (`{ item: "button" }`) are maps.
    func bind(_ arguments: String, output: LiquidOutput) -> [String: FrontValue] {
        var bound: [String: FrontValue] = [:]
        var position = 0
        for argument in Self.splitTopLevel(arguments) {
            if let equals = argument.firstIndex(of: "="), !argument.hasPrefix("{"), !argument.hasPrefix("\""), !argument.hasPrefix("'"),
               argument[..<equals].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == " " }) {
                bound[argument[..<equals].trimmingSpaces()] = Self.value(argument[argument.index(after: equals)...].trimmingSpaces(), output: output)
            } else if position < parameters.count {
                bound[parameters[position].name] = Self.value(argument, output: output)
                position += 1
            }
        }
        for parameter in parameters where bound[parameter.name] == nil {
            bound[parameter.name] = parameter.fallback.map { Self.value($0, output: output) } ?? .null
        }
        return bound
    }

    /// A literal (quoted text, number, boolean, object, list) or a value the page has.
    static func value(_ written: String, output: LiquidOutput) -> FrontValue {
        let text = written.trimmingSpaces()
        if text.hasPrefix("{"), text.hasSuffix("}") {
            let entries = splitTopLevel(String(text.dropFirst().dropLast())).compactMap { pair -> FrontEntry? in
                guard let colon = pair.firstIndex(of: ":") else { return nil }
                let key = pair[..<colon].trimming(" \"'")
                return FrontEntry(key: key, value: value(String(pair[pair.index(after: colon)...]), output: output), line: 1, column: 1)
            }
            return .map(entries)
        }
        if text.hasPrefix("["), text.hasSuffix("]") { return .list(splitTopLevel(String(text.dropFirst().dropLast())).map { value($0, output: output) }) }
        if text == "true" || text == "false" { return .bool(text == "true") }
        if Double(text) != nil { return .text(text) }
        return output.evaluateValue(Substring(text)) ?? .null
    }

    /// Parts between commas outside quotes, braces, brackets and parentheses: a macro call's
    /// arguments and parameters, and a filter's (`where: "status", "ready"`).
    static func splitTopLevel(_ text: String) -> [String] {
        var parts: [String] = [], current = "", quote: Character?, depth = 0
        for character in text {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if "{[(".contains(character) {
                depth += 1
            } else if "}])".contains(character) {
                depth -= 1
            } else if character == ",", depth == 0 {
                parts.append(current.trimmingSpaces())
                current = ""
                continue
            }
            current.append(character)
        }
        parts.append(current.trimmingSpaces())
        return parts.filter { !$0.isEmpty }
    }
}
