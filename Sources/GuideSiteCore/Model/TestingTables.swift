/// The front matter keys an entry's "How to test" tables come from, read the same way by the
/// page, the text to copy and `criteria.json`.
enum TestingTables {
    /// Each table's key, caption and column name, in the order the theme shows them.
    static let all: [(key: String, caption: String, keyHeader: String)] = [
        ("keyboard", "Keyboard", "Key"),
        ("mobile", "Mobile gestures", "Gesture"),
        ("screenreader", "Screen reader", "Check"),
        ("settings", "Device settings", "Setting"),
    ]

    /// Rows from a map (`key: text`), a list of one-key maps, or a list of texts, as pairs of texts.
    static func rows(_ value: FrontValue) -> [(key: String, value: String)] {
        switch value {
        case .map(let entries):
            return entries.map { ($0.key, writtenText($0.value)) }
        case .list(let items):
            return items.flatMap { item -> [(key: String, value: String)] in
                if case .map = item { return rows(item) }
                return [(writtenText(item), "")]
            }
        case .text(let text):
            return [("", text.trimmingWhitespace())]
        default:
            return []
        }
    }

    /// A value as one line of text: lists joined with semicolons, maps as `key: value`.
    static func writtenText(_ value: FrontValue) -> String {
        switch value {
        case .text(let text): text.trimmingWhitespace()
        case .bool(let flag): flag ? "true" : "false"
        case .null: ""
        case .list(let items): items.map(writtenText).joined(separator: "; ")
        case .map(let entries): entries.map { "\($0.key): \(writtenText($0.value))" }.joined(separator: "; ")
        }
    }
}
