import Foundation

/// The settings of `site.yml`. Every key is optional.
public struct SiteConfig: Sendable, Hashable, Codable {
    /// Settings of one section (a first-level folder of `Content/`).
    public struct Section: Sendable, Hashable, Codable {
        /// Folder name.
        public var name: String
        /// Title shown in navigation; defaults to the folder name, capitalised.
        public var title: String?
        /// Short text on the home page and the section page.
        public var description: String?
        /// Default layout of the section's pages.
        public var layout: String?
    }

    /// Site title, in every `<title>` and the header.
    public var title = "Accessibility guidelines"
    /// `<html lang>`.
    public var language = "en"
    /// Site description for the home page and `<meta name="description">`.
    public var description: String?
    /// Public address of the site (`https://a11y.example.com/guide/`); enables `sitemap.xml`.
    public var url: String?
    /// Path prefix of every internal link (`/guide/`), from `base-url`, else from `url`, else `/`.
    public var basePath = "/"
    /// Sections in the order site.yml lists them.
    public var sections: [Section] = []
    /// A category declared in site.yml.
    public struct Category: Sendable, Hashable, Codable {
        /// URL slug.
        public var slug: String
        /// Title shown to readers.
        public var title: String
        /// Optional description.
        public var description: String?
    }

    /// The content folder relative to the site root (`content:`), for repositories whose
    /// Markdown is not in `Content/`.
    public var contentFolder: String?
    /// Folder of `{% include %}` files, relative to the content folder (`includes:`).
    public var includesFolder = "_includes"
    /// File extensions read as Markdown pages (`markdown-extensions: [md, markdown, txt]`).
    public var markdownExtensions: [String] = ["md", "markdown", "mdx"]
    /// Platform names whose headings open platform sections.
    public var platforms = ["iOS", "Android", "Web"]
    /// Framework names whose code blocks and sections become tabs (`frameworks:`), each with its
    /// platform when site.yml gives one, so a platform's subset keeps only its frameworks.
    public var frameworks: [Framework] = []
    /// Show runs of platform or framework code blocks and sections as tabs (`markdown: {tabs: false}`).
    public var tabs = true
    /// Named subsets, in site.yml's order.
    public var subsets: [Subset] = []
    /// Categories in site.yml's order; empty when site.yml declares none.
    public var categories: [Category] = []
    /// Second-level headings whose sections are a page's acceptance criteria, and the copy
    /// block each feeds (`acceptance-headings:`); keys as written, compared case-insensitively.
    public var acceptanceHeadings: [String: AcceptanceSection.Kind] = [
        "Condensed": .checklist, "Acceptance criteria": .checklist, "How to test": .checklist, "Gherkin": .gherkin,
    ]
    /// URL patterns per section (Hugo's `permalinks:`), e.g. `web: /web-criteria/:sections[1:]/:slug/`.
    public var permalinks: [String: String] = [:]
    /// Keep raw HTML in Markdown.
    public var unsafeHTML = false
    /// Highlight code blocks at build time (`markdown: {highlight: false}` leaves them plain).
    public var highlightCode = true
    /// The address that, followed by a page's source path from the site root, edits it
    /// (`edit-url`, e.g. a repository's `…/edit/main/`).
    public var editURL: String?
    /// Where readers report a problem (`feedback-url`); the page's title and address go in its
    /// query, or in its `{title}`, `{url}` and `{path}` placeholders.
    public var feedbackURL: String?
    /// The footer line.
    public var footer: String?
    /// Whether pages show "Last updated" from the git history, with a Recently updated page and feed.
    public var gitDates = true
    /// How lists longer than a page are split into numbered pages (`pagination:`).
    public var pagination = Pagination()
    /// Months after which an entry's support results say they are old (`support-stale-after:`).
    public var supportStaleAfter = 12
    /// A subset's platforms: support results on other platforms are left out (nil: all).
    public var supportPlatforms: [String]?
    /// The standards beside WCAG that criteria pages, lists and exports name (`standards:`).
    public var standards: [Standard] = []
    /// The languages of a multilingual site, the default first; empty for a site in `language` alone.
    public var languages: [Language] = []
    /// Whether the default language too is written under its code (`/en/`), the root then
    /// sending readers there (`default-language-in-folder: true`).
    public var defaultLanguageInFolder = false
    /// Every top-level key, for templates (`{{site.params.KEY}}`).
    public var entries: [FrontEntry] = []
    /// Values pages have unless their front matter sets them (Jekyll's `defaults:`, Eleventy's
    /// directory data files), in the order they apply: a later one wins.
    public var frontMatterDefaults: [FrontMatterDefault] = []
    /// Paths and patterns of the content folder that are not content (Jekyll's `exclude:`).
    public var exclude: [String] = []
    /// The folder of data files (`site.data.NAME` in Jekyll, `NAME` in Eleventy), relative to
    /// the content folder (`data:`).
    public var dataFolder = "_data"
    /// The values of the data files, by file name, read by `Configure`.
    public var data: [FrontEntry] = []
    /// The entry archetype `guidesite new` writes from, read by `Configure`: text of it an
    /// entry still holds is a placeholder (`Archetype`), so every page is read again when it moves.
    public var archetype: String?
    /// The library's own configuration that this one was made from, when the site has one.
    public var library: LibraryConfig?
    /// What the build report says of where the settings came from.
    public var configurationReport: [String] = []

