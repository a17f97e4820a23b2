/// A key per page that changes whenever the page's rendered output could change: its own data,
/// its layout (and the partials), the site-wide values every page shows, and what it shows of
/// other pages (titles, descriptions, categories and criteria of the entries it lists, counts of
/// the criteria it names). The preview's last build keeps them: after an edit that changed
/// what pages show of each other (a title, categories), only the pages whose key changed are
/// rendered again.
struct RenderPlan {
    let site: Site
    let layoutKeys: LayoutKeys
    let globalKey: Int
    let citingCounts: [String: Int]
    /// Each category's title, description and address, by slug: what a link to it shows (a
    /// category's title is the first spelling an entry gives it, so pages do not own it).
    let categoryDetails: [String: Int]
    /// Every category's: what the pages listing them all show (categories, search).
    let categoriesKey: Int
    /// Each page's category links (`links(of:)`), when every key is computed.
    private var linkKeys: [Int] = []
    /// Every page's summary, when every key is computed; otherwise summaries are made as needed.
    private var summaries: [Int] = []
    /// Every page's content hash, when every key is computed.
    private var contents: [Int] = []
    /// What the search page shows of the searchable pages, in its order: made once with every
    /// key, and the same after edits inside bodies (titles and order do not change).
    private var searchShown = 0

    /// The platforms the search page's filter offers, as counts of the searchable pages naming
    /// each (site.yml's order), kept with each page's so a patch updates them for its pages only.
    private var platformCounts: [Int] = []

    /// Every page's key, and what the search page shows of the others (for `keys(previous:)`).
    struct Keys {
        var keys: [Int]
        var searchShown: Int
        var platformCounts: [Int]
        /// Positions in site.yml's platforms that each page names (none for unsearchable pages).
        var pagePlatforms: [[Int]]
        /// What other pages show of each page, and what it holds itself (`summary`, `content`).
        var summaries: [Int] = []
        var contents: [Int] = []
        /// Each list that splits into numbered pages: a key per page of it (`numberedKeys`).
        var numbered: [Int: [Int]] = [:]
        /// What every page shows besides (`RenderTemplates.wideKey`), for the memo.
        var wide: Int?
    }

    /// The pages GuideSite makes only when the site needs them, to which every page links.
    private static let linkedFromEveryPage: [PageKind] = [.support, .translations, .updates]

    init(site: Site, basePath: String, layoutKeys: LayoutKeys) {
        self.site = site
        self.layoutKeys = layoutKeys
        var global = Hasher()
        global.combine(basePath)
        global.combine(site.config)
        global.combine(site.home)
        global.combine([site.criteriaIndex, site.coverage, site.categoryIndex, site.search, site.basket].map { $0.map { site.pages[$0].route } })
        // Every page links to these when the site has them (`PageContextBuilder.siteValues`).
        var linked: [PageKind: Route] = [:]
        for page in site.pages where Self.linkedFromEveryPage.contains(page.kind) && linked[page.kind] == nil { linked[page.kind] = page.route }
        global.combine(Self.linkedFromEveryPage.map { linked[$0] })
        for section in site.sections {
            global.combine(section.name)
            global.combine(section.title)
            global.combine(section.description)
            global.combine(site.pages[section.page].route)
        }
        globalKey = global.finalize()
        citingCounts = site.criterionPages.mapValues(\.count)
        // Not in every page's key: a category added or removed changes the pages that show it.
        var details: [String: Int] = [:], all = Hasher()
        for category in site.categories {
            var detail = Hasher()
            detail.combine(category.title)
            detail.combine(category.description)
            detail.combine(site.pages[category.page].route)
            details[category.slug] = detail.finalize()
            all.combine(category.slug)
            all.combine(details[category.slug])
        }
        (categoryDetails, categoriesKey) = (details, all.finalize())
    }

