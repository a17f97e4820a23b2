import Foundation

/// A file found under `Content/`.
public struct ContentFile: Sendable, Hashable {
    /// Whether GuideSite renders the file or copies it as it is.
    public enum Kind: Sendable, Hashable {
        case markdown
        case asset
    }

    /// Absolute location.
    public var url: URL
    /// Path relative to `Content/` with `/` separators (`native/wheel-picker.md`).
    public var relativePath: String
    /// How it is handled.
    public var kind: Kind
}
