/// What a page's key reads of the page alone: what other pages show of it, what it holds
/// itself, and the platforms it names.
extension RenderPlan {
    /// What the keys read of each page alone: what other pages show of it (`summary`) and the
    /// platforms it names. Two sites linked from the same pages share them but at the pages that
    /// changed (a title edit on disk makes them once for the last site and the new one).
    struct PageFacts {
        var summaries: [Int]
        var platforms: [[Int]]

        init(site: Site) {
            let matcher = PlatformMatcher(names: site.config.platforms)
            let made = site.pages.concurrentMap { (RenderPlan.summary($0), Self.platforms(of: $0, matcher)) }
            (summaries, platforms) = (made.map(\.0), made.map(\.1))
        }

        /// These facts with those of the pages at `changed` made from `site`'s.
        func replacing(_ changed: some Sequence<Int>, from site: Site) -> PageFacts {
            var facts = self
            let matcher = PlatformMatcher(names: site.config.platforms)
            for index in changed {
                (facts.summaries[index], facts.platforms[index]) = (RenderPlan.summary(site.pages[index]), Self.platforms(of: site.pages[index], matcher))
            }
            return facts
        }

        /// The platforms a page names, in site.yml's order; none for a page search leaves out.
        static func platforms(of page: Page, _ matcher: PlatformMatcher) -> [Int] {
            SearchablePages.isSearchable(page) ? matcher.positions(in: page) : []
        }
    }

    /// What other pages show of a page.
    static func summary(_ page: Page) -> Int {
        var hasher = Hasher()
        hasher.combine(page.route)
        hasher.combine(page.title)
        hasher.combine(page.frontMatter.navigationTitle)
        hasher.combine(page.kind)
        hasher.combine(page.section)
        hasher.combine(page.frontMatter.description)
        hasher.combine(page.frontMatter.categories)
        hasher.combine(page.criteria)
        // Whether it has a test plan (`FeatureFile.isWritten`): lists mark it for the basket.
        hasher.combine(page.hasTests)
        hasher.combine(page.acceptanceSections.isEmpty)
        hasher.combine(page.frontMatter.layout)
        return hasher.finalize()
    }

    /// Everything the page holds that its own output shows.
    static func content(_ page: Page) -> Int {
        var hasher = Hasher()
        hasher.combine(page.sourcePath)
        // The front matter's hash, made when the page was (hashing it again was a third of
        // keying a site); a page read without its front matter's entries has none.
        if page.frontMatterKey != 0 { hasher.combine(page.frontMatterKey) } else { hasher.combine(page.frontMatter) }
        hasher.combine(page.criteria)
        // A body's identity stands for its HTML where known: the same in every process, and
        // known for the last build's pages on disk, which keep no HTML.
        if let identity = page.body.identity { hasher.combine(identity) } else { hasher.combine(page.body.htmlText) }
        hasher.combine(page.body.headings)
        hasher.combine(page.acceptanceSections)
        hasher.combine(page.updated)
        return hasher.finalize()
    }

    /// What links to a page show of its categories, from `details` (`categoryDetails`).
    static func links(of page: Page, details: [String: Int]) -> Int {
        var spellings: [String: Int] = [:]
        return links(of: page, details: details, spellings: &spellings)
    }

    /// Each page's `links(of:details:)`, each spelling's slug made once.
    static func links(of pages: [Page], details: [String: Int]) -> [Int] {
        var spellings: [String: Int] = [:]
        return pages.map { links(of: $0, details: details, spellings: &spellings) }
    }

    private static func links(of page: Page, details: [String: Int], spellings: inout [String: Int]) -> Int {
        let names = page.categoryNames
        guard !names.isEmpty else { return 0 }
        var hasher = Hasher()
        for name in names {
            if let detail = spellings[name] {
                hasher.combine(detail)
            } else {
                let detail = details[Slug.make(name)] ?? 0
                spellings[name] = detail
                hasher.combine(detail)
            }
        }
        return hasher.finalize()
    }
}
