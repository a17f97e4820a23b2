import Foundation

/// Puts pages together into a site: generates the home, section and not-found pages that have
/// no file, and orders each section's entries.
public struct SiteAssembler: Sendable {
    /// Creates an assembler.
    public init() {}

    /// The linked site.
    public func assemble(pages input: [Page], assets: [ContentFile], config: SiteConfig) -> Site {
        var pages = input
        func generated(_ kind: PageKind, title: String, section: String?, route: Route, layout: String) -> Page {
            Page(sourcePath: "", contentPath: "", kind: kind, section: section, route: route, frontMatter: FrontMatter(),
                 title: title, layout: layout, body: RenderedBody(html: "", headings: []), markdown: "", bodyFirstLine: 1)
        }
        if !pages.contains(where: { $0.kind == .home }) {
            pages.append(generated(.home, title: config.title, section: nil, route: Route(segments: []), layout: "home"))
        }
        if !pages.contains(where: { $0.kind == .notFound }) {
            pages.append(generated(.notFound, title: "Page not found", section: nil, route: Route(file: "404.html"), layout: "404"))
        }
        let folders = Set(pages.compactMap(\.section))
        let configured = config.sections.map(\.name).filter(folders.contains)
        let order = configured + folders.subtracting(configured).sorted()
        for name in order where !pages.contains(where: { $0.kind == .section && $0.section == name }) {
            let title = config.section(named: name)?.title ?? Self.title(fromFolder: name)
            pages.append(generated(.section, title: title, section: name, route: Route(segments: [Slug.make(name)]), layout: "section"))
        }
        let categoryList = Self.categories(of: pages, config: config)
        pages += Self.generatedReferencePages(categories: categoryList)
        pages.sort { $0.route < $1.route }

        var sections: [SiteSection] = []
        for name in order {
            guard let index = pages.firstIndex(where: { $0.kind == .section && $0.section == name }) else { continue }
            let settings = config.section(named: name)
            let entries = pages.indices.filter { pages[$0].kind == .entry && pages[$0].section == name }
                .sorted { Self.readingOrder(pages[$0], pages[$1]) }
            sections.append(SiteSection(
                name: name,
                title: settings?.title ?? pages[index].frontMatter.title ?? pages[index].title,
                description: settings?.description ?? pages[index].frontMatter.description,
                page: index, entries: entries
            ))
        }
        let home = pages.firstIndex { $0.kind == .home } ?? 0
        var site = Site(config: config, pages: pages, sections: sections, home: home, assets: assets)
        Self.linkReferences(in: &site, categories: categoryList)
        return site
    }

    /// Pages GuideSite writes itself: `/wcag/`, one page per criterion, `/wcag/coverage/`,
    /// `/categories/` and one page per category.
    static func generatedReferencePages(categories: [SiteConfig.Category]) -> [Page] {
        func page(_ kind: PageKind, _ title: String, _ segments: [String], layout: String, subject: String? = nil) -> Page {
            var page = Page(sourcePath: "", contentPath: "", kind: kind, section: nil, route: Route(segments: segments),
                            frontMatter: FrontMatter(), title: title, layout: layout,
                            body: RenderedBody(html: "", headings: []), markdown: "", bodyFirstLine: 1)
            page.subject = subject
            return page
        }
        var pages = [
            page(.criteriaIndex, "WCAG 2.2 success criteria", ["wcag"], layout: "criteria"),
            page(.coverage, "WCAG coverage", ["wcag", "coverage"], layout: "coverage"),
        ]
        pages += WCAG22.all.map { page(.criterion, $0.label, ["wcag", $0.number], layout: "criterion", subject: $0.number) }
        if !categories.isEmpty {
            pages.append(page(.categoryIndex, "Categories", ["categories"], layout: "categories"))
            pages += categories.map { page(.category, $0.title, ["categories", $0.slug], layout: "category", subject: $0.slug) }
        }
        return pages
    }

