import Foundation

/// An entry's support results (`support:`): a row per assistive technology it was tested with,
/// each result in words, old ones (`support-stale-after:` months) saying so.
extension PageContextBuilder {
    func supportValues(for page: Page) -> ContextValue? {
        let rows = SupportResults.rows(of: page, config: site.config)
        guard !rows.isEmpty else { return nil }
        let months = site.config.supportStaleAfter
        let items = zip(rows, supportAnchors(rows)).map { row, anchor -> ContextMap in
            var item: ContextMap = [
                .name: .text(row.technology), .anchor: .text(anchor),
                .status: .text(row.status), .text: .text(strings["result-" + row.status]),
            ]
            item[.version] = .text(ifAny: row.version)
            item[.platform] = .text(ifAny: row.platform)
            item[.browser] = .text(ifAny: row.browser)
            item[.notes] = .text(ifAny: row.notes)
            if row.notes != nil, let language = page.frontMatter.entries[SupportResults.languageKey]?.value.text { item[.notesLanguage] = .text(language) }
            item[.date] = .text(ifAny: row.date)
            if row.isStale(today: today, months: months) {
                item[.stale] = .text(strings.format("support-stale", ["period": strings.count(months, "months")]))
            }
            if let video = row.video, !video.isEmpty {
                // An address as written; a path from the site's root (`/media/…`) or beside the entry, made relative to the page.
                // A translation's files are at its source's places (`SelectPages.assets`), a `de/` folder's too.
                let folder = page.translationKey.split(separator: "/").dropLast().joined(separator: "/")
                let href = video.contains("://") ? video
                    : SiteRoot.marker + Route.percentEncode(video.hasPrefix("/") ? String(video.drop { $0 == "/" }) : folder.isEmpty ? video : folder + "/" + video)
                item[.video] = .map([.href: .text(href), .label: .text(strings.format("support-video", ["technology": row.technology]))])
            }
            return item
        }
        return .map([.caption: .text(strings.format("support-caption", ["title": page.title])), .rows: .list(items)])
    }
}

/// The support matrix (`/support/`): entries by assistive technology.
extension PageContextBuilder {
    func addSupportMatrix(to context: inout ContextMap) {
        let tested = site.pages.indices.compactMap { index -> (Int, [SupportResult])? in
            let rows = SupportResults.rows(of: site.pages[index], config: site.config)
            return rows.isEmpty || site.pages[index].route.isInOtherLanguage ? nil : (index, rows)
        }.sorted { (site.pages[$0.0].title.lowercased(), site.pages[$0.0].route) < (site.pages[$1.0].title.lowercased(), site.pages[$1.0].route) }
        let names = Set(tested.flatMap { $0.1.map(\.technology) })
        let technologies = SupportResults.technologies.filter(names.contains) + names.subtracting(SupportResults.technologies).sorted()
        let platforms = Set(tested.flatMap { $0.1.compactMap(\.platform) }).sorted { ($0.lowercased(), $0) < ($1.lowercased(), $1) }
        let months = site.config.supportStaleAfter
        func slug(_ text: String) -> String { HeadingIDGenerator.slug(text) }
        let columns = technologies.map { name -> ContextMap in
            let results = tested.flatMap { $0.1.filter { $0.technology == name } }
            let counts = SupportResult.Outcome.allCases.compactMap { outcome -> String? in
                let count = results.filter { $0.outcome == outcome }.count
                return count == 0 ? nil : "\(count) " + strings["result-" + outcome.rawValue.replacingOccurrences(of: " ", with: "-")].lowercased()
            }
            return [.name: .text(name), .anchor: .text("at-" + slug(name)), .summary: .text(counts.joined(separator: ", "))]
        }
        let rows = tested.map { index, results -> ContextMap in
            let page = site.pages[index]
            let anchors = supportAnchors(results)
            let cells = technologies.map { name -> ContextMap in
                let items = zip(results, anchors).filter { $0.0.technology == name }.map { result, anchor -> ContextMap in
                    var item: ContextMap = [.status: .text(result.status), .text: .text(strings["result-" + result.status]), .href: .text(href(page) + "#" + anchor)]
                    item[.platform] = .text(ifAny: result.platform)
                    if result.isStale(today: today, months: months) {
                        item[.stale] = .text(strings.format("support-stale", ["period": strings.count(months, "months")]))
                    }
                    return item
                }
                var cell: ContextMap = [.name: .text(name), .anchor: .text("at-" + slug(name))]
                if !items.isEmpty { cell[.items] = .list(items) }
                return cell
            }
            return [.title: .text(page.title), .href: .text(href(page)), .cells: .list(cells),
                    .platforms: .text(Set(results.compactMap { $0.platform?.lowercased() }).sorted().joined(separator: " "))]
        }
        var matrix: ContextMap = [
            .caption: .text(strings.format("support-matrix-caption", ["entries": strings.count(rows.count, "entries"), "technologies": strings.count(columns.count, "technologies")])),
            .technologies: .list(columns), .rows: .list(rows),
            .scriptHref: .text(basePath + "assets/support.js"),
            .csvHref: .text(SiteRoot.marker + SitePaths.supportCSV), .jsonHref: .text(SiteRoot.marker + SitePaths.supportJSON),
        ]
        if platforms.count > 1 { matrix[.platformFilter] = .map([.options: .list(platforms.map { [.value: .text($0.lowercased()), .title: .text($0)] })]) }
        if technologies.count > 1 { matrix[.technologyFilter] = .map([.options: .list(technologies.map { [.value: .text("at-" + slug($0)), .title: .text($0)] })]) }
        context[.matrix] = .map(matrix)
    }

    /// Each result's row id on its entry's page, as `supportValues` gives them.
    func supportAnchors(_ rows: [SupportResult]) -> [String] {
        var anchors = Set<String>()
        return rows.map { row in
            var anchor = "support-" + HeadingIDGenerator.slug([row.technology, row.platform ?? ""].joined(separator: " "))
            while !anchors.insert(anchor).inserted { anchor += "-2" }
            return anchor
        }
    }
}
