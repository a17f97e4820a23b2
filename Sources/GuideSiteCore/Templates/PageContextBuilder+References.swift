/// Values for criteria, coverage and category pages, and the links entries make to them.
extension PageContextBuilder {
    /// A criterion's values: made once per site for each criterion (entry pages list theirs).
    func criterionValues(_ criterion: SuccessCriterion) -> ContextMap {
        shared.criteria[criterion.number] ?? makeCriterionValues(criterion)
    }

    func makeCriterionValues(_ criterion: SuccessCriterion) -> ContextMap {
        let count = site.citing(criterion.number)?.count ?? 0
        var values: ContextMap = [
            .number: .text(criterion.number), .name: .text(criterion.name),
            .level: .text(criterion.obsolete ? strings["level-obsolete"] : criterion.level),
            .principle: .text(criterion.principle), .guideline: .text(criterion.guideline),
            .understanding: .text(criterion.understanding),
            .count: .number(count),
            .countText: .text(strings.count(count, "pages")),
            .summary: .text(strings.format("criterion-summary", ["count": strings.count(count, "pages"), "number": criterion.number])),
        ]
        if let page = site.criterionPage(criterion.number) { values[.href] = .text(href(site.pages[page])) }
        if criterion.obsolete { values[.obsolete] = .flag(true) }
        if let standards = Self.standardValues(criterion, shown: site.config.standards) { values[.standards] = .map(standards) }
        values[.automated] = .map(automatedValues(criterion.number))
        return values
    }

    /// The axe-core and ACT rules that test a criterion (`AutomatedRules`), or that none does.
    func automatedValues(_ number: String) -> ContextMap {
        let axe = AutomatedRules.axe(number), act = AutomatedRules.act(number)
        func list(_ rules: [AutomatedRules.Rule], heading: String) -> ContextValue {
            .map([.heading: .text(heading), .items: .list(rules.map { rule in
                var item: ContextMap = [.id: .text(rule.id), .name: .text(rule.name), .href: .text(rule.url)]
                if rule.provisional { item[.provisional] = .flag(true) }
                return item
            })])
        }
        var values: ContextMap = [:]
        if axe.isEmpty && act.isEmpty {
            values[.manual] = .flag(true)
            values[.summary] = .text(strings["automated-none"])
            values[.short] = .text(strings["automated-short-none"])
            return values
        }
        if !axe.isEmpty { values[.axe] = list(axe, heading: "axe-core " + AutomatedRules.axeVersion) }
        if !act.isEmpty { values[.act] = list(act, heading: strings["automated-act"]) }
        values[.summary] = .text(strings.format("automated-summary", ["axe": strings.count(axe.count, "rules"), "act": strings.count(act.count, "rules")]))
        var parts: [String] = []
        if !axe.isEmpty { parts.append("axe-core " + strings.count(axe.count, "rules")) }
        if !act.isEmpty { parts.append(strings.format("automated-short-act", ["count": strings.count(act.count, "rules")])) }
        values[.short] = .text(strings.format("automated-short", ["rules": parts.joined(separator: "; ")]))
        return values
    }

    /// What the standards site.yml names say of a criterion: `en301549` (its clauses, each with
    /// its scope and `void`, or `absent`) and `section508` (`text`, `required`).
    static func standardValues(_ criterion: SuccessCriterion, shown: [Standard]) -> ContextMap? {
        guard !shown.isEmpty else { return nil }
        var values: ContextMap = [:]
        if shown.contains(.en301549) {
            let clauses = Standards.enClauses(of: criterion.number)
            var en: ContextMap = [.version: .text(Standards.enVersion), .text: .text(Standards.enText(of: criterion.number))]
            if clauses.isEmpty { en[.absent] = .flag(true) }
            en[.clauses] = .list(clauses.map { clause -> ContextMap in
                var item: ContextMap = [.number: .text(clause.number), .scope: .text(clause.scope)]
                if !clause.applies { item[.void] = .flag(true) }
                return item
            })
            values[.en301549] = .map(en)
        }
        if shown.contains(.section508) {
            values[.section508] = .map([.text: .text(Standards.section508Text(of: criterion)),
                                         .required: .flag(Standards.section508Requires(criterion.number)),
                                         .reason: .text(Standards.section508Reason(criterion))])
        }
        return values
    }

