import Foundation

/// Puts pages together into a site: generates the home, section and not-found pages that have
/// no file, and orders each section's entries.
public struct SiteAssembler: Sendable {
    /// Creates an assembler.
    public init() {}

    /// The linked site.
    /// `levels` limits criteria pages and lists to those levels (a subset's `levels:`).
    /// `strings` title the pages GuideSite writes, in the site's language. `last`: the site
    /// linked before, whose related entries stand where what they read did not move.
    public func assemble(pages input: [Page], assets: [ContentFile], config: SiteConfig, levels: [String] = [],
                         strings: any PageTitles, last: Site? = nil) -> Site {
        link(input, assets: assets, config: config, levels: levels, strings: strings, last: last)
    }

    /// A page with only the criteria of `levels` (all of them when empty).
    static func limiting(to levels: [String]) -> @Sendable (Page) -> Page {
        { page in
            guard !levels.isEmpty else { return page }
            var page = page
            page.criteria = page.criteria.filter { WCAG22.byNumber[$0.number].map { levels.contains($0.level) } ?? false }
            return page
        }
    }

    private func link(_ input: [Page], assets: [ContentFile], config: SiteConfig, levels: [String], strings: any PageTitles, last: Site?) -> Site {
        var pages = input.map(Self.limiting(to: levels))
        func generated(_ kind: PageKind, title: String, section: String?, route: Route, layout: String) -> Page {
            Page(sourcePath: "", contentPath: "", kind: kind, section: section, route: route, frontMatter: FrontMatter(),
                 title: title, layout: layout, body: RenderedBody(html: "", headings: []), markdown: "", bodyFirstLine: 1)
        }
        if !pages.contains(where: { $0.kind == .home }) {
            pages.append(generated(.home, title: config.title, section: nil, route: Route(segments: []), layout: "home"))
        }
        if !pages.contains(where: { $0.kind == .notFound }) {
            pages.append(generated(.notFound, title: strings["title-not-found"], section: nil, route: Route(file: "404.html"), layout: "404"))
        }
        let folders = Set(pages.compactMap(\.section))
        let configured = config.sections.map { $0.name.hasPrefix("_") ? String($0.name.dropFirst()) : $0.name }.filter(folders.contains)
        let order = configured + folders.subtracting(configured).sorted()
        for name in order where !pages.contains(where: { $0.kind == .section && $0.section == name }) {
            let title = config.section(named: name)?.title ?? ReadableName.from(name)
            pages.append(generated(.section, title: title, section: name, route: Route(segments: [Slug.make(name)]), layout: "section"))
        }
        let categoryList = Self.categories(of: pages, config: config)
        pages += Self.generatedReferencePages(categories: categoryList, levels: levels, strings: strings)
        if config.languages.count > 1 {
            pages.append(generated(.translations, title: strings["title-translations"], section: nil, route: Route(segments: ["translations"]), layout: "translations"))
        }
        let updates = Route(segments: ["updates"])
        if pages.contains(where: { $0.updated != nil }), !pages.contains(where: { $0.route == updates }) {
            pages.append(generated(.updates, title: strings["title-updates"], section: nil, route: updates, layout: "updates"))
        }
        let support = Route(segments: ["support"])
        if pages.contains(where: { !$0.route.isInOtherLanguage && !SupportResults.rows(of: $0, config: config).isEmpty }),
           !pages.contains(where: { $0.route == support }) {
            pages.append(generated(.support, title: strings["title-support"], section: nil, route: support, layout: "support"))
        }
        pages += Self.redirects(to: pages)
        pages.sort { $0.route < $1.route }

        var sections: [SiteSection] = []
        for name in order {
            guard let index = pages.firstIndex(where: { $0.kind == .section && $0.section == name }) else { continue }
            let settings = config.section(named: name)
            let entries = Self.sortedForReading(pages.indices.filter { pages[$0].kind == .entry && pages[$0].section == name }, in: pages)
            sections.append(SiteSection(
                name: name,
                title: settings?.title ?? pages[index].frontMatter.title ?? pages[index].title,
                description: settings?.description ?? pages[index].frontMatter.description,
                page: index, entries: entries
            ))
        }
        let home = pages.firstIndex { $0.kind == .home } ?? 0
        var site = Site(config: config, pages: pages, sections: sections, home: home, assets: assets)
        site.pageIndex = Self.index(of: pages)
        Self.linkReferences(in: &site, categories: categoryList, last: last)
        return site
    }

