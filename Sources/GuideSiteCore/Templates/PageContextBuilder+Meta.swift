import Foundation

/// What a page says about itself to search engines, link previews and readers who want to fix
/// it: its canonical address, Open Graph values, and edit and report links.
extension PageContextBuilder {
    /// Adds `canonical`, `ogType`, `editHref` and `feedbackHref` to the page's values.
    func addMetaValues(for page: Page, to values: inout ContextMap) {
        // A subset's page stands for the full site's: the full site's address (in the page's
        // language) is its canonical one.
        let path = sitePath(of: page.route)
        let address = SitePaths.absolute(path, siteURL: site.config.url)
        if page.kind != .redirect, let address { values[.canonical] = .text(address) }
        values[.ogType] = .text(page.kind == .entry ? "article" : "website")
        guard page.kind != .redirect, !page.contentPath.isEmpty else { return }
        if let edit = site.config.editURL {
            let path = page.sourcePath.split(separator: "/").map { Self.percentEncoded(String($0), allowing: .urlPathAllowed) }
            values[.editHref] = .text((edit.hasSuffix("/") ? edit : edit + "/") + path.joined(separator: "/"))
        }
        if let feedback = site.config.feedbackURL {
            values[.feedbackHref] = .text(Self.feedbackAddress(feedback, title: page.title, url: address ?? path, path: page.sourcePath))
        }
    }

    /// A route's path from the host's root in this site's language (the full site's, for a subset).
    func sitePath(of route: Route) -> String {
        route.href(basePath: site.config.basePath + (site.languages.map { $0.folder($0.current) } ?? ""))
    }

    /// `feedback-url` with the page's title, address and source path: in its `{title}`, `{url}`
    /// and `{path}` placeholders, or else as `title` and `body` query items (GitHub's, GitLab's
    /// and Jira's issue forms read those; a `mailto:` address reads `subject` and `body`).
    static func feedbackAddress(_ base: String, title: String, url: String, path: String) -> String {
        let query = CharacterSet.urlQueryAllowed.subtracting(CharacterSet(charactersIn: "&=+?#"))
        let placeholders = ["{title}": title, "{url}": url, "{path}": path]
        if placeholders.keys.contains(where: base.contains) {
            return placeholders.reduce(base) { $0.replacingOccurrences(of: $1.key, with: percentEncoded($1.value, allowing: query)) }
        }
        let subject = base.hasPrefix("mailto:") ? "subject" : "title"
        let body = "Page: \(url)\nSource: \(path)\n\nWhat is wrong or missing:\n"
        return base + (base.contains("?") ? "&" : "?") + subject + "=" + percentEncoded("Problem with “\(title)”", allowing: query)
            + "&body=" + percentEncoded(body, allowing: query)
    }

    static func percentEncoded(_ text: String, allowing allowed: CharacterSet) -> String {
        text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
