import Foundation

/// Builds the values a layout sees for one page. Every string here is plain text that Mustache
/// escapes, except `page.content`, the rendered Markdown body.
struct PageContextBuilder: Sendable {
    let site: Site
    let basePath: String
    /// A reload script or other markup appended before `</body>` (the preview server's); empty
    /// for `build`.
    var bodyEndMarkup = ""
    /// Each entry's position in its section's reading order, so previous/next is a lookup.
    private let positions: [Int: Int]
    /// Categories by slug.
    let categoryBySlug: [String: SiteCategory]
    /// Every page's link values (title, href, description, categories), made once per build
    /// since lists on home, section, category and criterion pages repeat them.
    private let links: UncheckedValues
    /// The site values every page shows and the main navigation of entry pages by section (the
    /// same for every entry of a section), made once.
    private let shared = SharedValues()

    /// `precomputeLinks` makes every page's link values up front: worth it when many pages are
    /// rendered (lists repeat them), wasted when a rebuild renders one page.
    init(site: Site, basePath: String, precomputeLinks: Bool = true) {
        self.site = site
        self.basePath = basePath
        var positions: [Int: Int] = [:]
        for section in site.sections {
            for (position, entry) in section.entries.enumerated() { positions[entry] = position }
        }
        self.positions = positions
        categoryBySlug = Dictionary(site.categories.map { ($0.slug, $0) }, uniquingKeysWith: { first, _ in first })
        links = UncheckedValues([])
        if precomputeLinks { links.values = site.pages.map { makeLink($0) } }
        shared.site = siteValues()
        for section in site.sections {
            // Any entry of the section stands for all of them (its route is none of the
            // navigation's own pages).
            guard let first = section.entries.first else { continue }
            shared.entryNavigation[section.name] = navigation(current: site.pages[first])
        }
    }

    /// The front matter keys shown as "How to test" tables, and their captions and column names.
    static let testingTables: [(key: String, caption: String, keyHeader: String)] = [
        ("keyboard", "Keyboard", "Key"),
        ("mobile", "Mobile gestures", "Gesture"),
        ("screenreader", "Screen reader", "Check"),
        ("settings", "Device settings", "Setting"),
    ]

    /// Ids the layouts use, which body headings must not take.
    static let reservedIDs: Set<String> = [
        "main-content", "how-to-test", "contents", "site-navigation", "page-title", "entries",
        "acceptance-criteria", "acceptance-checklist", "acceptance-gherkin", "copy-status",
        "success-criteria", "related-entries", "no-guidance",
    ]

    func href(_ page: Page) -> String { page.route.href(basePath: basePath) }

    /// `{"items": list}` typed as the renderer's usual map: a literal would be inferred as
    /// `[String: [[String: Any]]]`, which every lookup then converts element by element.
    static func items(_ list: [[String: Any]]) -> [String: Any] {
        ["items": list]
    }

