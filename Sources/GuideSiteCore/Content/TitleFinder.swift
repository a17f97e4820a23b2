/// Picks a page's title as MkDocs does: front matter `title`, else the first `#` heading, else
/// (for a section) site.yml's title, else the file name made readable. Never a lower-level
/// heading: libraries that open every file with `## General Notes` would title every page so.
enum TitleFinder {
    static func title(for page: Page, config: SiteConfig) -> String {
        // The body's opening `# Heading` first: it is what the page shows as its one `h1`.
        if let title = page.body.title { return title }
        if let title = page.frontMatter.title { return title }
        if page.kind == .section, let name = page.section, let title = config.section(named: name)?.title { return title }
        if page.kind == .home { return config.title }
        return ReadableName.from(fileStem(page.contentPath))
    }

    /// The file's name without its extension; for `index.md`, its folder's name.
    static func fileStem(_ contentPath: String) -> String {
        var parts = contentPath.split(separator: "/").map(String.init)
        let name = parts.popLast() ?? "page"
        let stem = name.split(separator: ".").dropLast().joined(separator: ".")
        if ["index", "_index"].contains(stem.lowercased()), let folder = parts.last { return folder.hasPrefix("_") ? String(folder.dropFirst()) : folder }
        return stem.isEmpty ? name : stem
    }
}
