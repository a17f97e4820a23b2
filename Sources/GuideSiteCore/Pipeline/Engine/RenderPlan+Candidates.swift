/// Which pages' keys can differ between two sites linked from the same pages at the same places
/// (a site linked anew on disk and the last one): comparing only those, a title edit at 10,000
/// entries hashes a few hundred pages twice instead of every page twice.
extension RenderPlan {
    /// The pages whose key `key(for:)` may make differently in `site` than in `last`, from what
    /// it reads: the pages that list others (every page but entries and plain pages), each page
    /// whose own fields differ, and each entry whose neighbours, related entries, section's pages
    /// in the navigation or cited criteria's counts differ or changed. Nil when every key may differ (the site-wide values
    /// or a category's title moved, or the pages are not at the same places).
    /// `changed`: the pages whose own fields differ.
    static func candidates(last: Site, site: Site, basePath: String, layoutKeys: LayoutKeys) -> (pages: [Int], changed: Set<Int>)? {
        guard last.pages.count == site.pages.count,
              zip(last.pages, site.pages).allSatisfy({ $0.route == $1.route }) else { return nil }
        let before = RenderPlan(site: last, basePath: basePath, layoutKeys: layoutKeys)
        let after = RenderPlan(site: site, basePath: basePath, layoutKeys: layoutKeys)
        guard before.globalKey == after.globalKey, before.categoriesKey == after.categoriesKey else { return nil }
        let changed = Set(site.pages.indices.filter { index in
            let (old, new) = (last.pages[index], site.pages[index])
            return !(old.sameOutsideBody(as: new) && old.updated == new.updated && old.body == new.body)
        })
        let recounted = Set(Set(before.citingCounts.keys).union(after.citingCounts.keys).filter { before.citingCounts[$0] != after.citingCounts[$0] })
        let (oldNeighbours, newNeighbours) = (neighbours(in: last), neighbours(in: site))
        let pages = site.pages.indices.filter { index in
            let page = site.pages[index]
            if page.kind != .entry, page.kind != .page { return true }
            if changed.contains(index) { return true }
            if layoutKeys.citingCounts.contains(page.layout), page.criteria.contains(where: { recounted.contains($0.number) }) { return true }
            let sides = newNeighbours[index]
            if oldNeighbours[index] != sides || [sides?.previous, sides?.next].contains(where: { $0.map(changed.contains) ?? false }) { return true }
            let listed = navigated(page, in: site)
            if navigated(last.pages[index], in: last) != listed || listed.contains(where: changed.contains) { return true }
            let related = site.related[index] ?? []
            return last.related[index] ?? [] != related || related.contains(where: changed.contains)
        }
        return (pages, changed)
    }

    /// The pages the navigation lists beside an entry, as `key(for:)` reads them.
    private static func navigated(_ page: Page, in site: Site) -> [Int] {
        site.section(of: page).map { SectionNavigation.pages(of: $0, in: site) } ?? []
    }

    private struct Sides: Equatable {
        var previous: Int?
        var next: Int?
    }

    /// Each entry's neighbours in the first section listing it, as `key(for:)` reads them.
    private static func neighbours(in site: Site) -> [Int: Sides] {
        var result: [Int: Sides] = [:]
        for section in site.sections {
            for (position, entry) in section.entries.enumerated() where result[entry] == nil {
                result[entry] = Sides(previous: position > 0 ? section.entries[position - 1] : nil,
                                      next: position + 1 < section.entries.count ? section.entries[position + 1] : nil)
            }
        }
        return result
    }
}
