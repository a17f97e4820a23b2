/// Values of the pages that list others: one numbered page of a long list (`Pagination`), the
/// search page's A to Z list by first letter, and the home page, which names each section's
/// entries only when they fit on one page and shows what changed last.
extension PageContextBuilder {
    /// The items of the list at `index` that page `number` shows, in the list's order: the list
    /// is made once, whichever of its pages asks first.
    func shownItems(of index: Int, number: Int) -> [Int] {
        let items = listItems(of: index)
        return Array(items[site.config.pagination.range(of: number, items: items.count)])
    }

    func listItems(of index: Int) -> [Int] {
        // The groups' order made once for every list (each list made it again: 3% of a build).
        let ranks = shared.memo("section ranks") { ListPages.sectionRanks(whole) }
        return derived(.list(index)) { ListPages.items(of: index, in: $0.whole, ranks: ranks) }
    }

    /// How many pages the page at `index` takes: more than one for a long list.
    func pageCount(of index: Int) -> Int {
        guard ListPages.isList(site.pages[index]) else { return 1 }
        return site.config.pagination.pageCount(items: listItems(of: index).count)
    }

    /// `pagination`: "Page 2 of 40", the previous and next pages, and links to the first, the
    /// last and the two pages each side of this one, with a gap where pages are left out.
    func paginationValues(for page: Page, number: Int, count: Int) -> ContextMap {
        let settings = site.config.pagination
        func href(_ other: Int) -> String { settings.route(of: page.route, number: other).href(basePath: basePath) }
        var values: ContextMap = [
            .number: .number(number), .count: .number(count),
            .summary: .text(strings.format("page-of", ["number": String(number), "count": String(count)])),
            .label: .text(strings.format("pagination-label", ["title": page.title])),
        ]
        if number > 1 { values[.previous] = .map([.href: .text(href(number - 1)), .label: .text(strings["previous-page"])]) }
        if number < count { values[.next] = .map([.href: .text(href(number + 1)), .label: .text(strings["next-page"])]) }
        let shown = Set([1, count] + Array(max(1, number - 2)...min(count, number + 2)))
        var links: [ContextMap] = []
        for other in shown.sorted() {
            if let last = links.last, case .number(let previous)? = last[.number], other > previous + 1 { links.append([.gap: .flag(true)]) }
            var link: ContextMap = [.number: .number(other), .href: .text(href(other)),
                                    .label: .text(strings.format("page-number", ["number": String(other)]))]
            if other == number { link[.current] = .flag(true) }
            links.append(link)
        }
        values[.pages] = .list(links)
        return values
    }

    /// Page `number` of a list: its own address for the canonical link (another language's list
    /// splits its own way, so no alternates), and the navigation between pages.
    func addPaginationValues(for index: Int, number: Int, to context: inout ContextMap) {
        let page = site.pages[index]
        let count = pageCount(of: index)
        guard count > 1 else { return }
        context[.pagination] = .map(paginationValues(for: page, number: number, count: count))
        guard number > 1 else { return }
        if case .map(var values)? = context[.page] {
            let path = sitePath(of: site.config.pagination.route(of: page.route, number: number))
            values[.canonical] = .text(ifAny: SitePaths.absolute(path, siteURL: site.config.url))
            context[.page] = .map(values)
        }
        context[.alternates] = nil
    }

    /// The search page's list: the page's slice of every searchable page A to Z, under a heading
    /// per first letter, and every letter with the page it starts on.
    func letterValues(number: Int) -> (groups: [ContextMap], letters: [ContextMap]) {
        let settings = site.config.pagination
        let list = searchLetters()
        let searchRoute = site.pages[site.search ?? site.home].route
        func name(_ letter: String) -> String { letter == "#" ? strings["letter-other"] : letter }
        let letters = list.runs.map { run -> ContextMap in
            let onPage = run.position / settings.size + 1
            return [.letter: .text(name(run.letter)),
                    .href: .text((onPage == number ? "" : settings.route(of: searchRoute, number: onPage).href(basePath: basePath)) + "#" + run.anchor)]
        }
        var groups: [ContextMap] = []
        var entries: [ContextMap] = []
        func close(_ run: Int) {
            guard !entries.isEmpty else { return }
            groups.append([.letter: .text(name(list.runs[run].letter)), .anchor: .text(list.runs[run].anchor), .entries: .list(entries)])
            entries = []
        }
        let shown = settings.range(of: number, items: list.pages.count)
        for position in shown {
            if position > shown.lowerBound, list.runOf[position] != list.runOf[position - 1] { close(list.runOf[position - 1]) }
            let page = site.pages[list.pages[position]]
            var item = link(page)
            if let section = site.section(of: page) { item[.section] = .text(section.title) }
            entries.append(item)
        }
        if let last = shown.last { close(list.runOf[last]) }
        return (groups, letters)
    }

