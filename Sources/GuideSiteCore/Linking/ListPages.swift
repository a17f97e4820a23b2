/// The pages that list other pages, and how each long list splits (`Pagination`): a section's
/// entries, a category's, the pages citing a criterion, the search page's A to Z list, and the
/// translations table's rows (positions in the translation table's sources, not pages).
/// The layouts, the writing of the numbered pages and the engine all read it from here.
public enum ListPages {
    /// The pages the list page at `index` shows, in the order it shows them: grouped by section
    /// (site order, pages outside sections last) where the page groups them.
    static func items(of index: Int, in site: Site) -> [Int] {
        let page = site.pages[index]
        switch page.kind {
        case .section: return site.sections.first { $0.page == index }?.entries ?? []
        case .category: return grouped(site.categories.first { $0.page == index }?.entries ?? [], in: site)
        case .criterion: return grouped(page.subject.flatMap { site.criterionPages[$0] } ?? [], in: site)
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
    static func pageCount(of index: Int, in site: Site) -> Int {
        isList(site.pages[index]) ? site.config.pagination.pageCount(items: length(of: index, in: site)) : 1
    }

    /// Every list page that takes more than one page, with its items (each list made once).
    static func splitItems(_ site: Site) -> [Int: [Int]] {
        var lists: [Int: [Int]] = [:]
        for index in site.pages.indices where isList(site.pages[index]) && !site.pages[index].route.isInOtherLanguage {
            let items = items(of: index, in: site)
            if site.config.pagination.pageCount(items: items.count) > 1 { lists[index] = items }
        }
        return lists
    }

    /// Every list page that takes more than one page, with its count: a build whose counts
    /// differ from the last one's writes other files.
    static func splitLists(_ site: Site) -> [Int: Int] {
        var counts: [Int: Int] = [:]
        for index in site.pages.indices where !site.pages[index].route.isInOtherLanguage {
            let count = pageCount(of: index, in: site)
            if count > 1 { counts[index] = count }
        }
        return counts
    }

    /// The number of items without making the list.
    private static func length(of index: Int, in site: Site) -> Int {
        let page = site.pages[index]
        switch page.kind {
        case .section: return site.sections.first { $0.page == index }?.entries.count ?? 0
        // Grouped lists leave out what no group holds: counted as the list is made.
        case .category, .criterion: return items(of: index, in: site).count
        case .search: return site.pages.count(where: SearchablePages.isSearchable)
        case .translations: return site.languages?.table.sources.count ?? 0
        default: return 0
        }
    }

    /// `indices` by section, in site order, and those outside sections last (as `bySection` shows them): the order of a
    /// grouped list, so that each of its pages holds whole runs of one section.
    static func grouped(_ indices: [Int], in site: Site) -> [Int] {
        var bySection: [String: [Int]] = [:]
        var others: [Int] = []
        for index in indices {
            if let section = site.pages[index].section {
                bySection[section, default: []].append(index)
            } else {
                others.append(index)
            }
        }
        return site.sections.flatMap { bySection[$0.name] ?? [] } + others
    }
}
