import Foundation

/// An Eleventy permalink holding template syntax (`"/guides/{{ page.fileSlug }}/"`,
/// `"{{ title | slugify }}/index.html"`), evaluated from the page's own values as Eleventy does:
/// front matter keys by name, `page.fileSlug` and `page.filePathStem`, quoted text, and the
/// filters Eleventy ships for URLs. Anything else (a filter of the library's own, a tag) cannot
/// run in a static build: the reason, so the page keeps its path with a warning.
enum PermalinkTemplate {
    /// What the expressions of a permalink may read.
    struct Values {
        /// Front matter keys whose value is text.
        var matter: [String: String]
        /// The file's path in the content folder, without its extension (`sc/1.4.13`).
        var pathStem: String
    }

    /// Whether `pattern` holds template syntax at all.
    static func isTemplate(_ pattern: String) -> Bool {
        pattern.contains("{{") || pattern.contains("{%")
    }

    /// The permalink with every `{{ … }}` evaluated, or why it cannot be.
    static func evaluate(_ pattern: String, _ values: Values) -> Result<String, Reason> {
        if let tag = pattern.range(of: "{%") {
            return .failure(Reason("it uses the tag `\(pattern[tag.lowerBound...].prefix { $0 != "}" })}`"))
        }
        var result = ""
        var rest = pattern[...]
        while let open = rest.range(of: "{{") {
            result += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "}}") else { return .failure(Reason("it has an unclosed `{{`")) }
            let expression = rest[open.upperBound..<close.lowerBound]
            switch value(of: String(expression), values) {
            case .success(let text): result += text
            case .failure(let reason): return .failure(reason)
            }
            rest = rest[close.upperBound...]
        }
        return .success(result + rest)
    }

    /// Why a permalink template could not be evaluated, for the warning.
    struct Reason: Error {
        let what: String
        init(_ what: String) { self.what = what }
    }

    private static func value(of expression: String, _ values: Values) -> Result<String, Reason> {
        let parts = expression.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let head = parts.first, !head.isEmpty else { return .failure(Reason("it has an empty `{{ }}`")) }
        var text: String
        if let quote = head.first, quote == "\"" || quote == "'", head.count >= 2, head.last == quote {
            text = String(head.dropFirst().dropLast())
        } else if head == "page.fileSlug" {
            let name = (values.pathStem as NSString).lastPathComponent
            text = name == "index" ? ((values.pathStem as NSString).deletingLastPathComponent as NSString).lastPathComponent : name
        } else if head == "page.filePathStem" {
            text = "/" + values.pathStem
        } else if let found = values.matter[head] ?? values.matter[head.hasPrefix("page.") ? String(head.dropFirst(5)) : ""] {
            text = found
        } else {
            return .failure(Reason("it reads `\(head)`, which the page does not set"))
        }
        for filter in parts.dropFirst() {
            let name = filter.prefix { $0.isLetter || $0 == "_" }
            switch name {
            case "slugify", "slug": text = slug(text)
            case "lower", "downcase": text = text.lowercased()
            case "upper", "upcase": text = text.uppercased()
            case "url", "strip", "trim": text = text.trimmingCharacters(in: .whitespaces)
            default: return .failure(Reason("it uses the filter `\(name)` of the library's own configuration"))
            }
        }
        return .success(text)
    }

    /// Eleventy's `slugify`: lowercase letters and digits (of any script), every other run of
    /// characters one hyphen.
    static func slug(_ text: String) -> String {
        var result = ""
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                result.append(character)
            } else if !result.isEmpty, result.last != "-" {
                result.append("-")
            }
        }
        while result.hasSuffix("-") { result.removeLast() }
        return result
    }
}
