import Foundation

/// Builds the values a layout sees for one page. Every string here is plain text that Mustache
/// escapes, except `page.content`, the rendered Markdown body.
struct PageContextBuilder: Sendable {
    /// The site, read without recording (what the values of one page read is `site`).
    let whole: Site
    private let box: ReadSite.Box
    /// Where one page's values record the parts of the site they read (`PageContext`).
    var reads: SiteReads?
    /// The site as the page being made reads it: each part read is recorded in `reads`.
    var site: ReadSite { ReadSite(box: box, reads: reads) }
    let basePath: String
    /// A reload script or other markup appended before `</body>` (the preview server's); empty
    /// for `build`.
    var bodyEndMarkup = ""
    /// Ask search engines not to index the pages (a subset's `noindex: true`).
    var noindex = false
    /// The theme's texts in the site's language.
    let strings: ThemeStrings
    /// Each entry's position in its section's reading order, so previous/next is a lookup.
    let positions: [Int: Int]
    /// Categories by slug.
    let categoryBySlug: [String: SiteCategory]
    /// Every page's link values (title, href, description, categories), made once per build
    /// since lists on home, section, category and criterion pages repeat them.
    private let links: LinkValues
    /// The site values every page shows and the main navigation of entry pages by section (the
    /// same for every entry of a section), made once.
    let shared = SharedValues()
    /// The build's day, against which support results are old.
    let today = BuildDate.today

    /// `precomputeLinks` makes every page's link values up front: worth it when many pages are
    /// rendered (lists repeat them), wasted when a rebuild renders one page (each is then made
    /// when first asked for).
    /// `brand`: the theme has `assets/brand.css`, linked after `site.css` on every page.
    /// `fingerprinting`: the values pages share are fingerprinted once (`ContextMap.fingerprinted`),
    /// for contexts fingerprinted whole (`PageContext`).
    init(site: Site, basePath: String, precomputeLinks: Bool = true, strings: ThemeStrings = .english, brand: Bool = false,
         fingerprinting: Bool = false) {
        whole = site
        box = ReadSite.Box(site)
        self.basePath = basePath
        self.strings = strings
        var positions: [Int: Int] = [:]
        for section in site.sections {
            for (position, entry) in section.entries.enumerated() { positions[entry] = position }
        }
        self.positions = positions
        categoryBySlug = Dictionary(site.categories.map { ($0.slug, $0) }, uniquingKeysWith: { first, _ in first })
        links = LinkValues(count: site.pages.count, fingerprinting: fingerprinting)
        if precomputeLinks { links.fill(site.pages.map { makeLink($0) }) }
        shared.site = siteValues()
        if brand { shared.site[.brandStylesheet] = .text(basePath + "assets/brand.css") }
        shared.strings = ContextMap(indexing: strings.values.keys.sorted().map { ($0, .text(strings[$0])) })
        for criterion in WCAG22.all { shared.criteria[criterion.number] = makeCriterionValues(criterion) }
        for section in site.sections {
            // Any entry of the section stands for all of them (its route is none of the
            // navigation's own pages).
            guard let first = section.entries.first else { continue }
            shared.entryNavigation[section.name] = navigation(current: site.pages[first])
        }
        if fingerprinting { shared.fingerprint() }
    }

    func href(_ page: Page) -> String { page.route.href(basePath: basePath) }

    /// `{"items": list}`, the shape the layouts iterate.
    static func items(_ list: [ContextMap]) -> ContextValue {
        .map([.items: .list(list)])
    }

