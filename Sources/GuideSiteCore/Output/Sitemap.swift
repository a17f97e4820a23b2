/// `sitemap.xml` for search engines, written when site.yml gives the site's `url`; in a
/// multilingual site each page names its versions in the other languages (`xhtml:link`).
enum Sitemap {
    static func xml(for site: Site, siteURL: String, basePath: String) -> String {
        var origin = siteURL
        if let schemeEnd = origin.range(of: "://"), let pathStart = origin[schemeEnd.upperBound...].firstIndex(of: "/") {
            origin = String(origin[..<pathStart])
        }
        let languages = site.languages
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
            + (languages == nil ? "" : " xmlns:xhtml=\"http://www.w3.org/1999/xhtml\"") + ">\n"
        for page in site.pages where page.kind != .notFound && page.kind != .redirect && !page.route.isInOtherLanguage {
            let positions = languages?.positions(having: page) ?? []
            guard let languages, positions.count > 1 else {
                xml += "  <url><loc>\(HTML.escape(origin + page.route.href(basePath: basePath)))</loc></url>\n"
                continue
            }
            xml += "  <url><loc>\(HTML.escape(origin + page.route.href(basePath: basePath)))</loc>\n"
            for position in positions {
                let address = origin + site.config.basePath + languages.path(of: page.route, in: position)
                xml += "    <xhtml:link rel=\"alternate\" hreflang=\"\(HTML.escape(languages.all[position].code))\" href=\"\(HTML.escape(address))\"/>\n"
            }
            xml += "  </url>\n"
        }
        return xml + "</urlset>\n"
    }
}
