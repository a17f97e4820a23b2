/// The Atom feeds (RFC 4287) of the pages changed last, by the git history's dates: the site's
/// (`feed.xml`) and one per category beside its page, written when site.yml gives the site's
/// `url` (a feed's addresses must be absolute, as the sitemap's) and the site has a history.
enum AtomFeed {
    /// Every feed by path: the site's (`feed.xml`), then each category's (what changed in
    /// "Forms"); none when no page has a date. A category none of whose entries has a date is
    /// as new as the site.
    static func feeds(for site: Site, siteURL: String, basePath: String) -> [(path: String, xml: String)] {
        let recent = RecentPages.latest(in: site)
        guard let newest = recent.first.flatMap({ site.pages[$0].updated }) else { return [] }
        let updates = site.pages.first { $0.kind == .updates }
        // (Its id is the site's address, as it was before categories had feeds: readers key on it.)
        let own = xml(site, recent, title: "recently updated", path: SitePaths.feed, id: "", page: updates?.route, updated: newest,
                      siteURL: siteURL, basePath: basePath).map { (SitePaths.feed, $0) }
        let categories: [(path: String, xml: String)] = site.categories.compactMap { category in
            let page = site.pages[category.page]
            guard !page.route.isInOtherLanguage else { return nil }
            let recent = RecentPages.latest(in: site, among: category.entries)
            let updated = recent.first.flatMap { site.pages[$0].updated } ?? newest
            let path = SitePaths.feed(of: page.route)
            let made = xml(site, recent, title: category.title, path: path, id: path, page: page.route, updated: updated,
                           siteURL: siteURL, basePath: basePath)
            return made.map { (path, $0) }
        }
        return (own.map { [$0] } ?? []) + categories
    }

    private static func xml(_ site: Site, _ recent: [Int], title: String, path: String, id: String, page: Route?, updated: CommitDate,
                            siteURL: String, basePath: String) -> String? {
        guard let home = SitePaths.absolute(basePath, siteURL: siteURL) else { return nil }
        let alternate = SitePaths.absolute(page?.href(basePath: basePath) ?? basePath, siteURL: siteURL) ?? home
        var xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="\(HTML.escape(site.config.language))">
              <title>\(HTML.escape(site.config.title)): \(HTML.escape(title))</title>
              <id>\(HTML.escape(home + id))</id>
              <updated>\(updated.iso)</updated>
              <link rel="self" href="\(HTML.escape(home + path))"/>
              <link rel="alternate" type="text/html" href="\(HTML.escape(alternate))"/>
              <author><name>\(HTML.escape(site.config.title))</name></author>
              <generator>GuideSite</generator>

            """
        for index in recent {
            let page = site.pages[index]
            guard let updated = page.updated, let address = SitePaths.absolute(page.route.href(basePath: basePath), siteURL: siteURL) else { continue }
            xml += "  <entry>\n"
            xml += "    <title>\(HTML.escape(page.title))</title>\n"
            xml += "    <id>\(HTML.escape(address))</id>\n"
            xml += "    <link href=\"\(HTML.escape(address))\"/>\n"
            xml += "    <updated>\(updated.iso)</updated>\n"
            if let description = page.frontMatter.description, !description.isEmpty {
                xml += "    <summary>\(HTML.escape(description))</summary>\n"
            }
            xml += "  </entry>\n"
        }
        return xml + "</feed>\n"
    }
}