    /// `page`: the page at `index` when the site holds it without its body (`PageContext`);
    /// `feature`: its `.feature` file when the caller made it already; `number`: which page of a
    /// long list (`Pagination`).
    func context(for index: Int, page whole: Page? = nil, feature: FeatureFile? = nil, number: Int = 1) -> ContextMap {
        let page = whole ?? site.pages[index]
        let section = site.section(of: page)
        var pageValues: ContextMap = [
            .title: .text(page.title),
            .href: .text(href(page)),
            .layout: .text(page.layout),
            .kind: .text(page.kind.rawValue),
            .params: .other(OrderedMap(entries: page.frontMatter.entries)),
        ]
        pageValues[.description] = .text(ifAny: page.frontMatter.description)
        let html = page.body.htmlText
        if !html.isEmpty { pageValues[.content] = .text(html) }
        if !page.frontMatter.categories.isEmpty {
            pageValues[.categories] = Self.items(categoryLinks(page.frontMatter.categories))
        }
        let tags = page.frontMatter.tags
        if !tags.isEmpty { pageValues[.tags] = Self.items(tags.map { [.name: .text($0)] }) }
        if !page.criteria.isEmpty {
            pageValues[.criteria] = Self.items(page.criteria.compactMap { WCAG22.byNumber[$0.number].map(criterionValues) })
        }
        if let related = site.related(of: index), !related.isEmpty {
            pageValues[.related] = Self.items(related.map { link(site.pages[$0]) })
        }
        if FeatureFile.isWritten(for: page, in: site.config) {
            let tables = testingTables(page.frontMatter)
            let acceptance = AcceptanceCriteria(title: page.title, matter: page.frontMatter, sections: page.acceptanceSections)
            let feature = feature ?? FeatureFile(page: page)
            if !tables.isEmpty || acceptance != nil || feature.hasScenarios {
                var testing = ContextMap()
                if !tables.isEmpty { testing[.tables] = .list(tables) }
                var texts = ContextMap()
                texts[.checklist] = .text(ifAny: acceptance?.checklist)
                if feature.hasScenarios { texts[.gherkin] = .text(feature.text) }
                testing[.acceptance] = .map(texts)
                pageValues[.testing] = .map(testing)
            }
            let name = TestPlan.featureName(of: page.route)
            pageValues[.feature] = .map([.href: .text(SiteRoot.marker + Route.percentEncode(TestPlan.featurePath(of: page.route))),
                                          .name: .text(name), .label: .text(strings.format("gherkin-file", ["name": name]))])
            pageValues[.basketKey] = .text(TestPlan.basketKey(of: page.route))
        }
        pageValues[.updated] = dateValues(page.updated ?? page.frontMatter.lastModified.flatMap(CommitDate.init(frontMatter:)))
        pageValues[.support] = supportValues(for: page)
        addLibraryValues(for: page, to: &pageValues)
        addMetaValues(for: page, to: &pageValues)
        // An entry's contents name its main sections, "How to test" first; a page's go a level deeper.
        let tested = pageValues[.testing] != nil
        let toc = (tested ? [[.text: .text(strings["how-to-test"]), .id: .text("how-to-test")]] : [])
            + tableOfContents(page.body.headings, deeper: !tested)
        // A body with contents of its own (kramdown's `{:toc}`) has one list of contents.
        if toc.count >= 2, !html.containsBytes("<nav class=\"page-contents\"") { pageValues[.toc] = Self.items(toc) }

        var navigation = page.kind == .entry ? page.section.flatMap { shared.entryNavigation[$0] } ?? navigation(current: page)
            : navigation(current: page)
        addSectionPages(to: &navigation, index: index, section: section)
        var context: ContextMap = [
            .site: .map(shared.site),
            .page: .map(pageValues),
            .documentTitle: .text(documentTitle(index, section: section, number: number)),
            .nav: .list(navigation),
            .bodyEnd: .text(bodyEndMarkup),
            .strings: .map(shared.strings),
        ]
        if noindex { context[.noindex] = .flag(true) }
        let trail = breadcrumbs(page, section: section)
        if !trail.isEmpty { context[.breadcrumbs] = Self.items(trail) }
        if let section {
            context[.section] = .map(sectionValues(section, entries: page.kind == .section ? shownItems(of: index, number: number) : nil))
            if let sides = neighbours(of: index) {
                var pager: ContextMap = [.label: .text(strings.format("more-in", ["section": section.title]))]
                if let previous = sides.previous { pager[.previous] = .map(link(site.pages[previous])) }
                if let next = sides.next { pager[.next] = .map(link(site.pages[next])) }
                context[.pager] = .map(pager)
            }
        }
        if page.kind == .home { addHomeValues(to: &context) }
        addReferenceValues(for: page, index: index, number: number, to: &context)
        addLanguageValues(for: page, index: index, number: number, to: &context)
        if page.kind == .redirect { addRedirect(for: page, to: &context) }
        addPaginationValues(for: index, number: number, to: &context)
        return context
    }

