import Foundation

/// Suggests the success criterion a plain-language check clearly names ("Is keyboard operable"
/// → 2.1.1), for `check` to print as a note. Only unmistakable wordings match: a wrong
/// suggestion in a library of a hundred files costs more than a missed one.
public enum CheckSuggester {
    private struct Rule {
        let number: String
        let matches: @Sendable (String) -> Bool
    }

    private static func has(_ text: String, _ pattern: String) -> Bool {
        text.range(of: pattern, options: .regularExpression) != nil
    }

    // Contrast against adjacent colours first: "the focus indication has a 3:1 contrast against
    // adjacent elements" is about contrast, not about focus being visible.
    private static let rules: [Rule] = [
        Rule(number: "1.4.11") { has($0, #"contrast"#) && has($0, #"adjacent|non-?text|\bui component|graphical object"#) },
        Rule(number: "1.4.1") {
            has($0, #"\bcolou?rs?\b"#) && has($0, #"\b(only|alone|sole|solely)\b"#) && !has($0, #"contrast"#)
        },
        Rule(number: "2.1.1") {
            has($0, #"keyboard[- ](operable|accessible)|operable (with|by|using|via|from) (a |the )?keyboard|keyboard[- ]only (users? )?can"#)
        },
        Rule(number: "2.5.8") { has($0, #"target size|touch target|tap target|pointer target"#) },
        Rule(number: "2.4.7") {
            has($0, #"\bfocus(ed)?\b"#) && has($0, #"\bvisibl[ey]\b|\bvisual (focus )?indicat|focus (indicator|indication|ring|outline) (is )?(shown|present|displayed)"#)
                && !has($0, #"contrast|\border\b"#)
        },
    ]

    /// The criterion number `text` names, or nil.
    public static func suggestion(for text: String) -> String? {
        let lowered = text.lowercased().replacingOccurrences(of: "colour", with: "color")
        return rules.first { $0.matches(lowered) }?.number
    }

    /// A note for each check of `page` that names a criterion its `wcag` does not list.
    static func notes(for page: Page) -> [Diagnostic] {
        let matter = page.frontMatter
        guard !matter.criteriaGroups.isEmpty else { return [] }
        let listed = Set(matter.wcag.compactMap(CriteriaDetector.number(inReference:)) + page.criteria.map(\.number))
        var notes: [Diagnostic] = []
        for group in matter.criteriaGroups {
            for check in group.checks {
                guard let number = suggestion(for: check.text), !listed.contains(number), let criterion = WCAG22.byNumber[number] else { continue }
                notes.append(Diagnostic(
                    .note, page.sourcePath, line: check.line, column: check.column, category: "criterion-suggestion",
                    "\"\(check.text)\" reads as \(number) \(criterion.name); if it is meant, add `\(number)` to `wcag:` so the entry is listed under that criterion"
                ))
            }
        }
        return notes
    }
}