    func context(for index: Int) -> [String: Any] {
        let page = site.pages[index]
        let section = site.section(of: page)
        var pageValues: [String: Any] = [
            "title": page.title,
            "href": href(page),
            "layout": page.layout,
            "kind": page.kind.rawValue,
            "params": OrderedMap(entries: page.frontMatter.entries),
        ]
        pageValues["description"] = page.frontMatter.description
        if !page.body.html.isEmpty { pageValues["content"] = page.body.html }
        if !page.frontMatter.categories.isEmpty {
            pageValues["categories"] = Self.items(categoryLinks(page.frontMatter.categories))
        }
        if !page.criteria.isEmpty {
            pageValues["criteria"] = Self.items(page.criteria.compactMap { WCAG22.byNumber[$0.number].map(criterionValues) })
        }
        if let related = site.related[index], !related.isEmpty {
            pageValues["related"] = Self.items(related.map { link(site.pages[$0]) })
        }
        if page.kind == .entry {
            let tables = testingTables(page.frontMatter)
            let acceptance = AcceptanceCriteria(title: page.title, matter: page.frontMatter)
            if !tables.isEmpty || acceptance != nil {
                var testing: [String: Any] = [:]
                if !tables.isEmpty { testing["tables"] = tables }
                if let acceptance { testing["acceptance"] = ["checklist": acceptance.checklist, "gherkin": acceptance.gherkin] as [String: Any] }
                pageValues["testing"] = testing
            }
        }
        let toc = tableOfContents(page.body.headings)
        if !toc.isEmpty { pageValues["toc"] = Self.items(toc) }

        var context: [String: Any] = [
            "site": shared.site,
            "page": pageValues,
            "documentTitle": documentTitle(page, section: section),
            "nav": page.kind == .entry ? page.section.flatMap { shared.entryNavigation[$0] } ?? navigation(current: page) : navigation(current: page),
            "bodyEnd": bodyEndMarkup,
        ]
        let trail = breadcrumbs(page, section: section)
        if !trail.isEmpty { context["breadcrumbs"] = Self.items(trail) }
        if let section {
            context["section"] = sectionValues(section, withEntries: page.kind == .section)
            if page.kind == .entry, let position = positions[index], section.entries.count > 1 {
                var pager: [String: Any] = ["label": "More in \(section.title)"]
                if position > 0 { pager["previous"] = link(site.pages[section.entries[position - 1]]) }
                if position + 1 < section.entries.count { pager["next"] = link(site.pages[section.entries[position + 1]]) }
                context["pager"] = pager
            }
        }
        if page.kind == .home {
            context["sections"] = site.sections.map { sectionValues($0, withEntries: true) }
        }
        addReferenceValues(for: page, to: &context)
        return context
    }

    private func siteValues() -> [String: Any] {
        var values: [String: Any] = [
            "title": site.config.title,
            "language": site.config.language,
            "baseURL": basePath,
            "homeHref": href(site.pages[site.home]),
            "assets": basePath + "assets/",
            "params": OrderedMap(entries: site.config.entries),
        ]
        values["description"] = site.config.description
        values["footer"] = site.config.footer
        if let coverage = site.coverage { values["coverageHref"] = href(site.pages[coverage]) }
        if let search = site.search { values["searchHref"] = href(site.pages[search]) }
        return values
    }

    func link(_ page: Page) -> [String: Any] {
        if let index = site.pageIndex[page.route], index < links.values.count { return links.values[index] }
        return makeLink(page)
    }

    private func makeLink(_ page: Page) -> [String: Any] {
        var values: [String: Any] = ["title": page.title, "href": href(page)]
        values["description"] = page.frontMatter.description
        if !page.frontMatter.categories.isEmpty {
            values["categories"] = Self.items(categoryLinks(page.frontMatter.categories))
        }
        return values
    }

    func sectionValues(_ section: SiteSection, withEntries: Bool) -> [String: Any] {
        var values: [String: Any] = [
            "name": section.name,
            "anchor": "section-" + HeadingIDGenerator.slug(section.name),
            "title": section.title,
            "href": href(site.pages[section.page]),
            "count": section.entries.count,
        ]
        values["description"] = section.description
        if withEntries, !section.entries.isEmpty {
            values["entries"] = Self.items(section.entries.map { link(site.pages[$0]) })
        }
        return values
    }

    /// "Entry – Section – Site", "Page – Site", or the site title alone on the home page, so every
    /// `<title>` is unique.
    private func documentTitle(_ page: Page, section: SiteSection?) -> String {
        if page.kind == .home { return site.config.title }
        var parts = [page.title]
        if page.kind == .entry, let section { parts.append(section.title) }
        parts.append(site.config.title)
        return parts.joined(separator: " – ")
    }

    private func navigation(current page: Page) -> [[String: Any]] {
        var items: [[String: Any]] = []
        let home = site.pages[site.home]
        var homeItem: [String: Any] = ["title": "Home", "href": href(home)]
        if page.kind == .home { homeItem["ariaCurrent"] = "page" }
        items.append(homeItem)
        for section in site.sections {
            var item: [String: Any] = ["title": section.title, "href": href(site.pages[section.page])]
            if page.kind == .section, page.section == section.name {
                item["ariaCurrent"] = "page"
            } else if page.section == section.name {
                item["ariaCurrent"] = "true"
            }
            items.append(item)
        }
        let extra: [(Int?, String, Set<PageKind>)] = [
            (site.criteriaIndex, "WCAG criteria", [.criterion, .coverage]),
            (site.categoryIndex, "Categories", [.category]),
        ]
        for (target, title, children) in extra {
            guard let target else { continue }
            var item: [String: Any] = ["title": title, "href": href(site.pages[target])]
            if site.pages[target].route == page.route {
                item["ariaCurrent"] = "page"
            } else if children.contains(page.kind) {
                item["ariaCurrent"] = "true"
            }
            items.append(item)
        }
        return items
    }

