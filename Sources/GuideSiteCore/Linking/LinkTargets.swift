/// What checking links reads of a site: each page's address, the files a link may name it by
/// and its heading ids; each section's folder and page; the copied files; the site's path. A
/// title edit moves none of them, so the pages' link checks stand (`SiteLinkChecker`).
public struct LinkTargets: Sendable, Equatable, Encodable {
    struct Folder: Sendable, Equatable, Encodable {
        var name: String
        var page: Int
    }

    /// Each page's route path, content path ("" for a page of no file) and the source it
    /// translates, in the site's order.
    var routes: [String]
    var contentPaths: [String]
    var translates: [String?]
    /// Each page's heading ids, in order (the closest is suggested for an anchor not found).
    var headingIDs: [[String]]
    var sections: [Folder]
    /// The copied files, sorted (a set's order differs from one set to another).
    var assets: [String]
    var basePath: String
    /// Ids the theme's layouts give their own elements, which links may name on any page; sorted.
    var layoutIDs: [String]

    /// `headingIDs`: each page's, when the site's pages hold no bodies.
    init(site: Site, assets: Set<String>, layoutIDs: Set<String>, headingIDs: [[String]]? = nil) {
        routes = site.pages.map(\.route.path)
        contentPaths = site.pages.map(\.contentPath)
        translates = site.pages.map(\.translates)
        self.headingIDs = headingIDs ?? site.pages.map { $0.body.headings.map(\.id) }
        sections = site.sections.map { Folder(name: $0.name, page: $0.page) }
        self.assets = assets.sorted()
        basePath = site.config.basePath
        self.layoutIDs = layoutIDs.sorted()
    }
}
