/// A key per page that changes whenever the page's rendered output could change: its own data,
/// its layout (and the partials), the site-wide values every page shows, and what it shows of
/// other pages (titles, descriptions, categories and criteria of the entries it lists, counts of
/// the criteria it names). A rebuild renders again only the pages whose key changed, without
/// even building the template values of the others.
enum RenderPlan {
    static func keys(site: Site, basePath: String, layoutKeys: [String: Int]) -> [Int] {
        let summaries = site.pages.map(summary)
        var global = Hasher()
        global.combine(basePath)
        global.combine(site.config)
        global.combine(site.home)
        global.combine([site.criteriaIndex, site.coverage, site.categoryIndex, site.search].map { $0.map { site.pages[$0].route } })
        for section in site.sections {
            global.combine(section.name)
            global.combine(section.title)
            global.combine(section.description)
            global.combine(site.pages[section.page].route)
            global.combine(section.entries.count)
        }
        for category in site.categories {
            global.combine(category.slug)
            global.combine(category.title)
            global.combine(category.description)
            global.combine(site.pages[category.page].route)
            global.combine(category.entries.count)
        }
        let globalKey = global.finalize()
        let citingCounts = site.criterionPages.mapValues(\.count)

        var keys: [Int] = []
        keys.reserveCapacity(site.pages.count)
        let positions = Dictionary(site.sections.flatMap { section in section.entries.enumerated().map { ($1, (section, $0)) } },
                                   uniquingKeysWith: { first, _ in first })
        for (index, page) in site.pages.enumerated() {
            var hasher = Hasher()
            hasher.combine(globalKey)
            hasher.combine(layoutKeys[page.layout] ?? 0)
            hasher.combine(page.route)
            hasher.combine(page.kind)
            hasher.combine(page.title)
            hasher.combine(page.layout)
            hasher.combine(page.section)
            hasher.combine(page.subject)
            hasher.combine(page.contentKey)
            for reference in page.criteria { hasher.combine(citingCounts[reference.number] ?? 0) }
            func show(_ others: [Int]) {
                hasher.combine(others.count)
                for other in others { hasher.combine(summaries[other]) }
            }
            switch page.kind {
            case .entry:
                if let (section, position) = positions[index] {
                    show([position > 0 ? section.entries[position - 1] : nil,
                          position + 1 < section.entries.count ? section.entries[position + 1] : nil].compactMap { $0 })
                }
                show(site.related[index] ?? [])
            case .section:
                show(site.sections.first { $0.page == index }?.entries ?? [])
            case .home:
                for section in site.sections { show(section.entries) }
            case .criterion:
                show(page.subject.flatMap { site.criterionPages[$0] } ?? [])
            case .criteriaIndex:
                for number in citingCounts.keys.sorted() { hasher.combine(number); hasher.combine(citingCounts[number]) }
            case .coverage:
                for number in site.criterionPages.keys.sorted() {
                    hasher.combine(number)
                    hasher.combine(site.criterionPages[number]!.map { site.pages[$0].section })
                }
            case .category:
                show(site.categories.first { $0.page == index }?.entries ?? [])
            case .search:
                show(SearchIndex.searchable(site))
                hasher.combine(site.config.platforms)
            case .categoryIndex, .page, .notFound:
                break
            }
            keys.append(hasher.finalize())
        }
        return keys
    }

    /// What other pages show of a page.
    private static func summary(_ page: Page) -> Int {
        var hasher = Hasher()
        hasher.combine(page.route)
        hasher.combine(page.title)
        hasher.combine(page.kind)
        hasher.combine(page.section)
        hasher.combine(page.frontMatter.description)
        hasher.combine(page.frontMatter.categories)
        hasher.combine(page.criteria)
        return hasher.finalize()
    }
}