    /// Every page's key; with `previous` (a site with its pages at the same places), the summary,
    /// content and platforms of each page but those at `changed` are taken from it (they are the
    /// page's own; platforms when it has them, `placedFacts` leaves them out).
    /// With `only`, the keys of those pages alone (the others 0: `candidates`), made on every core.
    /// `facts`: what the keys read of each page alone, made already (`PageFacts`).
    static func keys(site: Site, basePath: String, layoutKeys: LayoutKeys, reusing previous: Keys? = nil, changed: [Int] = [],
                     only: [Int]? = nil, facts: PageFacts? = nil) -> Keys {
        var plan = RenderPlan(site: site, basePath: basePath, layoutKeys: layoutKeys)
        let matcher = PlatformMatcher(names: site.config.platforms)
        var platformsKept: [[Int]]?
        if let previous, let kept = refreshed(previous, site: site, changed: changed) {
            (plan.summaries, plan.contents) = kept
            if previous.pagePlatforms.count == site.pages.count {
                platformsKept = previous.pagePlatforms
                for index in changed { platformsKept?[index] = PageFacts.platforms(of: site.pages[index], matcher) }
            }
        } else if let facts {
            plan.summaries = facts.summaries
        } else {
            plan.summaries = site.pages.map(Self.summary)
            // With `only`, contents are made for the pages keyed.
            if only == nil { plan.contents = site.pages.map(Self.content) }
        }
        plan.linkKeys = Self.links(of: site.pages, details: plan.categoryDetails)
        var shown = Hasher()
        let lists = ListPages.splitItems(site)
        let searchable = site.search.flatMap { lists[$0] } ?? SearchablePages.searchable(site)
        shown.combine(searchable.count)
        for index in searchable {
            shown.combine(plan.summaries[index])
            shown.combine(plan.linkKeys[index])
        }
        plan.searchShown = shown.finalize()
        let pagePlatforms = facts?.platforms ?? platformsKept ?? site.pages.map { PageFacts.platforms(of: $0, matcher) }
        plan.platformCounts = Array(repeating: 0, count: site.config.platforms.count)
        for positions in pagePlatforms { for position in positions { plan.platformCounts[position] += 1 } }
        var positions: [Int: (SiteSection, Int)] = [:]
        for section in site.sections {
            for (position, entry) in section.entries.enumerated() where positions[entry] == nil { positions[entry] = (section, position) }
        }
        var keys = Array(repeating: 0, count: site.pages.count)
        let keyed = only ?? Array(site.pages.indices), (made, sides) = (plan, positions)
        for (index, key) in zip(keyed, keyed.concurrentMap { made.key(for: $0, position: sides[$0]) }) { keys[index] = key }
        return Keys(keys: keys, searchShown: plan.searchShown,
                    platformCounts: plan.platformCounts, pagePlatforms: pagePlatforms, summaries: plan.summaries, contents: plan.contents,
                    numbered: plan.numberedKeys(of: Array(lists.keys), made: lists))
    }

    /// The keys of `previous` (made for a site that differs from this one only in the bodies of
    /// the pages at `changed`) with those pages' keys made again: what other pages show of a page
    /// (its summary) does not depend on its body, so no other key changes.
    static func keys(site: Site, basePath: String, layoutKeys: LayoutKeys, previous: Keys, changed: [Int]) -> Keys {
        var plan = RenderPlan(site: site, basePath: basePath, layoutKeys: layoutKeys)
        plan.searchShown = previous.searchShown
        var pagePlatforms = previous.pagePlatforms
        plan.platformCounts = previous.platformCounts
        let matcher = PlatformMatcher(names: site.config.platforms)
        for index in changed where SearchablePages.isSearchable(site.pages[index]) {
            for position in pagePlatforms[index] { plan.platformCounts[position] -= 1 }
            pagePlatforms[index] = matcher.positions(in: site.pages[index])
            for position in pagePlatforms[index] { plan.platformCounts[position] += 1 }
        }
        var keys = previous.keys
        let (summaries, contents) = refreshed(previous, site: site, changed: changed) ?? ([], [])
        // The search page's platform filter lists the platforms entries have sections for,
        // which body edits change.
        for index in changed + (changed.isEmpty ? [] : [site.search].compactMap { $0 }) {
            let position = site.sections.lazy.compactMap { section in section.entries.firstIndex(of: index).map { (section, $0) } }.first
            keys[index] = plan.key(for: index, position: position)
        }
        // The search page's numbered pages show its platform filter too: made again when the
        // platforms it offers changed (what else they show is not in a body; made after every
        // edit, they were most of a preview's body edit at 10,000 entries).
        var numbered = previous.numbered
        if !changed.isEmpty, let search = site.search, numbered[search] != nil,
           previous.platformCounts.map({ $0 > 0 }) != plan.platformCounts.map({ $0 > 0 }) {
            (plan.summaries, plan.contents) = (summaries, contents)
            numbered.merge(plan.numberedKeys(of: [search])) { $1 }
        }
        // A translations table keyed again (its statuses moved): each of its pages reads the table.
        numbered.merge(plan.numberedKeys(of: changed.filter { numbered[$0] != nil && site.pages[$0].kind == .translations })) { $1 }
        return Keys(keys: keys, searchShown: previous.searchShown, platformCounts: plan.platformCounts, pagePlatforms: pagePlatforms,
                    summaries: summaries, contents: contents, numbered: numbered)
    }

    /// `previous`'s summaries and content hashes with those of the pages at `changed` made again;
    /// nil when it kept none for a site of this size.
    private static func refreshed(_ previous: Keys, site: Site, changed: [Int]) -> (summaries: [Int], contents: [Int])? {
        guard previous.summaries.count == site.pages.count, previous.contents.count == site.pages.count else { return nil }
        var (summaries, contents) = (previous.summaries, previous.contents)
        for index in changed {
            summaries[index] = summary(site.pages[index])
            contents[index] = content(site.pages[index])
        }
        return (summaries, contents)
    }

    func summary(of index: Int) -> Int {
        summaries.isEmpty ? Self.summary(site.pages[index]) : summaries[index]
    }

