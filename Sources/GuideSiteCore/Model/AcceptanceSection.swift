/// The acceptance criteria of a library that keeps them under fixed second-level headings
/// instead of front matter ("## Condensed" with numbered lists, "## Gherkin" with GIVEN / WHEN /
/// THEN text), read from the Markdown as copy-ready text.
public struct AcceptanceSection: Sendable, Hashable, Codable {
    /// Which copy block a section feeds.
    public enum Kind: String, Sendable, Hashable, Codable {
        case checklist, gherkin
    }

    /// One line of copy text, with the platform sub-heading it sits under (for subsets).
    public struct Line: Sendable, Hashable, Codable {
        /// The line as it is copied (`- [ ] Tab: focus moves`).
        public var text: String
        /// The platform of the sub-heading above it, if any (`iOS`).
        public var platform: String?
    }

    /// The copy block it feeds.
    public var kind: Kind
    /// The heading as written ("Condensed").
    public var heading: String
    /// Its lines, in order.
    public var lines: [Line]

    /// The section as copy text.
    var text: String {
        var kept: [String] = []
        for line in lines {
            // One blank line between blocks, however many the author left.
            if line.text.trimmingWhitespace().isEmpty, kept.last?.isEmpty ?? true { continue }
            kept.append(line.text.trimmingWhitespace().isEmpty ? "" : line.text)
        }
        return kept.joined(separator: "\n").trimmingWhitespace()
    }
}