    private func breadcrumbs(_ page: Page, section: SiteSection?) -> [[String: Any]] {
        guard page.kind != .home else { return [] }
        var trail: [[String: Any]] = [["title": "Home", "href": href(site.pages[site.home])]]
        if page.kind == .entry, let section {
            trail.append(["title": section.title, "href": href(site.pages[section.page])])
        }
        if [.criterion, .coverage].contains(page.kind), let index = site.criteriaIndex {
            trail.append(["title": site.pages[index].title, "href": href(site.pages[index])])
        }
        if page.kind == .category, let index = site.categoryIndex {
            trail.append(["title": site.pages[index].title, "href": href(site.pages[index])])
        }
        trail.append(["title": page.title, "href": href(page), "current": true])
        return trail
    }

    /// The keyboard / mobile / screenreader / settings maps as tables, in front matter order.
    private func testingTables(_ matter: FrontMatter) -> [[String: Any]] {
        matter.entries.compactMap { entry -> [String: Any]? in
            guard let spec = Self.testingTables.first(where: { $0.key == entry.key }) else { return nil }
            let rows = Self.rows(entry.value)
            guard !rows.isEmpty else { return nil }
            return ["key": spec.key, "caption": spec.caption, "keyHeader": spec.keyHeader, "rows": rows]
        }
    }

    /// Rows from a map (`key: text`), a list of one-key maps, or a list of texts, as template values.
    static func rows(_ value: FrontValue) -> [[String: Any]] {
        rowPairs(value).map { ["key": $0.key, "value": $0.value] }
    }

    /// The same rows as pairs of texts.
    static func rowPairs(_ value: FrontValue) -> [(key: String, value: String)] {
        switch value {
        case .map(let entries):
            return entries.map { ($0.key, flatText($0.value)) }
        case .list(let items):
            return items.flatMap { item -> [(key: String, value: String)] in
                if case .map = item { return rowPairs(item) }
                return [(flatText(item), "")]
            }
        case .text(let text):
            return [("", text.trimmingWhitespace())]
        default:
            return []
        }
    }

    private static func flatText(_ value: FrontValue) -> String {
        switch value {
        case .text(let text): text.trimmingWhitespace()
        case .bool(let flag): flag ? "true" : "false"
        case .null: ""
        case .list(let items): items.map(flatText).joined(separator: "; ")
        case .map(let entries): entries.map { "\($0.key): \(flatText($0.value))" }.joined(separator: "; ")
        }
    }

    /// Second-level headings with their third-level children, when there are at least two.
    private func tableOfContents(_ headings: [Heading]) -> [[String: Any]] {
        var items: [[String: Any]] = []
        var children: [[String: Any]] = []
        func flush() {
            if !children.isEmpty, !items.isEmpty { items[items.count - 1]["children"] = Self.items(children) }
            children = []
        }
        for heading in headings where heading.level <= 3 {
            if heading.level == 2 {
                flush()
                items.append(["text": heading.text, "id": heading.id])
            } else if !items.isEmpty {
                children.append(["text": heading.text, "id": heading.id])
            }
        }
        flush()
        return items.count >= 2 ? items : []
    }
}

/// Template values computed once and only read afterwards, shared by the rendering threads.
/// Values made once before pages are rendered on every core, and only read there.
final class SharedValues: @unchecked Sendable {
    var site: [String: Any] = [:]
    var entryNavigation: [String: [[String: Any]]] = [:]
}

final class UncheckedValues: @unchecked Sendable {
    var values: [[String: Any]]
    init(_ values: [[String: Any]]) { self.values = values }
}
