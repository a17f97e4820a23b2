import Foundation

/// Where a site's folders are. The only place that knows the names `Content`, `Templates`,
/// `Output` and `site.yml`.
public struct SiteLayout: Sendable, Hashable {
    /// The site root (`--root`).
    public var root: URL
    /// The folder of Markdown sources.
    public var content: URL
    /// The theme folder; may not exist, in which case the built-in theme is used.
    public var templates: URL
    /// Where `build` writes the site.
    public var output: URL
    /// The optional configuration file.
    public var configFile: URL

    /// The conventional layout under `root`, with `output` overridable (`--output`).
    public init(root: URL, output: URL? = nil) {
        let root = root.standardizedFileURL
        self.root = root
        self.content = root.appending(path: "Content", directoryHint: .isDirectory)
        self.templates = root.appending(path: "Templates", directoryHint: .isDirectory)
        self.output = (output ?? root.appending(path: "Output", directoryHint: .isDirectory)).standardizedFileURL
        self.configFile = root.appending(path: "site.yml", directoryHint: .notDirectory)
    }

    /// A path as diagnostics print it: relative to the root when inside it.
    public func displayPath(_ url: URL) -> String {
        let path = url.standardizedFileURL.path
        let rootPath = root.path.hasSuffix("/") ? root.path : root.path + "/"
        return path.hasPrefix(rootPath) ? String(path.dropFirst(rootPath.count)) : path
    }
}
