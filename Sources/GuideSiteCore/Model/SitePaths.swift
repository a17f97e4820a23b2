/// Where the files a site exports go, and a site's absolute addresses: the page values
/// (Templates) link to them and the exports (Output) write them, so both read them from here.
public enum SitePaths {
    /// Every entry's support results (`support:`), for other tools.
    static let supportJSON = "support/support.json"
    static let supportCSV = "support/support.csv"
    /// Every entry's acceptance criteria, one row each.
    public static let acceptanceCSV = "acceptance.csv"
    /// The Atom feed of the pages changed last (with site.yml's `url`).
    public static let feed = "feed.xml"

    /// A category's feed, beside its page (`categories/forms/feed.xml`).
    static func feed(of page: Route) -> String {
        page.folder + feed
    }

    /// The coverage table beside the coverage page (`wcag/coverage/coverage.csv`).
    public static func coverageCSV(in site: Site) -> String? {
        guard let index = site.coverage else { return nil }
        return site.pages[index].route.folder + "coverage.csv"
    }

    /// `path` (from the host's root) on the host of site.yml's `url`; nil without one.
    public static func absolute(_ path: String, siteURL: String?) -> String? {
        guard let siteURL, let schemeEnd = siteURL.range(of: "://") else { return nil }
        let origin = siteURL[schemeEnd.upperBound...].firstIndex(of: "/").map { String(siteURL[..<$0]) } ?? siteURL
        return origin + path
    }
}