    func searchLetters() -> SearchLetters {
        // The list first: the lock is not reentrant.
        let pages = listItems(of: site.search ?? site.home)
        return derived(.searchLetters) { SearchLetters(site: $0.whole, pages: pages) }
    }

    /// The letter a title is listed under: its first letter without accents, in capitals, or `#`
    /// for a digit or a sign.
    static func letter(of title: String) -> String {
        guard let first = SearchablePages.sortKey(title).first(where: { !$0.isWhitespace }), first.isLetter else { return "#" }
        return String(first).uppercased()
    }

    static func anchor(_ letter: String) -> String {
        if letter.utf8.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "#") }) { return letter.lowercased() }
        if letter == "#" { return "other" }
        return letter.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: "-")
    }

    /// The home page's sections, each with its entries when they fit on one page (else a link
    /// to the section saying how many it has), and the pages changed last.
    func addHomeValues(to context: inout ContextMap) {
        let size = site.config.pagination.size
        context[.sections] = .list(site.sections.map { section in
            let count = site.entryCount(of: section)
            var values = sectionValues(section, entries: count <= size ? site.entries(of: section) : nil)
            if count > size {
                values[.all] = .text(strings.format("section-all", ["count": strings.count(count, "entries"), "section": section.title]))
            }
            return values
        })
        let latest = recent(limit: Self.recentOnHome + 1).filter { $0 != site.home }.prefix(Self.recentOnHome)
        if !latest.isEmpty {
            context[.recent] = .map([.items: .list(latest.map { index in
                var item = link(site.pages[index])
                item[.updated] = dateValues(site.pages[index].updated)
                return item
            })])
        }
    }

    /// The pages changed last (`RecentPages`), made once.
    func recent(limit: Int?) -> [Int] {
        derived(.recent(limit: limit)) { builder in
            limit.map { RecentPages.latest(in: builder.whole, limit: $0) } ?? RecentPages.latest(in: builder.whole)
        }
    }

    /// How many of the pages changed last the home page shows.
    static let recentOnHome = 5
}

/// Every searchable page A to Z with the letter each is listed under, and where each letter
/// starts: made once per site, for all the search page's numbered pages.
struct SearchLetters: Sendable, Equatable, Encodable {
    struct Run: Sendable, Equatable, Encodable {
        let letter: String
        /// Where it starts in `pages`.
        let position: Int
        /// Its heading's id, unique even when a letter comes back (an accented capital sorts
        /// after `z`).
        let anchor: String
    }

    let pages: [Int]
    let runs: [Run]
    /// The run each page is in.
    let runOf: [Int]

    init(site: Site, pages: [Int]) {
        self.pages = pages
        let letters = pages.map { PageContextBuilder.letter(of: site.pages[$0].title) }
        var runs: [Run] = [], runOf: [Int] = [], seen: [String: Int] = [:]
        for (position, letter) in letters.enumerated() {
            if position == 0 || letter != letters[position - 1] {
                let times = seen[letter, default: 0] + 1
                seen[letter] = times
                let anchor = "letter-" + PageContextBuilder.anchor(letter) + (times > 1 ? "-\(times)" : "")
                runs.append(Run(letter: letter, position: position, anchor: anchor))
            }
            runOf.append(runs.count - 1)
        }
        (self.runs, self.runOf) = (runs, runOf)
    }
}
