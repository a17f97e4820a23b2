import Foundation
import Synchronization

/// Loops and includes: text that runs again through the preprocessor, with names bound. A loop's
/// body runs once per item (`{% for item in site.data.x limit: 3 offset: 1 %}`); an include's
/// text runs with its parameters as `include.NAME` (Jekyll) or the page's values (Nunjucks).
extension LiquidPreprocessor {
    /// How deep includes and loops may nest: a file that includes itself stops here.
    static let maximumDepth = 12
    /// How many passes the loops of one page may make in all, nested ones included, and how
    /// many items a range may have: `(1..100000000)` is a mistake, not a page.
    static let maximumPasses = 10_000

    /// The text between a block's opening tag and its matching end tag, which may be on a later
    /// line: `after` is the rest of the opening tag's line. Nil when the block is never closed.
    struct BlockBody {
        var text: String
        /// The line index of the end tag, and the text after it on that line.
        var endLine: Int
        var tail: Substring
        /// Whether the end tag trims the white space before it (`{%- endfor %}`).
        var trimsBefore: Bool
    }

    static func blockBody(opening: String, closing: String, after: Substring, lines: [Substring], from index: Int) -> BlockBody? {
        var depth = 1
        var text = ""
        var line = index
        var rest = after
        while true {
            var searched = rest
            while let open = searched.range(of: "{%") {
                guard let close = searched[open.upperBound...].range(of: "%}") else { break }
                let tag = searched[open.lowerBound..<close.upperBound]
                let name = tagName(tag)
                if name == opening { depth += 1 }
                if name == closing {
                    depth -= 1
                    if depth == 0 {
                        text += rest[..<open.lowerBound]
                        return BlockBody(text: text, endLine: line, tail: searched[close.upperBound...], trimsBefore: tag.hasPrefix("{%-"))
                    }
                }
                searched = searched[close.upperBound...]
            }
            text += rest
            line += 1
            guard line < lines.count else { return nil }
            text += "\n"
            rest = lines[line]
        }
    }

    /// What a block tag with its body becomes: a loop's passes, nothing for a macro's definition
    /// (it is kept for calls) or a capture (its text is kept as a variable), a macro's output
    /// for a call, whose body is the macro's `caller()`.
    func block(_ name: String, tag: Substring, body: String, output: inout LiquidOutput, line: Int, column: Int, path: String) -> Diagnosed<String> {
        let arguments = tag.dropFirst(2).dropLast(2).trimming("- \t").dropFirst(name.count).trimmingSpaces()
        switch name {
        case "for":
            return loop(tag, body: body, output: output, line: line, path: path, depth: depth)
                ?? Diagnosed("", [leftOut(tag, engine: "Liquid", what: "it and its contents are", path: path, line: line, column: column)])
        case "macro":
            let definition = String(tag) + body + "{% endmacro %}"
            for macro in LiquidMacro.definitions(in: definition, file: path) { output.macros[macro.name] = macro }
            return Diagnosed("")
        case "capture":
            var inner = self
            inner.output = output
            inner.depth = depth + 1
            let captured = inner.process(body, firstLine: line, path: path)
            output.variables[arguments.trimming("\"'")] = .text(captured.value)
            return Diagnosed("", captured.diagnostics)
        default:
            guard case .example(let macro, let note) = output.evaluate(Substring(arguments)) else {
                return Diagnosed("", [leftOut(tag, engine: "Nunjucks", what: "it and its contents are", path: path, line: line, column: column)])
            }
            return renderMacro(macro, expression: Substring(arguments), caller: body, note: note, output: output, alone: true, line: line, column: column, path: path)
                ?? Diagnosed(Self.exampleNote(note, alone: true), [Self.exampleWarning(macro: macro, path: path, line: line, column: column)])
        }
    }

    /// `for NAME in EXPRESSION` with `limit:`, `offset:` and `reversed`, over a list of the
    /// page, site.yml or a data file, or a range `(1..3)`: the body once per item, with NAME
    /// and `forloop` (Liquid) or `loop` (Nunjucks) bound. Nil when the list cannot be read.
    func loop(_ tag: Substring, body: String, output: LiquidOutput, line: Int, path: String, depth: Int) -> Diagnosed<String>? {
        let words = tag.dropFirst(2).dropLast(2).trimming("- \t").split(whereSeparator: \.isWhitespace).map(String.init)
        guard words.count >= 4, words[0] == "for", words[2] == "in" else { return nil }
        let name = words[1].trimming(",")
        var expression = words[3]
        var limit: Int?, offset = 0, reversed = false
        var index = 4
        while index < words.count {
            let word = words[index]
            if word == "reversed" { reversed = true } else if word.hasPrefix("limit:") || word.hasPrefix("offset:") {
                let value = word.split(separator: ":", maxSplits: 1).last.map(String.init).flatMap { $0.isEmpty && index + 1 < words.count ? words[index + 1] : $0 }
                if word.hasSuffix(":") { index += 1 }
                let number = value.flatMap { Int($0) } ?? value.flatMap { output.value(at: $0)?.text }.flatMap { Int($0) }
                if word.hasPrefix("limit:") { limit = number } else { offset = number ?? 0 }
            } else if !word.hasPrefix("%") {
                expression += " " + word
            }
            index += 1
        }
        var items: [FrontValue]
        if expression.hasPrefix("("), expression.hasSuffix(")"), let dots = expression.range(of: "..") {
            let low = expression[expression.index(after: expression.startIndex)..<dots.lowerBound]
            let high = expression[dots.upperBound..<expression.index(before: expression.endIndex)]
            func number(_ text: Substring) -> Int? { Int(text) ?? output.value(at: String(text))?.text.flatMap { Int($0) } }
            guard let from = number(low), let to = number(high) else { return nil }
            items = from <= to ? (from...min(to, from + Self.maximumPasses)).map { .text(String($0)) } : []
        } else {
            guard let value = output.evaluateValue(Substring(expression)) else { return nil }
            switch value {
            case .list(let values): items = values
            case .map(let entries): items = entries.map { .list([.text($0.key), $0.value]) }
            case .null: items = []
            case .text, .bool: items = [value]
            }
        }
        return run(items, name: name, body: body, output: output, limit: limit, offset: offset, reversed: reversed, line: line, path: path, depth: depth)
    }

