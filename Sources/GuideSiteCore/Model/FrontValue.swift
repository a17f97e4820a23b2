/// A front matter value as the author wrote it, maps in file order.
public indirect enum FrontValue: Sendable, Hashable, Codable {
    /// Any scalar other than a boolean or null, as written (numbers stay text: `1.4.3`, `010`).
    case text(String)
    /// `true` / `false` (and YAML's other spellings).
    case bool(Bool)
    /// An empty value (`key:` or `~`).
    case null
    /// A YAML sequence.
    case list([FrontValue])
    /// A YAML mapping, in file order.
    case map([FrontEntry])

    /// The text of a scalar, or nil for anything else.
    public var text: String? {
        switch self {
        case .text(let value): value
        case .bool(let value): value ? "true" : "false"
        default: nil
        }
    }

    /// Whether `text` is this scalar, or one of this list's, or part of this text.
    func mentions(_ text: String) -> Bool {
        switch self {
        case .text(let value): value.contains(text)
        case .list(let items): items.contains { $0.mentions(text) }
        default: false
        }
    }

    /// A word for messages: "text", "a list", "a map".
    var kindName: String {
        switch self {
        case .text: "text"
        case .bool: "a boolean"
        case .null: "empty"
        case .list: "a list"
        case .map: "a map"
        }
    }
}

/// One key of a front matter map, with where it was written.
public struct FrontEntry: Sendable, Hashable, Codable {
    /// The key as written.
    public var key: String
    /// Its value.
    public var value: FrontValue
    /// 1-based line of the key in the source file.
    public var line: Int
    /// 1-based column of the key.
    public var column: Int

    /// Creates an entry.
    public init(key: String, value: FrontValue, line: Int, column: Int) {
        self.key = key
        self.value = value
        self.line = line
        self.column = column
    }
}

extension Array where Element == FrontEntry {
    /// The first entry with this key.
    public subscript(key: String) -> FrontEntry? {
        first { $0.key == key }
    }
}