    /// Pages GuideSite writes itself: `/search/`, `/wcag/`, one page per criterion,
    /// `/wcag/coverage/`, `/categories/` and one page per category.
    static func generatedReferencePages(categories: [SiteConfig.Category], levels: [String] = [], strings: any PageTitles) -> [Page] {
        func page(_ kind: PageKind, _ title: String, _ segments: [String], layout: String, subject: String? = nil) -> Page {
            var page = Page(sourcePath: "", contentPath: "", kind: kind, section: nil, route: Route(segments: segments),
                            frontMatter: FrontMatter(), title: title, layout: layout,
                            body: RenderedBody(html: "", headings: []), markdown: "", bodyFirstLine: 1)
            page.subject = subject
            return page
        }
        var pages = [
            page(.search, strings["title-search"], ["search"], layout: "search"),
            page(.basket, strings["title-basket"], [String(CriteriaBasket.pagePath.dropLast())], layout: "basket"),
            page(.criteriaIndex, strings["title-criteria"], ["wcag"], layout: "criteria"),
            page(.coverage, strings["title-coverage"], ["wcag", "coverage"], layout: "coverage"),
        ]
        pages += WCAG22.all.filter { levels.isEmpty || levels.contains($0.level) }
            .map { page(.criterion, $0.label, ["wcag", $0.number], layout: "criterion", subject: $0.number) }
        if !categories.isEmpty {
            pages.append(page(.categoryIndex, strings["title-categories"], ["categories"], layout: "categories"))
            pages += categories.map { page(.category, $0.title, ["categories", $0.slug], layout: "category", subject: $0.slug) }
        }
        return pages
    }

    /// Each page's position by its address (the first page at an address keeps it).
    static func index(of pages: [Page]) -> [Route: Int] {
        Dictionary(pages.enumerated().map { ($1.route, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// A redirect page at each of a page's `aliases:`, named after the page's file so that a
    /// path two pages claim is reported with both files.
    static func redirects(to pages: [Page]) -> [Page] {
        pages.flatMap { target in
            target.frontMatter.aliases.compactMap { alias -> Page? in
                guard case .success(let route) = Permalink.route(alias), route != target.route else { return nil }
                var page = Page(sourcePath: target.sourcePath, contentPath: "", kind: .redirect, section: nil, route: route,
                                frontMatter: FrontMatter(), title: target.title, layout: "redirect",
                                body: RenderedBody(html: "", headings: []), markdown: "", bodyFirstLine: 1)
                page.subject = target.route.path
                return page
            }
        }
    }

    /// Categories: those site.yml declares, in its order, then any others entries use, by slug.
    static func categories(of pages: [Page], config: SiteConfig) -> [SiteConfig.Category] {
        var result = config.categories
        var known = Set(result.map(\.slug))
        var extra: [SiteConfig.Category] = []
        for page in pages where page.kind == .entry {
            for name in page.frontMatter.categories where known.insert(Slug.make(name)).inserted {
                extra.append(SiteConfig.Category(slug: Slug.make(name), title: ReadableName.from(name)))
            }
        }
        result += extra.sorted { $0.slug < $1.slug }
        return result
    }

    /// The kinds of page whose criteria `criterionPages` lists.
    static let citingKinds: Set<PageKind> = [.entry, .home, .page, .section]

    /// Fills the site's category lists, the pages citing each criterion, and related entries
    /// (`last`: see `RelatedEntries`).
    /// Every map is built in one pass over the pages, so the cost grows with entries plus
    /// references, never with entries squared.
    static func linkReferences(in site: inout Site, categories: [SiteConfig.Category], last: Site? = nil) {
        var entriesByCategory: [String: [Int]] = [:]
        var pagesByCriterion: [String: [Int]] = [:]
        let readingOrder = Self.sortedForReading(site.pages.indices.filter { site.pages[$0].kind == .entry }, in: site.pages)
        for index in readingOrder {
            for slug in Set(site.pages[index].frontMatter.categories.map(Slug.make)) { entriesByCategory[slug, default: []].append(index) }
        }
        let citing = readingOrder + site.pages.indices.filter { citingKinds.contains(site.pages[$0].kind) && site.pages[$0].kind != .entry }
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
            case .search: site.search = index
            case .basket: site.basket = index
            default: break
            }
        }
        site.categories = categories.compactMap { category in
            guard let page = site.pages.firstIndex(where: { $0.kind == .category && $0.subject == category.slug }) else { return nil }
            return SiteCategory(slug: category.slug, title: category.title, description: category.description,
                                page: page, entries: entriesByCategory[category.slug] ?? [])
        }
        site.related = RelatedEntries.of(site, byCategory: entriesByCategory, byCriterion: pagesByCriterion, last: last)
    }

    /// Indices in reading order, with each page's sort key computed once. A list whose every page
    /// has a `date:` and none an `order:` is a blog's: newest first.
    static func sortedForReading(_ indices: [Int], in pages: [Page]) -> [Int] {
        let dates = indices.map { pages[$0].frontMatter.order == nil ? pages[$0].frontMatter.date.flatMap(CommitDate.init(frontMatter:)) : nil }
        if indices.count > 1, !dates.contains(nil) {
            return zip(indices, dates.map { $0! }).sorted {
                if $0.1 != $1.1 { return $0.1 > $1.1 }
                return pages[$0.0].route < pages[$1.0].route
            }.map(\.0)
        }
        return indices.map { (index: $0, order: pages[$0].frontMatter.order ?? .infinity, title: pages[$0].title.lowercased()) }
            .sorted {
                if $0.order != $1.order { return $0.order < $1.order }
                if $0.title != $1.title { return NaturalOrder.less($0.title, $1.title) }
                return pages[$0.index].route < pages[$1.index].route
            }
            .map(\.index)
    }
}

/// The titles of the pages GuideSite writes (`title-search`, …), in the site's language: the
/// theme's strings (`ThemeStrings`, in Templates, above this folder).
public protocol PageTitles: Sendable {
    subscript(_ key: String) -> String { get }
}
