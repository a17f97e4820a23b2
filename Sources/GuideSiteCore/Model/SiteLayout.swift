import Foundation

/// Where a site's folders are. The only place that knows the names `Content`, `Templates`,
/// `Output` and `site.yml`.
public struct SiteLayout: Sendable, Hashable, Encodable {
    /// The site root (`--root`).
    public var root: URL {
        didSet { rootPath = root.path }
    }
    /// `root.path`, which `URL` works out again at every call (once per page read).
    private var rootPath: String
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
        self.rootPath = root.path
        self.content = root.appending(path: "Content", directoryHint: .isDirectory)
        self.templates = root.appending(path: "Templates", directoryHint: .isDirectory)
        self.output = (output ?? root.appending(path: "Output", directoryHint: .isDirectory)).standardizedFileURL
        self.configFile = root.appending(path: "site.yml", directoryHint: .notDirectory)
    }

    /// Whether `path` (absolute, as the watcher reports it) is one of the theme's layouts or
    /// partials, outside the content folder: what only rendering the pages reads.
    /// The path inside the theme folder (`layouts/entry.mustache`) when `path` is a template.
    func templatePath(_ path: String) -> String? {
        guard isTemplate(path) else { return nil }
        return String(path.dropFirst(templates.path.hasSuffix("/") ? templates.path.count : templates.path.count + 1))
    }

    public func isTemplate(_ path: String) -> Bool {
        let theme = templates.path.hasSuffix("/") ? templates.path : templates.path + "/"
        let content = self.content.path.hasSuffix("/") ? self.content.path : self.content.path + "/"
        guard path.hasPrefix(theme), !path.hasPrefix(content), !theme.hasPrefix(content), path.hasSuffix(".mustache") else { return false }
        let inside = path.dropFirst(theme.count)
        return inside.hasPrefix("layouts/") || inside.hasPrefix("partials/")
    }

    /// The path inside the theme folder (`assets/site.css`) when `path` (absolute, as the watcher
    /// reports it) is a file of the theme that no page holds the bytes of: a style sheet, a
    /// script, anything but a layout, a partial, the strings, the archetypes (read into the
    /// settings, `SiteConfig.archetype`, like a data file) and hidden names.
    public func themeFile(_ path: String) -> String? {
        let theme = templates.path.hasSuffix("/") ? templates.path : templates.path + "/"
        let content = self.content.path.hasSuffix("/") ? self.content.path : self.content.path + "/"
        guard path.hasPrefix(theme), !path.hasPrefix(content), !theme.hasPrefix(content), !isTemplate(path) else { return nil }
        let inside = String(path.dropFirst(theme.count))
        let parts = inside.split(separator: "/", omittingEmptySubsequences: false)
        // (Strings and archetypes are settings: the record's shared key holds their stamps.)
        guard !["strings/", "archetypes/"].contains(where: inside.hasPrefix) else { return nil }
        guard parts.allSatisfy({ !$0.isEmpty && !EditorLitter.isLitter(String($0)) }) else { return nil }
        return inside
    }

    /// A path as diagnostics print it: relative to the root when inside it.
    public func displayPath(_ url: URL) -> String {
        standardDisplayPath(url)
    }

    /// `displayPath` of an absolute path without a URL when it has no `.`, `..` or empty
    /// segment to resolve (the walk of Content/ makes only such paths): a URL per file was a
    /// twentieth of reading 10,000 pages.
    func displayPath(ofFile path: String) -> String {
        guard !rootPath.isEmpty, Self.isStandardAbsolute(path) else {
            return standardDisplayPath(URL(fileURLWithPath: path))
        }
        let prefix = rootPath.hasSuffix("/") ? rootPath : rootPath + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// Whether `path` starts with `/` and has no empty, `.` or `..` segment (nor a final `/`),
    /// checked over bytes.
    static func isStandardAbsolute(_ path: String) -> Bool {
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        let bytes = path.utf8
        guard bytes.first == slash, bytes.count > 1, bytes.last != slash else { return false }
        var length = 0, onlyDots = true
        for byte in bytes.dropFirst() {
            if byte == slash {
                if length == 0 || (onlyDots && length <= 2) { return false }
                length = 0
                onlyDots = true
            } else {
                length += 1
                if byte != dot { onlyDots = false }
            }
        }
        return !(onlyDots && length <= 2)
    }

    private func standardDisplayPath(_ url: URL) -> String {
        let path = url.standardizedFileURL.path
        let rootPath = root.path.hasSuffix("/") ? root.path : root.path + "/"
        return path.hasPrefix(rootPath) ? String(path.dropFirst(rootPath.count)) : path
    }

    /// The path in the includes folder (`includesFolder`, in the content folder) of `path`
    /// (absolute, as the watcher reports it), when it is in that folder.
    func includeName(_ path: String, includesFolder: String) -> String? {
        let folder = content.appending(path: includesFolder, directoryHint: .isDirectory).path
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        guard path.hasPrefix(prefix), path.count > prefix.count else { return nil }
        return String(path.dropFirst(prefix.count))
    }
}