    private func run(_ all: [FrontValue], name: String, body: String, output: LiquidOutput, limit: Int?, offset: Int, reversed: Bool,
                     line: Int, path: String, depth: Int) -> Diagnosed<String> {
        var items = Array(all.dropFirst(min(offset, all.count)))
        if let limit { items = Array(items.prefix(max(0, limit))) }
        if reversed { items.reverse() }
        var text = "", diagnostics: [Diagnostic] = []
        for (position, item) in items.enumerated() {
            guard passes.take() else {
                diagnostics.append(Diagnostic(.warning, path, line: line, column: 1, category: "liquid",
                    "the page's loops run more than \(Self.maximumPasses) times in all; the passes after that are left out (loop over less)"))
                break
            }
            var inner = self
            inner.depth = depth + 1
            inner.output = output
            inner.output.variables[name] = item
            let counters: [FrontEntry] = [
                ("index", position + 1), ("index0", position), ("length", items.count), ("rindex", items.count - position),
            ].map { FrontEntry(key: $0.0, value: .text(String($0.1)), line: line, column: 1) }
                + [FrontEntry(key: "first", value: .bool(position == 0), line: line, column: 1),
                   FrontEntry(key: "last", value: .bool(position == items.count - 1), line: line, column: 1)]
            inner.output.variables["forloop"] = .map(counters)
            inner.output.variables["loop"] = .map(counters)
            let result = inner.process(body, firstLine: line, path: path)
            text += result.value
            // The same problem in every pass is said once.
            if position == 0 { diagnostics += result.diagnostics }
        }
        return Diagnosed(text, diagnostics)
    }

    /// `{% include name.html key="value" other=page.x %}` (Jekyll) or `{% include "name.njk" %}`
    /// (Nunjucks): the file's name and its parameters, evaluated.
    func includeCall(_ tag: Substring, output: LiquidOutput) -> (name: String, parameters: [String: FrontValue]) {
        let inner = tag.dropFirst(2).dropLast(2).trimming("- \t")
        let afterName = inner.drop { !$0.isWhitespace }.drop(while: \.isWhitespace)
        // The name: quoted, or every character up to the first space.
        var name: String, rest: Substring
        if let quote = afterName.first, quote == "\"" || quote == "'", let end = afterName.dropFirst().firstIndex(of: quote) {
            name = String(afterName[afterName.index(after: afterName.startIndex)..<end])
            rest = afterName[afterName.index(after: end)...]
        } else {
            let word = afterName.prefix { !$0.isWhitespace }
            name = String(word)
            rest = afterName.dropFirst(word.count)
            // `{% include {{ page.example }} %}`: a variable's value names the file.
            if name.hasPrefix("{{") { name = output.evaluate(Substring(name.dropFirst(2).dropLast(2))).textValue ?? name }
        }
        var parameters: [String: FrontValue] = [:]
        guard rest.contains("=") else { return (name, parameters) }
        let pattern = #"([A-Za-z_][A-Za-z0-9_-]*)\s*=\s*("[^"]*"|'[^']*'|[^\s]+)"#
        var searched = rest
        while let range = searched.range(of: pattern, options: .regularExpression) {
            let pair = searched[range]
            let equals = pair.firstIndex(of: "=")!
            let key = pair[..<equals].trimmingSpaces()
            let value = pair[pair.index(after: equals)...].trimmingSpaces()
            if let quote = value.first, quote == "\"" || quote == "'" {
                parameters[key] = .text(String(value.dropFirst().dropLast()))
            } else if let found = output.value(at: value) {
                parameters[key] = found
            } else if let number = Int(value) {
                parameters[key] = .text(String(number))
            }
            searched = searched[range.upperBound...]
        }
        return (name, parameters)
    }
}

/// The passes the loops of one page have left, shared by the loops nested in it.
final class LoopPasses: Sendable {
    private let left = Mutex(LiquidPreprocessor.maximumPasses)

    /// Takes one pass; false when none is left.
    func take() -> Bool {
        left.withLock { left in
            guard left > 0 else { return false }
            left -= 1
            return true
        }
    }
}

extension LiquidOutput.Outcome {
    /// The text of an evaluated value.
    var textValue: String? {
        if case .text(let value) = self { return value }
        return nil
    }
}
