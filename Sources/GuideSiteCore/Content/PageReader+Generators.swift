import Foundation

/// What other generators write that makes a page of a file, moves it or keeps it unbuilt: a
/// library's template files (Eleventy's `.njk` and `.liquid`), read as a Markdown page is, their
/// text being HTML once the template has run; `slug:`; permalinks naming files.
extension PageReader {
    /// Whether `file` is one of the library's templates rather than Markdown.
    func isTemplate(_ file: ContentFile) -> Bool {
        guard let templates = config.library?.templatePages, !templates.isEmpty,
              let dot = file.relativePath.lastIndex(of: ".") else { return false }
        return templates.contains(file.relativePath[file.relativePath.index(after: dot)...].lowercased())
    }

    /// A template's HTML as one raw HTML block of Markdown: each blank line an empty comment, so
    /// that no block ends, and no indented line after one reads as code.
    static func htmlBlock(_ html: String) -> String {
        html.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.allSatisfy(\.isWhitespace) ? "<!-- -->" : String($0) }.joined(separator: "\n")
    }

    /// The files a page's permalink names that are not pages (Eleventy's and Jekyll's feeds,
    /// sitemaps and data written from templates): GuideSite writes its own sitemap and feeds.
    static let fileTypes: Set<String> = ["xml", "json", "txt", "rss", "atom", "webmanifest", "js", "css", "csv", "ics"]

    /// When the page's front matter keeps it from being built, what to say (nil: it is built):
    /// `permalink: false` (Eleventy's page that is not written), or a permalink naming a file.
    static func notBuilt(_ matter: FrontMatter, path: String) -> [Diagnostic]? {
        guard let entry = matter.entries["permalink"] else { return nil }
        if entry.value == .bool(false) { return [] }
        guard let written = entry.value.text, let name = written.split(separator: "/").last, let dot = name.lastIndex(of: "."),
              fileTypes.contains(name[name.index(after: dot)...].lowercased()) else { return nil }
        return [Diagnostic(.warning, path, line: entry.line, column: entry.column, category: "library-template",
                           "`permalink: \(written)` writes a file from the library's templates, which GuideSite does not run: left out "
                               + "(GuideSite writes its own sitemap.xml and feed.xml when site.yml has a `url:`)")]
    }

    /// Where Docusaurus's and Hugo's `slug:` puts the page (at `route` otherwise): from the
    /// site's root when it starts with `/` (Docusaurus), else in place of its last part.
    func slugRoute(_ matter: FrontMatter, route: Route) -> Route? {
        guard matter.permalink == nil, [.docusaurus, .hugo].contains(config.library?.generator),
              let slug = matter.entries["slug"]?.value.text?.trimmingWhitespace(), slug != "/", !slug.isEmpty else { return nil }
        var segments = route.path.split(separator: "/").map(String.init)
        if slug.hasPrefix("/") { segments = [] } else if !segments.isEmpty { segments.removeLast() }
        let path = "/" + (segments + [slug.trimming("/")]).joined(separator: "/") + "/"
        guard case .success(let moved) = Permalink.route(path) else { return nil }
        return moved
    }
}
