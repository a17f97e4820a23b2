/// `feed.xml`: an Atom feed (RFC 4287) of the pages changed last, by the git history's dates,
/// written when site.yml gives the site's `url` (a feed's addresses must be absolute, as the
/// sitemap's) and the site has a history.
enum AtomFeed {
    static func xml(for site: Site, siteURL: String, basePath: String) -> String? {
        let recent = RecentPages.latest(in: site)
        guard let newest = recent.first.flatMap({ site.pages[$0].updated }),
              let home = SitePaths.absolute(basePath, siteURL: siteURL) else { return nil }
        let updatesPage = site.pages.first { $0.kind == .updates }
        var xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="\(HTML.escape(site.config.language))">
              <title>\(HTML.escape(site.config.title)): recently updated</title>
              <id>\(HTML.escape(home))</id>
              <updated>\(newest.iso)</updated>
              <link rel="self" href="\(HTML.escape(home + SitePaths.feed))"/>
              <link rel="alternate" type="text/html" href="\(HTML.escape(SitePaths.absolute(updatesPage?.route.href(basePath: basePath) ?? basePath, siteURL: siteURL) ?? home))"/>
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
