/// Criteria written as plain-language checks grouped by WCAG principle, the shape Jekyll-era
/// guideline libraries use:
/// ```yaml
/// wcag:
///   - name: Operable
///     list:
///       - criteria: Is keyboard operable
/// ```
public struct CriteriaGroup: Sendable, Hashable, Codable {
    /// The group's name as written ("Perceivable").
    public var name: String
    /// Its checks, in the author's order.
    public var checks: [CriteriaCheck]

    /// Creates a group.
    public init(name: String, checks: [CriteriaCheck]) {
        self.name = name
        self.checks = checks
    }
}

/// One plain-language check, with where it was written.
public struct CriteriaCheck: Sendable, Hashable, Codable {
    /// The check's text.
    public var text: String
    /// 1-based line in the source file.
    public var line: Int
    /// 1-based column.
    public var column: Int

    /// Creates a check.
    public init(text: String, line: Int, column: Int) {
        self.text = text
        self.line = line
        self.column = column
    }
}
