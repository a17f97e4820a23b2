import Foundation

/// What the edits changed in the last site, for the stages after the link.
struct EditSummary {
    /// Positions in `site.pages` of the edited pages, and those pages as the last build had them.
    var positions: [Int] = []
    var last: [Page] = []
    /// Pages whose links must be checked again; every page's when heading ids changed.
    var linksChanged: [Int] = []
    var idsChanged = false
    /// Pages not edited that show what the edits changed (the translations page, when a
    /// translation's status moved): rendered again whole.
    var alsoShowing: [Int] = []
    /// Whether the search page's platform filter may have changed.
    var platformsChanged = false
    /// Whether the site was linked anew from the last one's pages (an edit beyond a body, in
    /// memory): links, criteria.json and the search index are then made again.
    var relinked = false
    /// On disk, after a relink: the last site with its pages whole and dated, whose render keys
    /// tell which pages show what the edits changed.
    var lastSite: Site?
    /// When the pages are not the last site's place for place (files added or removed, a list's
    /// numbered pages): each page's position in the last site (-1: none) and the positions of the
    /// added files' pages. The positions above are this site's.
    var lastPosition: [Int]?
    var added: [Int] = []

    /// The position in the last site of the page at `index`; nil for a page it did not have.
    func lastIndex(of index: Int) -> Int? {
        guard let lastPosition else { return index }
        return lastPosition[index] >= 0 ? lastPosition[index] : nil
    }

    /// The positions above, made the places of `site`'s pages (linked anew from `last`'s and
    /// the pages of `added`, by content path), by their addresses.
    mutating func place(in site: Site, from last: Site, added paths: Set<String>) {
        var now: [Route: Int] = [:], before: [Route: Int] = [:]
        for (index, page) in site.pages.enumerated() where now[page.route] == nil { now[page.route] = index }
        for (index, page) in last.pages.enumerated() where before[page.route] == nil { before[page.route] = index }
        let moved = { (position: Int) in now[last.pages[position].route] }
        positions = positions.compactMap(moved)
        linksChanged = linksChanged.compactMap(moved)
        alsoShowing = alsoShowing.compactMap(moved)
        lastPosition = site.pages.map { before[$0.route] ?? -1 }
        added = site.pages.indices.filter { paths.contains(site.pages[$0].contentPath) }
    }
}
