import Foundation

/// A part of a site that one page's values read: the page's values are the same while every
/// part they read is (`PageContext` fetches each as a query). A part at an index stands for
/// the page there while the site's addresses (in `.frame`) stay.
enum SitePart: Hashable, Sendable {
    /// What every page reads: the settings, every page's address, the sections and categories
    /// but their entries, the languages but their table, and the values every page shares.
    case frame
    /// A page's header (its body is its own) and where it stands: the entries before and after
    /// it in its section, its related entries, what the translations table holds of it. (Apart,
    /// the parts were a third more queries to check after every edit.)
    case page(Int)
    /// A section's entries in reading order, or only how many it has.
    case sectionEntries(String)
    case sectionSize(String)
    /// A category's entries; the pages citing a criterion and the criterion's page.
    case category(String)
    case criterion(String)
    /// Lists made once for every page that shows them: a list page's items, the search page's
    /// letters and platforms, the pages changed last (at most `limit`), the rows page `number`
    /// of the translations table at an index shows.
    case list(Int)
    case searchLetters
    case searchPlatforms
    case recent(limit: Int?)
    case translationSlice(Int, number: Int)
}

/// The parts of the site one page's values read, in the order first read.
final class SiteReads: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: Set<SitePart> = []
    private var order: [SitePart] = []

    func read(_ part: SitePart) {
        lock.withLock { if seen.insert(part).inserted { order.append(part) } }
    }

    var parts: [SitePart] { lock.withLock { order } }
}

/// The site as one page's values read it: each page read is recorded in `reads`, and the parts
/// that are not the frame are read through methods that record them.
struct ReadSite: Sendable {
    /// The site by reference: made at every read, a copy of the site retained each of its lists.
    final class Box: Sendable {
        let site: Site
        init(_ site: Site) { self.site = site }
    }

    let box: Box
    let reads: SiteReads?

    var whole: Site { box.site }

    /// The pages, each read recorded.
    struct Pages: RandomAccessCollection, Sendable {
        let pages: [Page]
        let reads: SiteReads?

        var startIndex: Int { 0 }
        var endIndex: Int { pages.count }

        subscript(index: Int) -> Page {
            reads?.read(.page(index))
            return pages[index]
        }
    }

    var pages: Pages { Pages(pages: box.site.pages, reads: reads) }

    // The frame.
    var config: SiteConfig { box.site.config }
    var home: Int { box.site.home }
    var sections: [SiteSection] { box.site.sections }
    var categories: [SiteCategory] { box.site.categories }
    var criteriaIndex: Int? { box.site.criteriaIndex }
    var coverage: Int? { box.site.coverage }
    var basket: Int? { box.site.basket }
    var categoryIndex: Int? { box.site.categoryIndex }
    var search: Int? { box.site.search }
    var pageIndex: [Route: Int] { box.site.pageIndex }
    /// The languages; what their table holds is read through `positions(having:)` and `status(of:)`.
    var languages: SiteLanguages? { box.site.languages }

    func section(of page: Page) -> SiteSection? { box.site.section(of: page) }

    // The parts read apart.
    func entries(of section: SiteSection) -> [Int] {
        reads?.read(.sectionEntries(section.name))
        return section.entries
    }

    func entryCount(of section: SiteSection) -> Int {
        reads?.read(.sectionSize(section.name))
        return section.entries.count
    }

    func entries(of category: SiteCategory) -> [Int] {
        reads?.read(.category(category.slug))
        return category.entries
    }

    func citing(_ number: String) -> [Int]? {
        reads?.read(.criterion(number))
        return box.site.criterionPages[number]
    }

    func criterionPage(_ number: String) -> Int? {
        reads?.read(.criterion(number))
        return box.site.criterionPage[number]
    }

    func related(of index: Int) -> [Int]? {
        reads?.read(.page(index))
        return box.site.related[index]
    }

    /// The languages whose sites have the page at `index` (`SiteLanguages.positions`).
    func positions(having index: Int) -> [Int] {
        guard let languages = box.site.languages else { return [] }
        reads?.read(.page(index))
        return languages.positions(having: box.site.pages[index])
    }

    /// How the page at `index`, a translation, stands in this site's language.
    func status(of index: Int) -> TranslationTable.Status? {
        guard let languages = box.site.languages else { return nil }
        reads?.read(.page(index))
        return languages.table.translations[box.site.pages[index].translationKey]?[languages.language.code]
    }
}
