/// A framework whose name opens a tab of code or a section (site.yml `frameworks:`), such as
/// UIKit or Jetpack Compose, and the platform it belongs to, if any.
public struct Framework: Sendable, Hashable, Codable {
    public var name: String
    public var platform: String?

    /// Creates a framework.
    public init(name: String, platform: String? = nil) {
        self.name = name
        self.platform = platform
    }
}

/// The names whose code blocks or sections can be shown as tabs: site.yml `platforms:` and
/// `frameworks:`, compared case-insensitively.
public struct TabNames: Sendable, Hashable, Codable {
    /// What a run of tabs switches between, which names its tab list.
    public enum Kind: String, Sendable, Hashable, Codable { case platform, framework }

    private var kinds: [String: Kind] = [:]

    /// Creates the names of a site; a framework sharing a platform's name counts as the platform.
    public init(platforms: [String], frameworks: [Framework]) {
        for framework in frameworks { kinds[framework.name.lowercased()] = .framework }
        for platform in platforms { kinds[platform.lowercased()] = .platform }
    }

    /// The kind of a heading's or a label's text, when it names a platform or a framework.
    public func kind(of label: String) -> Kind? {
        kinds[label.trimmingSpaces().lowercased()]
    }
}
