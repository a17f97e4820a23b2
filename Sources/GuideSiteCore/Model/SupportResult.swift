/// One test of an entry with an assistive technology, as its front matter's `support:` lists it.
public struct SupportResult: Sendable, Hashable {
    public enum Outcome: String, Sendable, CaseIterable {
        case supported
        case partial
        case notSupported = "not supported"
        case notTested = "not tested"
    }

    /// The technology's usual name (`VoiceOver`), or the name as written when it is not one GuideSite knows.
    public var technology: String
    public var version: String?
    public var platform: String?
    public var browser: String?
    /// Nil when the result is missing or not one of the four.
    public var outcome: Outcome?
    /// `YYYY-MM-DD` or `YYYY-MM`, as written.
    public var date: String?
    public var notes: String?
    /// A captioned video of the test, as written (a path beside the entry or an address).
    public var video: String?

    /// `supported`, `partial`, `not-supported`, `not-tested`, or `unknown`: for class names and string keys.
    public var status: String {
        outcome.map { $0.rawValue.replacingOccurrences(of: " ", with: "-") } ?? "unknown"
    }

    /// Tested `months` or more before `today` (`YYYY-MM-DD`).
    func isStale(today: String, months: Int) -> Bool {
        date.flatMap { SupportResults.monthsBetween($0, and: today) }.map { $0 >= months } ?? false
    }
}
