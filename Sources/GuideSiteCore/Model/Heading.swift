/// A heading of a rendered body, for tables of contents and links to anchors.
public struct Heading: Sendable, Hashable, Codable {
    /// 2...6 once placed under the page's `h1`.
    public var level: Int
    /// Plain text of the heading.
    public var text: String
    /// The unique `id` it got.
    public var id: String
    /// 1-based line in the source file.
    public var line: Int
}
