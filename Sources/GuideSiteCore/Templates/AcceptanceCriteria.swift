import Foundation

/// The "How to test" front matter as copy-ready text: a plain checklist and Gherkin-style
/// scenarios, for pasting into stories and test plans.
struct AcceptanceCriteria {
    /// How each test table reads as a Gherkin GIVEN / WHEN.
    private static let phrasing: [String: (given: String, when: @Sendable (String) -> String)] = [
        "keyboard": ("I am using a keyboard", { "I press \($0)" }),
        "mobile": ("I am using a screen reader on a mobile device", { "I \($0)" }),
        "screenreader": ("I am using a screen reader", { _ in "focus reaches the component" }),
        "settings": ("I have changed the device settings", { "\($0) is on" }),
    ]

    let checklist: String
    let gherkin: String

    /// Nil when the entry has nothing to test.
    init?(title: String, matter: FrontMatter) {
        var checklist: [String] = []
        var scenarios: [String] = []
        let explicit = Set(matter.entries.map(\.key).filter { $0.hasPrefix("gherkin-") })
        for entry in matter.entries {
            if let spec = PageContextBuilder.testingTables.first(where: { $0.key == entry.key }) {
                let rows = PageContextBuilder.rows(entry.value).compactMap { row -> (String, String)? in
                    guard let key = row["key"] as? String, let value = row["value"] as? String else { return nil }
                    return (key, value)
                }
                guard !rows.isEmpty else { continue }
                checklist.append(spec.caption)
                checklist += rows.map { "- [ ] \($0.0.isEmpty ? "" : "\($0.0): ")\($0.1)" }
                checklist.append("")
                guard !explicit.contains("gherkin-\(entry.key)"), let phrase = Self.phrasing[entry.key] else { continue }
                for (key, value) in rows {
                    let then = entry.key == "screenreader" && !key.isEmpty ? "its \(key): \(Self.lowercasedFirst(value))" : Self.lowercasedFirst(value)
                    scenarios.append("""
                        Scenario: \(spec.caption) – \(key.isEmpty ? title : key)
                          GIVEN \(phrase.given)
                          WHEN \(phrase.when(key))
                          THEN \(then)
                        """)
                }
            } else if entry.key.hasPrefix("gherkin-"), case .list(let items) = entry.value {
                let kind = String(entry.key.dropFirst("gherkin-".count))
                let given = Self.phrasing[kind]?.given ?? "I am testing the \(kind) behaviour"
                for case .map(let steps) in items {
                    let when = steps["when"]?.value.text ?? ""
                    let then = steps["then"]?.value.text ?? ""
                    var lines = ["Scenario: \(kind.capitalized) – \(when)", "  GIVEN \(given)", "  WHEN \(when)", "  THEN \(then)"]
                    if let result = steps["result"]?.value.text { lines.append("  AND \(result)") }
                    scenarios.append(lines.joined(separator: "\n"))
                }
            }
        }
        guard !checklist.isEmpty || !scenarios.isEmpty else { return nil }
        self.checklist = checklist.joined(separator: "\n").trimmingWhitespace()
        self.gherkin = (["Feature: \(title)", ""] + scenarios.map { $0 + "\n" }).joined(separator: "\n")
            .trimmingWhitespace()
    }

    /// "Focus moves" → "focus moves", but "VoiceOver says" and "iOS" keep their capitals.
    static func lowercasedFirst(_ text: String) -> String {
        let trimmed = text.trimmingWhitespace().replacingBytes("\n", with: " ")
        guard let first = trimmed.first, first.isUppercase else { return trimmed }
        let second = trimmed.dropFirst().first
        guard second.map({ $0.isLowercase || $0 == " " }) ?? true else { return trimmed }
        return first.lowercased() + trimmed.dropFirst()
    }
}
