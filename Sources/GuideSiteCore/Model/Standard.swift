/// The procurement standards that take WCAG in by reference, as site.yml `standards:` names them.
public enum Standard: String, Sendable, Hashable, CaseIterable, Codable {
    /// EN 301 549 V3.2.1, the European standard (clauses 9, 10 and 11).
    case en301549 = "en-301-549"
    /// The Revised Section 508 Standards of the United States.
    case section508 = "section-508"
}
