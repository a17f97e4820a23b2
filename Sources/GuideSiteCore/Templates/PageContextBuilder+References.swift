/// Values for criteria, coverage and category pages, and the links entries make to them.
extension PageContextBuilder {
    func criterionValues(_ criterion: SuccessCriterion) -> [String: Any] {
        var values: [String: Any] = [
            "number": criterion.number, "name": criterion.name, "level": criterion.obsolete ? "Obsolete" : criterion.level,
            "principle": criterion.principle, "guideline": criterion.guideline, "understanding": criterion.understanding,
            "count": site.criterionPages[criterion.number]?.count ?? 0,
            "countText": Self.plural(site.criterionPages[criterion.number]?.count ?? 0, "page", "pages"),
        ]
        if let page = site.criterionPage[criterion.number] { values["href"] = href(site.pages[page]) }
        if criterion.obsolete { values["obsolete"] = true }
        return values
    }

    /// "No pages", "1 page", "3 pages".
    static func plural(_ count: Int, _ one: String, _ many: String) -> String {
        count == 0 ? "No \(many)" : count == 1 ? "1 \(one)" : "\(count) \(many)"
    }

    func categoryLinks(_ names: [String]) -> [[String: Any]] {
        names.map { name -> [String: Any] in
            let category = categoryBySlug[Slug.make(name)]
            var item: [String: Any] = ["name": category?.title ?? name]
            if let category { item["href"] = href(site.pages[category.page]) }
            return item
        }
    }

    /// Groups pages by section, in site order; pages outside sections come last under "Other pages".
    func bySection(_ indices: [Int], describe: (Int) -> [String: Any] = { _ in [:] }) -> [[String: Any]] {
        var groups: [[String: Any]] = []
        for section in site.sections {
            let members = indices.filter { site.pages[$0].section == section.name }
            guard !members.isEmpty else { continue }
            groups.append(["title": section.title, "href": href(site.pages[section.page]),
                           "entries": members.map { link(site.pages[$0]).merging(describe($0)) { $1 } }])
        }
        let others = indices.filter { site.pages[$0].section == nil }
        if !others.isEmpty {
            groups.append(["title": "Other pages", "entries": others.map { link(site.pages[$0]).merging(describe($0)) { $1 } }])
        }
        return groups
    }

    func addReferenceValues(for page: Page, to context: inout [String: Any]) {
        switch page.kind {
        case .criterion:
            guard let number = page.subject, let criterion = WCAG22.byNumber[number] else { return }
            var values = criterionValues(criterion)
            let citing = site.criterionPages[number] ?? []
            values["sections"] = bySection(citing) { index in
                let reference = site.pages[index].criteria.first { $0.number == number }
                let source = switch (reference?.fromFrontMatter ?? false, reference?.fromBody ?? false) {
                case (true, true): "front matter and text"
                case (true, false): "front matter"
                default: "text"
                }
                return ["source": source]
            }
            context["criterion"] = values
        case .criteriaIndex:
            let shown = WCAG22.all.filter { site.criterionPage[$0.number] != nil }
            context["principles"] = WCAG22.principles.compactMap { principle -> [String: Any]? in
                let guidelines = principle.guidelines.compactMap { guideline -> [String: Any]? in
                    let criteria = shown.filter { $0.guideline == guideline }
                    return criteria.isEmpty ? nil : ["name": guideline, "criteria": criteria.map(criterionValues)]
                }
                return guidelines.isEmpty ? nil : ["name": principle.name, "anchor": HeadingIDGenerator.slug(principle.name), "guidelines": guidelines]
            }
        case .coverage:
            let criteria = WCAG22.all.filter { !$0.obsolete && ($0.level == "A" || $0.level == "AA") && site.criterionPage[$0.number] != nil }
            let missing = criteria.filter { (site.criterionPages[$0.number] ?? []).isEmpty }
            var coverage: [String: Any] = [
                "total": criteria.count,
                "covered": criteria.count - missing.count,
                "sections": site.sections.map { ["title": $0.title] as [String: Any] },
                "rows": criteria.map { criterion -> [String: Any] in
                    var row = criterionValues(criterion)
                    let citing = site.criterionPages[criterion.number] ?? []
                    row["cells"] = site.sections.map { section -> [String: Any] in ["count": citing.filter { site.pages[$0].section == section.name }.count] }
                    return row
                },
            ]
            if !missing.isEmpty { coverage["missing"] = ["items": missing.map(criterionValues), "count": missing.count] as [String: Any] }
            context["coverage"] = coverage
        case .categoryIndex:
            context["categories"] = Self.items(site.categories.map { category -> [String: Any] in
                var item: [String: Any] = ["title": category.title, "href": href(site.pages[category.page]),
                                           "count": category.entries.count, "countText": Self.plural(category.entries.count, "entry", "entries")]
                item["description"] = category.description
                return item
            })
        case .search:
            addSearchValues(to: &context)
        case .category:
            guard let slug = page.subject, let category = categoryBySlug[slug] else { return }
            var values: [String: Any] = ["title": category.title, "count": category.entries.count,
                                         "countText": Self.plural(category.entries.count, "entry", "entries"),
                                         "sections": bySection(category.entries)]
            values["description"] = category.description
            context["category"] = values
        default:
            break
        }
    }
}

/// Values for the search page.
extension PageContextBuilder {
    func addSearchValues(to context: inout [String: Any]) {
        let pages = SearchIndex.searchable(site)
        var entries: [[String: Any]] = []
        for index in pages {
            let page = site.pages[index]
            var item = link(page)
            if let section = site.section(of: page) { item["section"] = section.title }
            entries.append(item)
        }
        var search: [String: Any] = [
            "indexHref": basePath + SearchIndex.path,
            "scriptHref": basePath + "assets/search.js",
            "count": pages.count,
            "countText": Self.plural(pages.count, "page", "pages"),
            "entries": entries,
        ]
        if site.sections.count > 1 { search["sectionFilter"] = ["options": site.sections.map { ["value": $0.name, "title": $0.title] as [String: Any] }] as [String: Any] }
        if !site.categories.isEmpty { search["categoryFilter"] = ["options": site.categories.map { ["value": $0.slug, "title": $0.title] as [String: Any] }] as [String: Any] }
        let platforms = site.config.platforms.filter { name in
            pages.contains { SearchIndex.platforms(of: site.pages[$0], names: [name]).isEmpty == false }
        }
        if !platforms.isEmpty { search["platformFilter"] = ["options": platforms.map { ["value": $0, "title": $0] as [String: Any] }] as [String: Any] }
        context["search"] = search
    }
}