    /// Categories: those site.yml declares, in its order, then any others entries use, by slug.
    static func categories(of pages: [Page], config: SiteConfig) -> [SiteConfig.Category] {
        var result = config.categories
        var known = Set(result.map(\.slug))
        var extra: [SiteConfig.Category] = []
        for page in pages where page.kind == .entry {
            for name in page.frontMatter.categories where known.insert(Slug.make(name)).inserted {
                extra.append(SiteConfig.Category(slug: Slug.make(name), title: title(fromFolder: name)))
            }
        }
        result += extra.sorted { $0.slug < $1.slug }
        return result
    }

    /// Fills the site's category lists, the pages citing each criterion, and related entries.
    /// Every map is built in one pass over the pages, so the cost grows with entries plus
    /// references, never with entries squared.
    static func linkReferences(in site: inout Site, categories: [SiteConfig.Category]) {
        var entriesByCategory: [String: [Int]] = [:]
        var pagesByCriterion: [String: [Int]] = [:]
        let readingOrder = site.pages.indices.filter { site.pages[$0].kind == .entry }
            .sorted { Self.readingOrder(site.pages[$0], site.pages[$1]) }
        for index in readingOrder {
            for slug in Set(site.pages[index].frontMatter.categories.map(Slug.make)) { entriesByCategory[slug, default: []].append(index) }
        }
        let citing = readingOrder + site.pages.indices.filter { [.home, .page, .section].contains(site.pages[$0].kind) }
        for index in citing {
            for reference in site.pages[index].criteria { pagesByCriterion[reference.number, default: []].append(index) }
        }
        site.criterionPages = pagesByCriterion
        for (index, page) in site.pages.enumerated() {
            switch page.kind {
            case .criterion: if let number = page.subject { site.criterionPage[number] = index }
            case .criteriaIndex: site.criteriaIndex = index
            case .coverage: site.coverage = index
            case .categoryIndex: site.categoryIndex = index
            default: break
            }
        }
        site.categories = categories.compactMap { category in
            guard let page = site.pages.firstIndex(where: { $0.kind == .category && $0.subject == category.slug }) else { return nil }
            return SiteCategory(slug: category.slug, title: category.title, description: category.description,
                                page: page, entries: entriesByCategory[category.slug] ?? [])
        }
        site.related = relatedEntries(site: site, byCategory: entriesByCategory, byCriterion: pagesByCriterion)
    }

    /// Up to five entries sharing the most categories and criteria with each entry, ties broken
    /// by title. Each shared key contributes at most `candidateLimit` candidates, so a category
    /// holding every entry does not make the work quadratic.
    static func relatedEntries(site: Site, byCategory: [String: [Int]], byCriterion: [String: [Int]]) -> [Int: [Int]] {
        let candidateLimit = 200
        var result: [Int: [Int]] = [:]
        for (index, page) in site.pages.enumerated() where page.kind == .entry {
            var scores: [Int: Int] = [:]
            let lists = Set(page.frontMatter.categories.map(Slug.make)).compactMap { byCategory[$0] }
                + page.criteria.compactMap { byCriterion[$0.number] }
            for list in lists {
                for other in list.prefix(candidateLimit) where other != index && site.pages[other].kind == .entry {
                    scores[other, default: 0] += 1
                }
            }
            let best = scores.sorted {
                if $0.value != $1.value { return $0.value > $1.value }
                return Self.readingOrder(site.pages[$0.key], site.pages[$1.key], byTitleOnly: true)
            }
            if !best.isEmpty { result[index] = best.prefix(5).map(\.key) }
        }
        return result
    }

    /// `order` first (pages without one last), then title, then path, so ties never depend on
    /// the file system.
    static func readingOrder(_ a: Page, _ b: Page, byTitleOnly: Bool = false) -> Bool {
        if byTitleOnly {
            let titleA = a.title.lowercased(), titleB = b.title.lowercased()
            return titleA != titleB ? titleA < titleB : a.route < b.route
        }
        let orderA = a.frontMatter.order ?? .infinity, orderB = b.frontMatter.order ?? .infinity
        if orderA != orderB { return orderA < orderB }
        let titleA = a.title.lowercased(), titleB = b.title.lowercased()
        if titleA != titleB { return titleA < titleB }
        return a.route < b.route
    }

    /// `native-apps` is "Native apps".
    static func title(fromFolder name: String) -> String {
        let words = name.replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: "_", with: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }
}