    /// `{iso, text}` of a date from the history, for `<time datetime="{{iso}}">{{text}}</time>`.
    func dateValues(_ date: CommitDate?) -> ContextValue? {
        date.map { .map([.iso: .text($0.iso), .text: .text(strings.date($0))]) }
    }

    func categoryLinks(_ names: [String]) -> [ContextMap] {
        names.map { name -> ContextMap in
            let category = categoryBySlug[Slug.make(name)]
            var item: ContextMap = [.name: .text(category?.title ?? name)]
            if let category { item[.href] = .text(href(site.pages[category.page])) }
            return item
        }
    }

    /// Groups pages by section, in site order; pages outside sections come last under "Other pages".
    func bySection(_ indices: [Int], describe: (Int) -> ContextMap = { _ in ContextMap() }) -> [ContextMap] {
        var groups: [ContextMap] = []
        for section in site.sections {
            let members = indices.filter { site.pages[$0].section == section.name }
            guard !members.isEmpty else { continue }
            groups.append([.title: .text(section.title), .href: .text(href(site.pages[section.page])),
                           .entries: .list(members.map { link(site.pages[$0]).merging(describe($0)) })])
        }
        let others = indices.filter { site.pages[$0].section == nil }
        if !others.isEmpty {
            groups.append([.title: .text(strings["other-pages"]), .entries: .list(others.map { link(site.pages[$0]).merging(describe($0)) })])
        }
        return groups
    }

    /// `number`: which page of a long list the values are for.
    func addReferenceValues(for page: Page, index: Int, number: Int, to context: inout ContextMap) {
        switch page.kind {
        case .criterion:
            let pageNumber = number
            guard let number = page.subject, let criterion = WCAG22.byNumber[number] else { return }
            var values = criterionValues(criterion)
            values[.sections] = .list(bySection(shownItems(of: index, number: pageNumber)) { index in
                let reference = site.pages[index].criteria.first { $0.number == number }
                let source = switch (reference?.fromFrontMatter ?? false, reference?.fromBody ?? false) {
                case (true, true): "front matter and text"
                case (true, false): "front matter"
                default: "text"
                }
                return [.source: .text(strings.format("referenced-in", ["page": source]))]
            })
            context[.criterion] = .map(values)
        case .criteriaIndex:
            let shown = WCAG22.all.filter { site.criterionPage($0.number) != nil }
            context[.principles] = .list(WCAG22.principles.compactMap { principle -> ContextMap? in
                let guidelines = principle.guidelines.compactMap { guideline -> ContextMap? in
                    let criteria = shown.filter { $0.guideline == guideline }
                    return criteria.isEmpty ? nil : [.name: .text(guideline), .criteria: .list(criteria.map(criterionValues))]
                }
                return guidelines.isEmpty ? nil : [.name: .text(principle.name), .anchor: .text(HeadingIDGenerator.slug(principle.name)),
                                                   .guidelines: .list(guidelines)]
            })
        case .coverage:
            let criteria = WCAG22.all.filter {
                !$0.obsolete && ($0.level == "A" || $0.level == "AA") && site.criterionPage($0.number) != nil
            }
            let missing = criteria.filter { (site.citing($0.number) ?? []).isEmpty }
            var coverage: ContextMap = [
                .total: .number(criteria.count),
                .covered: .number(criteria.count - missing.count),
                .sections: .list(site.sections.map { [.title: .text($0.title)] }),
                .rows: .list(criteria.map { criterion -> ContextMap in
                    var row = criterionValues(criterion)
                    let citing = site.citing(criterion.number) ?? []
                    row[.cells] = .list(site.sections.map { section -> ContextMap in
                        [.count: .number(citing.filter { site.pages[$0].section == section.name }.count)]
                    })
                    return row
                }),
            ]
            coverage[.lede] = .text(strings.format("coverage-lede", ["covered": String(criteria.count - missing.count), "total": String(criteria.count)]))
            if let path = SitePaths.coverageCSV(in: whole) {
                coverage[.csvHref] = .text(SiteRoot.marker + Route.percentEncode(path))
                let standards = site.config.standards.map { $0 == .en301549 ? "EN 301 549" : "Section 508" }.joined(separator: ", ")
                coverage[.csvNote] = .text(standards.isEmpty ? strings["coverage-csv-note"] : strings.format("coverage-csv-standards", ["standards": standards]))
            }
            if !missing.isEmpty {
                coverage[.missing] = .map([.items: .list(missing.map(criterionValues)), .count: .number(missing.count),
                                            .heading: .text(strings.format("no-guidance", ["count": String(missing.count)]))])
            }
            context[.coverage] = .map(coverage)
        case .categoryIndex:
            context[.categories] = Self.items(site.categories.map { category -> ContextMap in
                var item: ContextMap = [.title: .text(category.title), .href: .text(href(site.pages[category.page])),
                                        .count: .number(site.entries(of: category).count),
                                        .countText: .text(strings.count(site.entries(of: category).count, "entries"))]
                item[.description] = .text(ifAny: category.description)
                return item
            })
        case .search:
            addSearchValues(number: number, to: &context)
        case .support:
            addSupportMatrix(to: &context)
        case .basket:
            let entries = site.pages.lazy.filter { FeatureFile.isWritten(for: $0, in: site.config) }.count
            context[.basket] = .map([.platforms: .list(site.config.platforms.map { [.name: .text($0)] }),
                                      .scripts: .text(SiteRoot.marker + CriteriaBasket.scriptFolder),
                                      .scriptCount: .number(CriteriaBasket.scriptCount(entries: entries))])
        case .updates:
            context[.updates] = Self.items(recent(limit: nil).map { index in
                let other = site.pages[index]
                var item = link(other)
                if let section = site.section(of: other), other.kind == .entry { item[.section] = .text(section.title) }
                item[.updated] = dateValues(other.updated)
                return item
            })
        case .category:
            guard let slug = page.subject, let category = categoryBySlug[slug] else { return }
            let count = site.entries(of: category).count
            var values: ContextMap = [.title: .text(category.title), .count: .number(count),
                                      .countText: .text(strings.count(count, "entries")),
                                      .summary: .text(strings.format("category-summary", ["count": strings.count(count, "entries")])),
                                      .sections: .list(bySection(shownItems(of: index, number: number)))]
            values[.description] = .text(ifAny: category.description)
            // Its feed is written beside it whenever the site's is (`AtomFeed.feeds`).
            if shared.site[.feedHref] != nil { values[.feedHref] = .text(basePath + SitePaths.feed(of: page.route)) }
            context[.category] = .map(values)
        default:
            break
        }
    }
}

