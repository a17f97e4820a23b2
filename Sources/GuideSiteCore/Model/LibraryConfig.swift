/// A library's own configuration, written for the generator it was made for: Jekyll's
/// `_config.yml`, Hugo's `hugo.toml` (`.yaml`, `.json`, or the older `config.*`), Eleventy's
/// conventions, `mkdocs.yml`, or the JavaScript of Docusaurus, VitePress and Starlight. What
/// GuideSite can use becomes site.yml's keys (`entries`); site.yml, when
/// there is one, replaces them key by key. Every other key stays for templates (`site.KEY`).
/// Read by `FrontMatter/LibraryConfig+Reading`; kept in `SiteConfig.library`.
public struct LibraryConfig: Sendable, Hashable, Codable {
    /// The generator a library was written for.
    public enum Generator: String, Sendable, Hashable, Codable {
        case jekyll = "Jekyll", hugo = "Hugo", eleventy = "Eleventy"
        case mkdocs = "MkDocs", docusaurus = "Docusaurus", vitepress = "VitePress", starlight = "Starlight"

        /// Whether its pages use components (MDX's, Vue's) without importing them: VitePress's
        /// `<Badge>`, Starlight's and Docusaurus's globals.
        var writesComponents: Bool {
            [.docusaurus, .vitepress, .starlight].contains(self)
        }

        /// Whose rules its headings' ids follow, so that the library's links' anchors resolve.
        var headingIDs: HeadingIDGenerator.Style {
            switch self {
            case .mkdocs: .pythonMarkdown
            case .docusaurus, .vitepress, .starlight: .github
            case .jekyll, .hugo, .eleventy: .guidesite
            }
        }
    }

    /// Whose configuration this is.
    public var generator: Generator
    /// The file it was read from, as diagnostics show it.
    public var path: String
    /// site.yml's keys made from it, each at the line of the key it came from.
    public var entries: [FrontEntry] = []
    /// The file's own keys, which Liquid reads as `site.KEY`.
    public var original: [FrontEntry] = []
    /// A setting taken: the site.yml key it became, and how the build report names it.
    public struct Taken: Sendable, Hashable, Codable {
        public var key: String
        public var note: String
    }

    /// What was taken, for the build report (`title`, `url and baseurl`, `2 collections`).
    public var taken: [Taken] = []
    /// Settings it has that GuideSite does not carry over, for the build report.
    public var notTaken: [String] = []
    /// Problems reading it.
    public var diagnostics: [Diagnostic] = []
    /// Whether the generator runs a template engine over pages (Jekyll's and Eleventy's Liquid
    /// and Nunjucks, MkDocs's macros plugin): where it runs none, `{{ }}` and `{% %}` are text.
    public var evaluatesTemplates = true
    /// Whether the generator keeps files and folders named `_…` to itself (Jekyll, Docusaurus,
    /// Starlight): never published but for Jekyll's collections and posts.
    public var underscoreIsPrivate = false
    /// The `_…` names the library publishes all the same (Jekyll's `include: [_pages]`).
    public var publishedPrivate: [String] = []
    /// The extensions of the template files the generator builds as pages, their text HTML
    /// (Eleventy's Nunjucks and Liquid templates, Jekyll's HTML); a file of them in a folder it copies as is
    /// (`copiedAsIs`, Eleventy's `addPassthroughCopy`, from the content folder) stays a file.
    public var templatePages: Set<String> = []
    public var copiedAsIs: [String] = []
    /// Whether a template file is a page only with front matter (Jekyll), else a file.
    public var templatesNeedFrontMatter = false
    /// The endings of the generator's templates written in a language a static build does not
    /// run (Eleventy's JavaScript templates): never published.
    public var scriptTemplates: [String] = []
    /// Other files its settings were read from, below the root (Docusaurus's `sidebars.js`):
    /// the build record's key holds their stamps.
    public var readFiles: [String] = []

    /// Adds `key: value` to the entries, at the line of `from`.
    mutating func set(_ key: String, _ value: FrontValue, from: FrontEntry, note: String? = nil) {
        entries.removeAll { $0.key == key }
        entries.append(FrontEntry(key: key, value: value, line: from.line, column: from.column))
        taken.append(Taken(key: key, note: note ?? key))
    }

    /// What the build report says of it: what was taken from it, which of those site.yml
    /// replaced (`replaced`, the keys site.yml sets), and what was not carried over.
    public func report(replaced: Set<String>) -> [String] {
        let used = taken.filter { !replaced.contains($0.key) }.map(\.note)
        var lines = ["Read \(path) (\(generator.rawValue)): " + (used.isEmpty ? "nothing GuideSite uses" : used.joined(separator: ", "))]
        let overridden = Set(taken.map(\.key)).intersection(replaced).sorted()
        if !overridden.isEmpty { lines.append("  site.yml sets instead: " + overridden.joined(separator: ", ")) }
        if !notTaken.isEmpty { lines.append("  not carried over: " + notTaken.joined(separator: "; ")) }
        return lines
    }

    /// A plain text value of an entry, trimmed; nil when it is empty or not text.
    static func text(_ entry: FrontEntry?) -> String? {
        guard let value = entry?.value.text?.trimmingWhitespace(), !value.isEmpty else { return nil }
        return value
    }
}
