/// Values of a multilingual site: the page in the other languages (the switcher and the head's
/// alternates), whether a translation lags its source, and the translations table.
extension PageContextBuilder {
    /// `index` and `number`: the page, and which of its numbered pages (the translations table's).
    func addLanguageValues(for page: Page, index: Int, number: Int, to context: inout ContextMap) {
        guard let languages = site.languages else { return }
        let positions = site.positions(having: index)
        if positions.count > 1 {
            // `x-default`: the default language's page, for readers whose language has none.
            context[.alternates] = .list(positions.map { position -> ContextMap in
                [.code: .text(languages.all[position].code), .href: .text(address(of: page, in: position, languages))]
            } + (positions.first == 0 ? [[.code: .text("x-default"), .href: .text(address(of: page, in: 0, languages))]] : []))
            context[.languages] = Self.items(positions.map { position -> ContextMap in
                let language = languages.all[position]
                var item: ContextMap = [.code: .text(language.code), .name: .text(language.name),
                                        .href: .text(page.route.href(basePath: SiteRoot.marker + languages.root(of: position)))]
                if position == languages.current { item[.current] = .flag(true) }
                if language.direction == .rtl { item[.rtl] = .flag(true) }
                return item
            })
        }
        if !languages.isDefault, page.language != nil, site.status(of: index) == .outdated {
            let source = languages.all[0]
            context[.translation] = .map([.outdated: .flag(true), .sourceCode: .text(source.code),
                                           .sourceHref: .text(page.route.href(basePath: SiteRoot.marker + languages.root(of: 0)))])
        }
        if page.kind == .translations { context[.translations] = .map(translationValues(languages, index: index, number: number)) }
    }

    /// The page's address in a language's site: absolute with site.yml's `url`, else relative.
    private func address(of page: Page, in position: Int, _ languages: SiteLanguages) -> String {
        SitePaths.absolute(site.config.basePath + languages.path(of: page.route, in: position), siteURL: site.config.url)
            ?? page.route.href(basePath: SiteRoot.marker + languages.root(of: position))
    }

    /// A row per page of the default language (those page `number` of the list at `index`
    /// shows), a column per other language: each translation's status, linked when it exists.
    /// The summary counts every row, whichever page shows it.
    private func translationValues(_ languages: SiteLanguages, index: Int, number: Int) -> ContextMap {
        let others = Array(languages.all.indices.dropFirst())
        let slice = translationSlice(index: index, number: number)
        let rows = slice.rows.map { shown -> ContextMap in
            let home = shown.code == languages.language.code ? languages.current : 0
            var row: ContextMap = [.title: .text(shown.title), .code: .text(shown.code),
                                   .href: .text(shown.route.href(basePath: SiteRoot.marker + languages.root(of: home)))]
            row[.cells] = .list(others.map { other -> ContextMap in
                let status = shown.statuses[languages.all[other].code]
                var cell: ContextMap = [.text: .text(strings[status == .current ? "status-current" : status == .outdated ? "status-outdated" : "status-missing"]),
                                        .status: .text(status?.rawValue ?? "missing")]
                if status != nil { cell[.link] = .text(shown.route.href(basePath: SiteRoot.marker + languages.root(of: other))) }
                return cell
            })
            return row
        }
        var values: ContextMap = [
            .languages: .list(others.map { [.name: .text(languages.all[$0].name), .code: .text(languages.all[$0].code)] }),
            .rows: .list(rows),
        ]
        if !languages.isDefault {
            values[.summary] = .text(strings.format("translations-summary", ["current": String(slice.count(.current)),
                                                                             "outdated": String(slice.count(.outdated)),
                                                                             "missing": String(slice.count(nil))]))
        }
        return values
    }

    /// The rows page `number` of the translations list at `index` shows, with the counts of
    /// every row: what one page of the table reads (a title edit moves one page's rows).
    func translationSlice(index: Int, number: Int) -> TranslationSlice {
        guard let languages = whole.languages else { return TranslationSlice() }
        let table = shared.memo("translation rows") { translationRows(languages) }
        let shown = shownItems(of: index, number: number)
        return derived(.translationSlice(index, number: number)) { _ in
            let rows = shown.compactMap { position -> TranslationSlice.Row? in
                guard table.shown.indices.contains(position), let row = table.shown[position] else { return nil }
                let source = languages.table.sources[position]
                return TranslationSlice.Row(title: row.title, code: row.code, route: source.route,
                                            statuses: languages.table.translations[source.key] ?? [:])
            }
            return TranslationSlice(rows: rows, counts: table.counts)
        }
    }

    /// The table's rows as this site shows them, made once for all its numbered pages (made for
    /// each, they were 5 ms a page at 10,000 entries, a hundred pages in each language): each
    /// source's title and language, nil where the site has no page for it, and the summary's
    /// counts of every row.
    func translationRows(_ languages: SiteLanguages) -> TranslationRows {
        var titles: [String: TranslationRows.Shown] = [:]
        for page in whole.pages where !page.contentPath.isEmpty && page.kind != .redirect {
            titles[page.translationKey] = TranslationRows.Shown(title: page.title, code: page.language ?? languages.all[0].code)
        }
        // The pages of this site (a subset's own), titled as the site shows them (a title
        // found in the body when the front matter has none). A home or section page the
        // language has made for itself stands at the source's address.
        var table = TranslationRows()
        table.shown = languages.table.sources.map { source in
            titles[source.key] ?? whole.pageIndex[source.route].map {
                TranslationRows.Shown(title: whole.pages[$0].title, code: languages.language.code)
            }
        }
        if !languages.isDefault {
            for (source, shown) in zip(languages.table.sources, table.shown) where shown != nil {
                table.counts[languages.table.translations[source.key]?[languages.language.code]?.rawValue ?? "missing", default: 0] += 1
            }
        }
        return table
    }

    /// A link to a page of another language's site says which.
    func otherLanguageValues(of page: Page) -> ContextValue? {
        guard page.route.isInOtherLanguage, let code = site.languages?.all.first?.code else { return nil }
        return .map([.code: .text(code)])
    }
}

/// The translations table's rows as a site shows them (`PageContextBuilder.translationRows`).
struct TranslationRows: Sendable {
    struct Shown: Sendable {
        var title: String
        var code: String
    }

    var shown: [Shown?] = []
    /// By status, `missing` for none.
    var counts: [String: Int] = [:]
}

/// The rows one page of the translations table shows, and the counts of every row.
struct TranslationSlice: Equatable, Encodable, Sendable {
    struct Row: Equatable, Encodable, Sendable {
        var title: String
        var code: String
        var route: Route
        /// Each other language's translation, by code.
        var statuses: [String: TranslationTable.Status]
    }

    var rows: [Row] = []
    /// By status, `missing` for none.
    var counts: [String: Int] = [:]

    func count(_ status: TranslationTable.Status?) -> Int { counts[status?.rawValue ?? "missing"] ?? 0 }
}
