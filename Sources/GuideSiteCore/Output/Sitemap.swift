/// `sitemap.xml` for search engines, written when site.yml gives the site's `url`.
enum Sitemap {
    static func xml(for site: Site, siteURL: String, basePath: String) -> String {
        var origin = siteURL
        if let schemeEnd = origin.range(of: "://"), let pathStart = origin[schemeEnd.upperBound...].firstIndex(of: "/") {
            origin = String(origin[..<pathStart])
        }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for page in site.pages where page.kind != .notFound && page.kind != .redirect && !page.route.isInOtherLanguage {
            xml += "  <url><loc>\(HTML.escape(origin + page.route.href(basePath: basePath)))</loc></url>\n"
        }
        return xml + "</urlset>\n"
    }
}