/// Values for the search page.
extension PageContextBuilder {
    func addSearchValues(number: Int, to context: inout ContextMap) {
        let pages = searchLetters().pages
        let (groups, letters) = letterValues(number: number)
        var search: ContextMap = [
            .indexHref: .text(basePath + SearchablePages.searchMetaPath),
            .scriptHref: .text(basePath + "assets/search.js"),
            .count: .number(pages.count),
            .countText: .text(strings.count(pages.count, "pages")),
            .summary: .text(strings.format("search-count", ["count": strings.count(pages.count, "pages")])),
            .groups: .list(groups),
        ]
        // The page's slice as one list too, for a theme's search layout written before letters.
        search[.entries] = .list(groups.flatMap { group -> [ContextMap] in
            if case .list(let entries)? = group[.entries] { return entries }
            return []
        })
        if !letters.isEmpty { search[.letters] = .map([.items: .list(letters), .label: .text(strings["letters-label"])]) }
        func options(_ pairs: [(value: String, title: String)]) -> ContextValue {
            .map([.options: .list(pairs.map { [.value: .text($0.value), .title: .text($0.title)] })])
        }
        if site.sections.count > 1 { search[.sectionFilter] = options(site.sections.map { ($0.name, $0.title) }) }
        if !site.categories.isEmpty { search[.categoryFilter] = options(site.categories.map { ($0.slug, $0.title) }) }
        let platforms = searchPlatforms()
        if !platforms.isEmpty { search[.platformFilter] = options(platforms.map { ($0, $0) }) }
        context[.search] = .map(search)
    }

    /// The platforms the searchable pages have sections for, made once.
    func searchPlatforms() -> [String] {
        let pages = searchLetters().pages
        return derived(.searchPlatforms) { SearchablePages.platformsPresent(in: pages, of: $0.whole) }
    }
}
