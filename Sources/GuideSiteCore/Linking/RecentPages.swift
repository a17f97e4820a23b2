/// The pages the "Recently updated" page and the Atom feeds list: those with a date from the git
/// history, newest first (then by title, then address, so that equal dates keep one order).
enum RecentPages {
    static let limit = 50

    /// `among`: the pages to choose from (a category's entries), all by default.
    static func latest(in site: Site, among: [Int]? = nil, limit: Int = limit) -> [Int] {
        let dated = (among ?? Array(site.pages.indices)).filter { index in
            let page = site.pages[index]
            return page.updated != nil && !page.route.isInOtherLanguage && [.entry, .page, .section, .home].contains(page.kind)
        }
        let sorted = dated.sorted {
            let a = site.pages[$0], b = site.pages[$1]
            return (b.updated!.seconds, a.title, a.route.path) < (a.updated!.seconds, b.title, b.route.path)
        }
        return Array(sorted.prefix(limit))
    }
}