    /// What a page's categories show where it is linked: each one's title and address.
    func links(of index: Int) -> Int {
        linkKeys.isEmpty ? Self.links(of: site.pages[index], details: categoryDetails) : linkKeys[index]
    }

    /// `withList: false`: what a list page shows but its list (for `numberedKeys`).
    func key(for index: Int, position: (SiteSection, Int)?, withList: Bool = true) -> Int {
        let page = site.pages[index]
        var hasher = Hasher()
        hasher.combine(globalKey)
        hasher.combine(layoutKeys[page.layout] ?? 0)
        hasher.combine(page.route)
        hasher.combine(page.kind)
        hasher.combine(page.title)
        hasher.combine(page.layout)
        hasher.combine(page.section)
        hasher.combine(page.subject)
        hasher.combine(contents.isEmpty ? Self.content(page) : contents[index])
        if layoutKeys.citingCounts.contains(page.layout) {
            for reference in page.criteria { hasher.combine(citingCounts[reference.number] ?? 0) }
        }
        hasher.combine(links(of: index))
        // A page of a section may show how many entries it has (`sectionValues`), when its
        // layout names a count.
        if layoutKeys.counting.contains(page.layout) { hasher.combine(site.section(of: page)?.entries.count) }
        if let languages = site.languages {
            // The language switcher: which languages have the page, and how its translation stands.
            hasher.combine(languages.table.has(page.translationKey, in: "", isDefault: true))
            hasher.combine(languages.table.translations[page.translationKey])
        }
        switch page.kind {
        case .entry:
            if let (section, position) = position {
                // Which side each neighbour is on matters: "Previous" and "Next" are both shown.
                show(position > 0 ? section.entries[position - 1] : nil, into: &hasher)
                show(position + 1 < section.entries.count ? section.entries[position + 1] : nil, into: &hasher)
            }
            show(site.related[index] ?? [], withList: withList, into: &hasher)
            // The navigation lists the section's pages when they fit on one list page.
            show(site.section(of: page).map { SectionNavigation.pages(of: $0, in: site) } ?? [], withList: withList, into: &hasher)
        case .section:
            show(site.sections.first { $0.page == index }?.entries ?? [], withList: withList, into: &hasher)
        case .home:
            // A section's entries when they fit on one page, else their count.
            for section in site.sections {
                if section.entries.count <= site.config.pagination.size {
                    show(section.entries, withList: withList, into: &hasher)
                } else {
                    hasher.combine(section.entries.count)
                }
            }
            let recent = RecentPages.latest(in: site, limit: PageContextBuilder.recentOnHome + 1)
            show(recent, withList: withList, into: &hasher)
            for index in recent { hasher.combine(site.pages[index].updated) }
        case .criterion:
            show(page.subject.flatMap { site.criterionPages[$0] } ?? [], withList: withList, into: &hasher)
        case .criteriaIndex:
            for number in citingCounts.keys.sorted() { hasher.combine(number); hasher.combine(citingCounts[number]) }
        case .coverage:
            for number in site.criterionPages.keys.sorted() {
                hasher.combine(number)
                hasher.combine(site.criterionPages[number]!.map { site.pages[$0].section })
            }
        case .category:
            let category = site.categories.first { $0.page == index }
            hasher.combine(category.flatMap { categoryDetails[$0.slug] })
            show(category?.entries ?? [], withList: withList, into: &hasher)
        case .search:
            hasher.combine(categoriesKey)
            if withList { hasher.combine(searchShown) }
            hasher.combine(platformCounts.indices.filter { platformCounts[$0] > 0 }.map { site.config.platforms[$0] })
        case .updates:
            let recent = RecentPages.latest(in: site)
            show(recent, withList: withList, into: &hasher)
            for index in recent { hasher.combine(site.pages[index].updated) }
        case .redirect:
            show(site.pages.indices.filter { site.pages[$0].kind != .redirect && site.pages[$0].route.path == page.subject }, withList: withList, into: &hasher)
        case .basket:
            hasher.combine(CriteriaBasket.scriptCount(entries: site.pages.lazy.filter { FeatureFile.isWritten(for: $0, in: site.config) }.count))
        case .translations:
            // Its rows are titled as this site shows the pages.
            hasher.combine(site.languages)
            for other in site.pages where !other.contentPath.isEmpty {
                hasher.combine(other.title)
                hasher.combine(other.language)
            }
        case .support:
            // Every entry's results, with the title and address its row shows.
            for other in site.pages {
                let rows = SupportResults.rows(of: other, config: site.config)
                guard !rows.isEmpty else { continue }
                show(site.pageIndex[other.route] ?? 0, into: &hasher)
                hasher.combine(rows)
            }
        case .categoryIndex:
            hasher.combine(categoriesKey)
            for category in site.categories { hasher.combine(category.entries.count) }
        case .page, .notFound:
            break
        }
        return hasher.finalize()
    }
}
