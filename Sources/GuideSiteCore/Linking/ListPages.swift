/// The pages that list other pages, and how each long list splits (`Pagination`): a section's
/// entries, a category's, the pages citing a criterion, the search page's A to Z list, and the
/// translations table's rows (positions in the translation table's sources, not pages).
/// The layouts, the writing of the numbered pages and the engine all read it from here.
public enum ListPages {
    /// The pages the list page at `index` shows, in the order it shows them: grouped by section
    /// (site order, pages outside sections last) where the page groups them.
    /// `ranks`: `sectionRanks(site)`, when made once for many lists.
    static func items(of index: Int, in site: Site, ranks: [Int]? = nil) -> [Int] {
        let page = site.pages[index]
        switch page.kind {
        case .section: return site.sections.first { $0.page == index }?.entries ?? []
        case .category, .criterion: return grouped(members(of: index, in: site), in: site, ranks: ranks)
        case .search: return SearchablePages.searchable(site)
        case .translations: return Array(site.languages?.table.sources.indices ?? 0..<0)
        default: return []
        }
    }

    /// Whether a page is a list that may split.
    static func isList(_ page: Page) -> Bool {
        [.section, .category, .criterion, .search, .translations].contains(page.kind)
    }

    /// How many pages the list page at `index` takes (1 for any other page).
    static func pageCount(of index: Int, in site: Site, ranks: [Int]? = nil) -> Int {
        isList(site.pages[index]) ? site.config.pagination.pageCount(items: length(of: index, in: site, ranks: ranks)) : 1
    }

    /// Every list page that takes more than one page, with its items (each list made once).
    static func splitItems(_ site: Site) -> [Int: [Int]] {
        var lists: [Int: [Int]] = [:]
        let ranks = sectionRanks(site)
        for index in site.pages.indices where isList(site.pages[index]) && !site.pages[index].route.isInOtherLanguage {
            let items = items(of: index, in: site, ranks: ranks)
            if site.config.pagination.pageCount(items: items.count) > 1 { lists[index] = items }
        }
        return lists
    }

    /// Every list page that takes more than one page, with its count: a build whose counts
    /// differ from the last one's writes other files.
    static func splitLists(_ site: Site) -> [Int: Int] {
        var counts: [Int: Int] = [:]
        let ranks = sectionRanks(site)
        for index in site.pages.indices where !site.pages[index].route.isInOtherLanguage {
            let count = pageCount(of: index, in: site, ranks: ranks)
            if count > 1 { counts[index] = count }
        }
        return counts
    }

    /// The number of items without making the list.
    private static func length(of index: Int, in site: Site, ranks: [Int]? = nil) -> Int {
        let page = site.pages[index]
        switch page.kind {
        case .section: return site.sections.first { $0.page == index }?.entries.count ?? 0
        // Grouped lists leave out what no group holds (counted without making the list: a
        // preview's body edit counted every category's and criterion's list).
        case .category, .criterion:
            let ranks = ranks ?? sectionRanks(site)
            return members(of: index, in: site).count { ranks[$0] >= 0 }
        case .search: return site.pages.count(where: SearchablePages.isSearchable)
        case .translations: return site.languages?.table.sources.count ?? 0
        default: return 0
        }
    }

    /// The pages a category's or criterion's page lists, before they are grouped.
    private static func members(of index: Int, in site: Site) -> [Int] {
        let page = site.pages[index]
        return page.kind == .category ? site.categories.first { $0.page == index }?.entries ?? []
            : page.subject.flatMap { site.criterionPages[$0] } ?? []
    }

    /// `indices` by section, in site order, and those outside sections last (as `bySection` shows them): the order of a
    /// grouped list, so that each of its pages holds whole runs of one section.
    static func grouped(_ indices: [Int], in site: Site, ranks: [Int]? = nil) -> [Int] {
        let ranks = ranks ?? sectionRanks(site)
        var groups = Array(repeating: [Int](), count: site.sections.count + 1)
        for index in indices where ranks[index] >= 0 { groups[ranks[index]].append(index) }
        return groups.flatMap { $0 }
    }

    /// Each page's group in a grouped list: its section's place in the site's order, the
    /// sections' count for a page outside sections, -1 for a section the site does not have
    /// (such a page is in no group). Made once for many lists: comparing section names for
    /// every item of every list was most of a title edit's choosing of the pages to render.
    static func sectionRanks(_ site: Site) -> [Int] {
        var places: [String: Int] = [:]
        for (place, section) in site.sections.enumerated() where places[section.name] == nil { places[section.name] = place }
        return site.pages.map { page in page.section.map { places[$0] ?? -1 } ?? site.sections.count }
    }
}
