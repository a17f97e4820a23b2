import Foundation

/// A page's heading ids, in order: what links to it may name after `#`. A body edit that moves
/// no heading cuts off the site's checker.
struct PageAnchors: Query {
    typealias Value = [String]

    let site: String
    let path: String

    func compute(_ context: QueryContext) -> [String] {
        context.fetch(FinishedPage(site: site, path: path)).value.body.headings.map(\.id)
    }
}

/// A site's link checker (`LinkChecker`): its pages as put together, its copied files, every
/// page's anchors; and each page of a file's place in it.
struct SiteLinkChecker: Query {
    struct Value: Encodable, Sendable {
        let checker: LinkChecker
        let site: Site
        let positions: [String: Int]

        func encode(to encoder: any Encoder) throws { try positions.encode(to: encoder) }
    }

    static var cutsOff: Bool { false }

    let site: String

    func compute(_ context: QueryContext) -> Value {
        let linked = context.fetch(LinkedSite(site: site)).site
        let ids = linked.pages.map { page in
            page.contentPath.isEmpty ? page.body.headings.map(\.id) : context.fetch(PageAnchors(site: site, path: page.contentPath))
        }
        let assets = Set(linked.assets.map(\.relativePath))
        let checker = LinkChecker(site: linked, assets: assets, layoutIDs: LayoutIDs.reserved, headingIDs: ids)
        var positions: [String: Int] = [:]
        for (index, page) in linked.pages.enumerated() where !page.contentPath.isEmpty { positions[page.contentPath] = index }
        return Value(checker: checker, site: linked, positions: positions)
    }
}

/// The problems of the links a page of a file wrote: checked again when its links or the site's
/// pages and anchors moved.
struct PageLinkProblems: Query {
    typealias Value = [Diagnostic]

    let site: String
    let path: String

    func compute(_ context: QueryContext) -> [Diagnostic] {
        let checking = context.fetch(SiteLinkChecker(site: site))
        guard let index = checking.positions[path] else { return [] }
        var page = checking.site.pages[index]
        page.body = context.fetch(FinishedPage(site: site, path: path)).value.body
        return checking.checker.check(index, page: page)
    }
}
