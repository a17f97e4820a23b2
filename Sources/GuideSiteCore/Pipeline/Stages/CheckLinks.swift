import Foundation

/// Every internal link and anchor of every page, on every core: each page's problems, in site
/// order (`check` reports them as errors: `ReportChecks`).
enum CheckLinks {
    static let name = "check links"

    /// The site (its pages as the check read them) and each page's problems. With the site's
    /// `last` build, that build's problems stand for the pages `edits` did not reach (`edited`).
    static func run(_ site: Site, edits: EditSummary, last: Basis?) throws -> (site: Site, found: [[Diagnostic]]) {
        guard let last else { return (site, all(site)) }
        return try edited(site, edits: edits, basis: last)
    }

    private static func all(_ site: Site) -> [[Diagnostic]] {
        let checker = LinkChecker(site: site, assets: Set(site.assets.map(\.relativePath)), layoutIDs: LayoutIDs.reserved)
        return Array(site.pages.indices).concurrentMap { checker.check($0) }
    }

    /// Under a basis: the last build's problems stand (a site linked anew keeps every address,
    /// `Link`), with the edited pages' links checked again when they changed; or every page's
    /// when heading ids came or went (other pages may link to them), the last site's pages read
    /// whole for it (on disk they were read without their links).
    private static func edited(_ site: Site, edits: EditSummary, basis: Basis) throws -> (site: Site, found: [[Diagnostic]]) {
        guard edits.idsChanged else {
            var found = basis.last.linkDiagnostics
            if !edits.linksChanged.isEmpty {
                let checker = LinkChecker(site: site, assets: Set(site.assets.map(\.relativePath)), layoutIDs: LayoutIDs.reserved)
                for position in edits.linksChanged { found[position] = checker.check(position) }
            }
            return (site, found)
        }
        var site = site
        let edited = Set(edits.positions)
        for index in site.pages.indices where !edited.contains(index) {
            guard let whole = basis.last.wholePage(index) else { throw Basis.Declined("the state's pages cannot be read") }
            site.pages[index] = whole
        }
        return (site, all(site))
    }
}