    private func siteValues() -> ContextMap {
        var values: ContextMap = [
            .title: .text(site.config.title),
            .language: .text(site.config.language),
            .baseURL: .text(basePath),
            .homeHref: .text(href(site.pages[site.home])),
            .assets: .text(basePath + "assets/"),
            .params: .other(OrderedMap(entries: site.config.entries)),
        ]
        values[.description] = .text(ifAny: site.config.description)
        if site.languages?.language.direction == .rtl { values[.rtl] = .flag(true) }
        // WCAG's names and texts are W3C's English: marked so in a page in another language.
        if !site.config.language.lowercased().hasPrefix("en") { values[.criteriaLanguage] = .text("en") }
        values[.footer] = .text(ifAny: site.config.footer.map { MarkdownRenderer(unsafeHTML: site.config.unsafeHTML).inline($0) })
        if let coverage = site.coverage { values[.coverageHref] = .text(href(site.pages[coverage])) }
        if let search = site.search { values[.searchHref] = .text(href(site.pages[search])) }
        if let basket = site.basket { values[.basketHref] = .text(href(site.pages[basket])) }
        if let support = site.pages.firstIndex(where: { $0.kind == .support }) { values[.supportHref] = .text(href(site.pages[support])) }
        if let translations = site.pages.firstIndex(where: { $0.kind == .translations }) { values[.translationsHref] = .text(href(site.pages[translations])) }
        values[.acceptanceHref] = .text(SiteRoot.marker + SitePaths.acceptanceCSV)
        if let updates = site.pages.firstIndex(where: { $0.kind == .updates }) {
            values[.updatesHref] = .text(href(site.pages[updates]))
            if site.config.url != nil { values[.feedHref] = .text(basePath + SitePaths.feed) }
        }
        return values
    }

    func link(_ page: Page) -> ContextMap {
        guard let index = whole.pageIndex[page.route] else { return makeLink(page) }
        return links.value(index) { makeLink(page) }
    }

    private func makeLink(_ page: Page) -> ContextMap {
        var values: ContextMap = [.title: .text(page.title), .href: .text(href(page))]
        values[.description] = .text(ifAny: page.frontMatter.description)
        if let other = otherLanguageValues(of: page) { values[.otherLanguage] = other }
        if !page.frontMatter.categories.isEmpty {
            values[.categories] = Self.items(categoryLinks(page.frontMatter.categories))
        }
        if FeatureFile.isWritten(for: page, in: site.config) { values[.basketKey] = .text(TestPlan.basketKey(of: page.route)) }
        return values
    }

    /// A section's values, with `entries` listed (its own, or a page of them).
    func sectionValues(_ section: SiteSection, entries: [Int]?) -> ContextMap {
        var values: ContextMap = [
            .name: .text(section.name),
            .anchor: .text("section-" + HeadingIDGenerator.slug(section.name)),
            .title: .text(section.title),
            .href: .text(href(site.pages[section.page])),
            .count: .number(site.entryCount(of: section)),
            .countText: .text(strings.count(site.entryCount(of: section), "entries")),
        ]
        values[.description] = .text(ifAny: section.description)
        if let entries, !entries.isEmpty {
            values[.entries] = Self.items(entries.map { link(site.pages[$0]) })
        }
        return values
    }

    /// "Entry – Section – Site", "Page – Site", "List – Page 2 of 9 – Site", or the site title
    /// alone on the home page, so every `<title>` is unique.
    private func documentTitle(_ index: Int, section: SiteSection?, number: Int) -> String {
        let page = site.pages[index]
        if page.kind == .home { return site.config.title }
        var parts = [page.title]
        if number > 1 {
            let count = pageCount(of: index)
            parts.append(strings.format("page-of", ["number": String(number), "count": String(count)]))
        }
        if page.kind == .entry, let section { parts.append(section.title) }
        parts.append(site.config.title)
        return parts.joined(separator: " – ")
    }

    /// The keyboard / mobile / screenreader / settings maps as tables, in front matter order.
    private func testingTables(_ matter: FrontMatter) -> [ContextMap] {
        matter.entries.compactMap { entry -> ContextMap? in
            guard let spec = TestingTables.all.first(where: { $0.key == entry.key }) else { return nil }
            let rows = TestingTables.rows(entry.value)
            guard !rows.isEmpty else { return nil }
            let caption = strings["table-\(spec.key)"]
            return [.key: .text(spec.key), .caption: .text(caption), .keyHeader: .text(strings["table-\(spec.key)-key"]),
                    .label: .text(strings.format("tests-label", ["caption": caption])),
                    .rows: .list(rows.map { [.key: .text($0.key), .value: .text($0.value)] })]
        }
    }

    /// Second-level headings, `deeper`: with their third-level children.
    private func tableOfContents(_ headings: [Heading], deeper: Bool) -> [ContextMap] {
        var items: [ContextMap] = []
        var children: [ContextMap] = []
        func flush() {
            if !children.isEmpty, !items.isEmpty { items[items.count - 1][.children] = Self.items(children) }
            children = []
        }
        for heading in headings where heading.level <= 3 {
            if heading.level == 2 {
                flush()
                items.append([.text: .text(heading.text), .id: .text(heading.id)])
            } else if deeper, !items.isEmpty {
                children.append([.text: .text(heading.text), .id: .text(heading.id)])
            }
        }
        flush()
        return items
    }
}