    /// Defaults for a site without `site.yml`.
    public init() {}

    /// The settings of a section folder, if site.yml has any.
    public func section(named name: String) -> Section? {
        // A Jekyll collection folder `_checklist-web` may be configured under either name.
        sections.first { $0.name == name } ?? sections.first { $0.name == "_" + name }
    }
}

/// Values the pages under `path` have unless their front matter sets them: Jekyll's
/// `defaults: [{scope: {path, type}, values}]` and Eleventy's directory data files.
public struct FrontMatterDefault: Sendable, Hashable, Codable {
    /// A folder or file of the content folder (`""`: every page); may hold `*`.
    public var path: String
    /// Jekyll's `type`: `pages`, `posts`, `drafts`, or a collection's name.
    public var type: String?
    /// The front matter entries.
    public var values: [FrontEntry]

    /// Whether it applies to the page at `contentPath`.
    func applies(to contentPath: String) -> Bool {
        let folder = path.trimming("/")
        let inPath = folder.isEmpty || contentPath == folder || contentPath.hasPrefix(folder + "/")
            || (folder.contains("*") && (fnmatch(folder, contentPath, 0) == 0 || fnmatch(folder + "/*", contentPath, 0) == 0))
        guard inPath, let type else { return inPath }
        let first = contentPath.split(separator: "/").first.map(String.init) ?? ""
        return switch type {
        case "pages", "page": !first.hasPrefix("_")
        case "posts", "post": first == "_posts"
        case "drafts", "draft": first == "_drafts"
        default: first == "_" + type
        }
    }
}

extension SiteConfig {
    /// The default front matter of the page at `contentPath`: each key once, where the most
    /// specific scope (the longest path), then the later one, wins, as Jekyll merges them.
    func frontMatterDefaults(for contentPath: String) -> [FrontEntry] {
        guard !frontMatterDefaults.isEmpty else { return [] }
        let matching = frontMatterDefaults.enumerated().filter { $0.element.applies(to: contentPath) }
            .sorted { ($0.element.path.count, $0.offset) < ($1.element.path.count, $1.offset) }
        var result: [FrontEntry] = []
        for scope in matching {
            for value in scope.element.values {
                result.removeAll { $0.key == value.key }
                result.append(value)
            }
        }
        return result
    }

    /// A file or folder named `_…` that the generator never publishes (Jekyll's, Docusaurus's
    /// partials, Starlight's): all but a section's own folder (a Jekyll collection) and `_posts`.
    private func isPrivate(_ contentPath: String) -> Bool {
        let parts = contentPath.split(separator: "/")
        for (index, part) in parts.enumerated() where part.hasPrefix("_") {
            let isFolder = index < parts.count - 1
            if index == 0, isFolder, part == "_posts" || sections.contains(where: { $0.name == part }) { continue }
            if library?.publishedPrivate.contains(String(part)) == true { continue }
            return true
        }
        return false
    }

    /// Whether the content path is left out by `exclude:` (a path from the content folder, or a
    /// pattern), as Jekyll matches its `exclude:`, or is the library's generator's own (`_name`).
    func excludes(_ contentPath: String) -> Bool {
        if library?.underscoreIsPrivate == true, isPrivate(contentPath) { return true }
        return exclude.contains { pattern in
            let trimmed = pattern.trimming("/")
            return contentPath == trimmed || contentPath.hasPrefix(trimmed + "/") || fnmatch(trimmed, contentPath, 0) == 0
        }
    }
}
