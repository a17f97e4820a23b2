/// Values for the shapes of libraries written for other generators: criteria grouped by
/// principle, front matter values of a shape GuideSite does not read, and redirects.
extension PageContextBuilder {
    func addLibraryValues(for page: Page, to values: inout ContextMap) {
        let matter = page.frontMatter
        // An article's byline: its date as `<time>`, and who wrote it.
        let published = matter.date.flatMap(CommitDate.init(frontMatter:))
        if published != nil || !matter.authors.isEmpty {
            var byline: ContextMap = [:]
            byline[.published] = dateValues(published)
            if !matter.authors.isEmpty { byline[.authors] = .text(matter.authors.joined(separator: ", ")) }
            values[.byline] = .map(byline)
        }
        let groups = matter.criteriaGroups.filter { !$0.checks.isEmpty }
        if !groups.isEmpty {
            values[.checks] = Self.items(groups.map { group in
                [.name: .text(group.name), .checks: .list(group.checks.map { [.text: .text($0.text)] })]
            })
        }
        // Kept visible as written: the author's words are not lost to a shape GuideSite does not know.
        let unread = matter.entries.filter { entry in
            matter.unreadKeys.contains(entry.key) || (entry.key.hasPrefix("gherkin-") && !Self.isStepList(entry.value))
        }
        if !unread.isEmpty {
            values[.unread] = Self.items(unread.map { [.key: .text($0.key), .value: .text(TestingTables.writtenText($0.value))] })
        }
    }

    /// The page a redirect leads to, for the layout's link and the head's refresh and canonical.
    func addRedirect(for page: Page, to context: inout ContextMap) {
        guard let target = site.pages.first(where: { $0.kind != .redirect && $0.route.path == page.subject }) else { return }
        let canonical = SitePaths.absolute(target.route.href(basePath: site.config.basePath), siteURL: site.config.url)
        context[.redirect] = .map([.href: .text(href(target)), .canonical: .text(canonical ?? href(target)), .title: .text(target.title)])
    }

    static func isStepList(_ value: FrontValue) -> Bool {
        guard case .list(let items) = value else { return false }
        return items.allSatisfy { if case .map = $0 { true } else { false } }
    }
}
