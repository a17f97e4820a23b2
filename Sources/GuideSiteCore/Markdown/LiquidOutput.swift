import Foundation

/// The `{{ … }}` output tags of Liquid (Jekyll, Eleventy) and Nunjucks (Eleventy) that a static
/// build can evaluate: the page's front matter (`page.title`, or `title` as Eleventy reads it),
/// site.yml (`site.title`), quoted text, and the filters libraries use on them. A macro call
/// (`{{ demo({ item: "button" }) }}`) renders an example this build does not have: a short note
/// names it. Anything else is left out of the page, never shown to readers as template text.
struct LiquidOutput {
    /// The page's front matter.
    var page: [FrontEntry] = []
    /// site.yml's keys.
    var site: [FrontEntry] = []
    /// The data files (`site.data.NAME` in Jekyll, `NAME` in Eleventy).
    var data: [FrontEntry] = []
    /// Parameters of the include being inserted (`include.type`).
    var include: [String: FrontValue] = [:]
    /// Set by `{% assign %}` and `{% set %}` earlier in the page.
    var variables: [String: FrontValue] = [:]
    /// Nunjucks macros the page defined or imported, by the name it calls them.
    var macros: [String: LiquidMacro] = [:]

    /// What an output tag becomes.
    enum Outcome {
        /// Its value, as text.
        case text(String)
        /// A macro call: the note that stands for its example, with the macro's name.
        case example(macro: String, note: String)
        /// It cannot be evaluated; why, for the warning.
        case leftOut(String)
    }

    /// Evaluates the inside of `{{ … }}` (`page.title | upcase`).
    func evaluate(_ inner: Substring) -> Outcome {
        let expression = inner.trimming("- \t")
        if let call = Self.macroCall(expression) { return call }
        let parts = Self.splitFilters(expression)
        guard let head = parts.first else { return .leftOut("it is empty") }
        let value: FrontValue?
        switch filtered(parts) {
        case .success(let result): value = result
        case .failure(let problem): return .leftOut(problem.reason)
        }
        guard let value else { return .leftOut("`\(head)` is not set by the page, site.yml, a data file or the include") }
        switch value {
        case .text, .bool: return .text(value.text ?? "")
        case .null: return .text("")
        case .list(let items): return .text(items.compactMap(\.text).joined(separator: ", "))
        case .map: return .leftOut("`\(head)` is a map")
        }
    }

    /// The value of an expression with its filters (`site.data.components | where: "status", "done"`),
    /// nil when it cannot be read.
    func evaluateValue(_ inner: Substring) -> FrontValue? {
        let parts = Self.splitFilters(inner.trimming("- \t"))
        guard !parts.isEmpty, case .success(let value) = filtered(parts) else { return nil }
        return value
    }

    struct Unreadable: Error { var reason: String }

    /// The head's value through each filter.
    private func filtered(_ parts: [String]) -> Result<FrontValue?, Unreadable> {
        guard let head = parts.first else { return .failure(Unreadable(reason: "it is empty")) }
        var value: FrontValue? = literal(head) ?? self.value(at: head)
        for filter in parts.dropFirst() {
            let (name, argument) = Self.filterParts(filter)
            let arguments = argument.map(LiquidMacro.splitTopLevel)?.map { literal($0) ?? self.value(at: $0) } ?? []
            guard let applied = LiquidFilters.apply(name, to: value, arguments: arguments) else {
                return .failure(Unreadable(reason: "the filter `\(name)` is not one this build runs"))
            }
            value = applied.value
        }
        return .success(value)
    }

    func literal(_ text: String) -> FrontValue? {
        guard let quote = text.first, quote == "\"" || quote == "'", text.count >= 2, text.last == quote else {
            return Int(text).map { .text(String($0)) }
        }
        return .text(String(text.dropFirst().dropLast()))
    }

    /// `page.title`, `site.title`, `site.data.NAME`, `include.type`, or a bare key of the page or
    /// a data file (Eleventy).
    func value(at path: String) -> FrontValue? {
        var keys = path.split(separator: ".").map(String.init)
        guard let first = keys.first else { return nil }
        var current: FrontValue
        switch first {
        case "page": keys.removeFirst(); current = .map(page)
        case "site":
            keys.removeFirst()
            current = .map(site)
            if keys.first == "data", site["data"] == nil { keys.removeFirst(); current = .map(data) }
        case "include":
            guard keys.count >= 2, let value = include[keys[1]] else { return nil }
            keys.removeFirst(2)
            current = value
        default:
            if let assigned = variables[first] {
                keys.removeFirst()
                current = assigned
            } else {
                current = page[first] == nil && data[first] != nil ? .map(data) : .map(page)
            }
        }
        for key in keys {
            guard case .map(let entries) = current, let next = entries[key]?.value else { return nil }
            current = next
        }
        return current
    }

    /// `name(…)` with the argument's quoted values, as the note of an example not shown.
    private static func macroCall(_ expression: String) -> Outcome? {
        guard let open = expression.firstIndex(of: "("), expression.hasSuffix(")") else { return nil }
        let name = expression[..<open].trimmingSpaces()
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else { return nil }
        var values: [String] = []
        var rest = expression[open...]
        while let quote = rest.firstIndex(where: { $0 == "\"" || $0 == "'" }) {
            let mark = rest[quote]
            let after = rest.index(after: quote)
            guard let end = rest[after...].firstIndex(of: mark) else { break }
            values.append(String(rest[after..<end]))
            rest = rest[rest.index(after: end)...]
        }
        return .example(macro: name, note: values.isEmpty ? name : values.joined(separator: ", "))
    }

    /// The parts between `|`, outside quotes.
    private static func splitFilters(_ expression: String) -> [String] {
        var parts: [String] = [], current = "", quote: Character?
        for character in expression {
            if let open = quote { if character == open { quote = nil } }
            else if character == "\"" || character == "'" { quote = character }
            else if character == "|" { parts.append(current.trimmingSpaces()); current = ""; continue }
            current.append(character)
        }
        parts.append(current.trimmingSpaces())
        return parts.filter { !$0.isEmpty }
    }

    /// `default: "x"` as `default` and `"x"`; Nunjucks' `default("x")` too.
    private static func filterParts(_ filter: String) -> (String, String?) {
        let name = String(filter.prefix { $0.isLetter || $0 == "_" })
        var rest = filter.dropFirst(name.count).trimmingSpaces()
        if rest.hasPrefix(":") { rest = String(rest.dropFirst()).trimmingSpaces() }
        if rest.hasPrefix("("), rest.hasSuffix(")") { rest = String(rest.dropFirst().dropLast()).trimmingSpaces() }
        return (name, rest.isEmpty ? nil : rest)
    }
}
