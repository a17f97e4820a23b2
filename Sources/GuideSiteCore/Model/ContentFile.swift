import Foundation

/// A file found under `Content/`.
public struct ContentFile: Sendable, Hashable, Encodable {
    /// Whether GuideSite renders the file or copies it as it is.
    public enum Kind: Sendable, Hashable, Encodable {
        case markdown
        case asset
    }

    /// Absolute path.
    public var path: String
    /// Absolute location (made from `path` when asked: a `URL` per file was a tenth of a
    /// preview rebuild's walk of 10,000 files).
    public var url: URL { URL(fileURLWithPath: path) }
    /// Path relative to `Content/` with `/` separators (`native/wheel-picker.md`).
    public var relativePath: String
    /// How it is handled.
    public var kind: Kind
}
