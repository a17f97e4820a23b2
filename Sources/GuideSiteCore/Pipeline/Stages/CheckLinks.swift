import Foundation

/// Every internal link and anchor of every page, on every core: each page's problems, in site
/// order (`check` reports them as errors: `ReportChecks`).
enum CheckLinks {
    static let name = "check links"

    /// The site (its pages as the check read them) and each page's problems. With the site's
    /// `last` build, that build's problems stand for the pages `edits` did not reach (`edited`).
    /// `queries`: the preview's engine, which put the site together (`LinkedSite`) and keeps
    /// each page's problems (`PageLinkProblems`).
    static func run(_ site: Site, edits: EditSummary, last: Basis?,
                    queries: RenderMarkdown.Queries? = nil) throws -> (site: Site, found: [[Diagnostic]]) {
        if last == nil, let queries { return (site, checked(site, queries)) }
        guard let last else { return (site, all(site)) }
        return try edited(site, edits: edits, basis: last)
    }

    /// Each page's problems as the engine keeps them; a page of no file is checked here.
    private static func checked(_ site: Site, _ queries: RenderMarkdown.Queries) -> [[Diagnostic]] {
        let checking = queries.engine.fetch(SiteLinkChecker(site: queries.site))
        let files = site.pages.indices.filter { !site.pages[$0].contentPath.isEmpty }
        var found = Array(site.pages.indices).map { index in
            site.pages[index].contentPath.isEmpty ? checking.checker.check(index, page: site.pages[index]) { site.pages[$0].title } : []
        }
        let problems = queries.engine.fetch(all: files.map { PageLinkProblems(site: queries.site, path: site.pages[$0].contentPath) })
        for (index, problems) in zip(files, problems) { found[index] = problems }
        return found
    }

    private static func all(_ site: Site) -> [[Diagnostic]] {
        let checker = LinkChecker(site: site, assets: Set(site.assets.map(\.relativePath)), layoutIDs: LayoutIDs.reserved)
        return Array(site.pages.indices).concurrentMap { checker.check($0) }
    }

    /// Under a basis: the last build's problems stand (a site linked anew keeps every address,
    /// `Link`), with the edited pages' links checked again when they changed, and when an edited
    /// page's title moved, those of the pages with problems (a missing anchor names the page it
    /// is missing from); or every page's when heading ids came or went (other pages may link to
    /// them). The last site's pages checked again are read whole (on disk, without their links).
    private static func edited(_ site: Site, edits: EditSummary, basis: Basis) throws -> (site: Site, found: [[Diagnostic]]) {
        let edited = Set(edits.positions + edits.added)
        // A page the last site did not have is whole (an added file's, or made by linking).
        func whole(_ index: Int, in site: inout Site) throws {
            guard let last = edits.lastIndex(of: index) else { return }
            guard let page = basis.last.wholePage(last) else { throw Basis.Declined("the state's pages cannot be read") }
            site.pages[index] = page
        }
        guard edits.idsChanged else {
            var found = basis.last.linkDiagnostics
            var again = edits.linksChanged, checking = site
            if edits.lastPosition != nil {
                // Files came or went: the pages naming them (edited) and the pages with problems
                // (a broken link may lead somewhere now, or suggest another page) are checked again.
                found = site.pages.indices.map { edits.lastIndex(of: $0).map { basis.last.linkDiagnostics[$0] } ?? [] }
                again += site.pages.indices.filter { edited.contains($0) || edits.lastIndex(of: $0) == nil }
            }
            // Copied files came, went or changed: so do the pages naming them (edited).
            if basis.assets.moved { again += edits.positions }
            if edits.lastPosition != nil || basis.assets.moved || zip(edits.positions, edits.last).contains(where: { site.pages[$0].title != $1.title }) {
                let problems = found.indices.filter { !found[$0].isEmpty && !edited.contains($0) }
                for index in problems { try whole(index, in: &checking) }
                again += problems
            }
            if !again.isEmpty {
                let checker = LinkChecker(site: checking, assets: Set(site.assets.map(\.relativePath)), layoutIDs: LayoutIDs.reserved)
                for position in again { found[position] = checker.check(position) }
            }
            return (site, found)
        }
        var site = site
        for index in site.pages.indices where !edited.contains(index) { try whole(index, in: &site) }
        return (site, all(site))
    }
}
