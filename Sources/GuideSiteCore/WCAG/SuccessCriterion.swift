/// One WCAG 2.2 success criterion.
public struct SuccessCriterion: Sendable, Hashable {
    /// "1.4.3".
    public var number: String
    /// "Contrast (Minimum)".
    public var name: String
    /// "A", "AA" or "AAA" (the 2.0/2.1 level for the obsolete 4.1.1).
    public var level: String
    /// "Perceivable".
    public var principle: String
    /// "1.4 Distinguishable".
    public var guideline: String
    /// W3C's Understanding page.
    public var understanding: String
    /// W3C's id for the criterion ("contrast-minimum").
    public var slug: String
    /// 4.1.1 Parsing: obsolete and removed in WCAG 2.2.
    public var obsolete: Bool

    /// The number's parts as integers, for sorting 1.4.10 after 1.4.9.
    public var sortKey: [Int] { number.split(separator: ".").compactMap { Int($0) } }

    /// "1.4.3 Contrast (Minimum)".
    public var label: String { "\(number) \(name)" }
}
