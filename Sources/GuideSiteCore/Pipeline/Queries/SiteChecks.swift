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

/// A site's link checker (`LinkChecker`) over what it reads of the site (`LinkTargets`): its
/// pages' addresses and files, its copied files, every page's anchors. Equal while those are, so
/// a title edit checks no page's links again.
struct SiteLinkChecker: Query {
    struct Value: Encodable, Equatable, Sendable {
        let checker: LinkChecker
        /// Each page of a file's place in the site.
        let positions: [String: Int]

        static func == (lhs: Value, rhs: Value) -> Bool { lhs.checker.targets == rhs.checker.targets }

        func encode(to encoder: any Encoder) throws { try checker.targets.encode(to: encoder) }
    }

    let site: String

    func compute(_ context: QueryContext) -> Value {
        let linked = context.fetch(LinkedSite(site: site)).site
        let ids = linked.pages.map { page in
            page.contentPath.isEmpty ? page.body.headings.map(\.id) : context.fetch(PageAnchors(site: site, path: page.contentPath))
        }
        let targets = LinkTargets(site: linked, assets: Set(linked.assets.map(\.relativePath)), layoutIDs: LayoutIDs.reserved,
                                  headingIDs: ids)
        var positions: [String: Int] = [:]
        for (index, path) in targets.contentPaths.enumerated() where !path.isEmpty { positions[path] = index }
        return Value(checker: LinkChecker(targets), positions: positions)
    }
}

/// The title of the page at `index` of a site (while its pages stand where they are): what a
/// link's problem names of the page it leads to.
struct PageTitle: Query {
    typealias Value = String

    let site: String
    let index: Int

    func compute(_ context: QueryContext) -> String {
        let pages = context.fetch(LinkedSite(site: site)).site.pages
        return pages.indices.contains(index) ? pages[index].title : ""
    }
}

/// The problems of the links a page of a file wrote: checked again when its links, the site's
/// pages and anchors, or the title of a page it names moved.
struct PageLinkProblems: Query {
    typealias Value = [Diagnostic]

    let site: String
    let path: String

    func compute(_ context: QueryContext) -> [Diagnostic] {
        let checking = context.fetch(SiteLinkChecker(site: site))
        guard let index = checking.positions[path] else { return [] }
        // What the check reads of the page itself (its address, file and links) is its own.
        let page = context.fetch(FinishedPage(site: site, path: path)).value
        return checking.checker.check(index, page: page) { context.fetch(PageTitle(site: site, index: $0)) }
    }
}
